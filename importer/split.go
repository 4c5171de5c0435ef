package importer

import (
	"fmt"
	"strings"

	"github.com/toolspec/toolspec/openapi"
)

// Part is one spec of a split import: the tools of the operations whose
// first tag is Tag, or a run of them when one spec would be over the cap.
type Part struct {
	// Name is the part's name (partName: its tag lower case, every run
	// of characters other than letters, digits and _ written _;
	// "untagged" for operations without a tag), then _2, _3, … when two
	// tags read alike or one tag needs several specs. The spec is named
	// SPEC_NAME, and `import --split DIR` writes it to DIR/NAME.tspec.
	Name  string
	Tag   string
	Spec  []byte
	Tools int
}

// Split is the result of OpenAPISplit.
type Split struct {
	Parts    []Part
	Warnings []Warning
	// Tools is the number of tools written, in all parts.
	Tools int
}

// untagged names the part of the operations without a tag.
const untagged = "untagged"

// OpenAPISplit writes the tools OpenAPI would write as one spec per tag
// (an operation's first tag; parts in the order their tags first occur),
// each at most limit bytes: a tag whose spec would be larger is cut into
// runs of its operations, in document order, each under the cap. It
// fails when a single tool is over the cap.
func OpenAPISplit(doc *openapi.Doc, opts Options, limit int) (*Split, error) {
	im, tools, tags, err := selectTools(doc, opts)
	if err != nil {
		return nil, err
	}
	type group struct {
		tag   string
		tools []*tool
	}
	var groups []*group
	byTag := map[string]*group{}
	for i, t := range tools {
		tag := ""
		if len(tags[i]) > 0 {
			tag = tags[i][0]
		}
		g := byTag[tag]
		if g == nil {
			g = &group{tag: tag}
			byTag[tag] = g
			groups = append(groups, g)
		}
		g.tools = append(g.tools, t)
	}
	base := specNameOf(doc, opts)
	res := &Split{Tools: len(tools)}
	taken := map[string]bool{}
	unique := func(name string) string {
		n := name
		for i := 2; taken[n]; i++ {
			n = fmt.Sprintf("%s_%d", name, i)
		}
		taken[n] = true
		return n
	}
	for _, g := range groups {
		name := partName(g.tag)
		runs, err := fit(base+"_"+name, g.tools, limit-nameMargin, im)
		if err != nil {
			return nil, err
		}
		for _, r := range runs {
			final := unique(name)
			if final != name {
				// Another tag read alike, or the tag's first run took the
				// name: the spec names this part.
				if r.spec, err = finish(base+"_"+final, "", r.tools, im.warnAt); err != nil {
					return nil, err
				}
			}
			res.Parts = append(res.Parts, Part{Name: final, Tag: g.tag, Spec: r.spec, Tools: len(r.tools)})
		}
	}
	res.Warnings = im.res.Warnings
	return res, nil
}

// nameMargin is room for the _N a part's spec name may get after its size
// was measured.
const nameMargin = 16

// run is a spec of consecutive tools of one tag.
type run struct {
	tools []*tool
	spec  []byte
}

// fit writes tools as one spec, or, when that is over limit, the two
// halves, each fitted in turn: runs in document order, each under limit.
func fit(name string, tools []*tool, limit int, im *oaImporter) ([]run, error) {
	spec, err := finish(name, "", tools, im.warnAt)
	if err != nil {
		return nil, err
	}
	if len(spec) <= limit {
		return []run{{tools, spec}}, nil
	}
	if len(tools) == 1 {
		return nil, fmt.Errorf("tool %s alone is a %.1f MiB spec, over the %.1f MiB a part may be: import it with x-mcp-* keys that leave out its largest rows", tools[0].name, float64(len(spec))/(1<<20), float64(limit+nameMargin)/(1<<20))
	}
	half := len(tools) / 2
	left, err := fit(name, tools[:half], limit, im)
	if err != nil {
		return nil, err
	}
	right, err := fit(name, tools[half:], limit, im)
	if err != nil {
		return nil, err
	}
	return append(left, right...), nil
}

// partName is the name of a tag's part: lower case, every run of
// characters other than letters, digits and _ written _.
func partName(tag string) string {
	s := strings.Trim(nonName.ReplaceAllString(strings.ToLower(strings.ReplaceAll(tag, "-", "_")), "_"), "_")
	if tag == "" || s == "" {
		return untagged
	}
	return s
}
