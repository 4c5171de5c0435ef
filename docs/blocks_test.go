package docs

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// block is one fenced block of a Markdown document.
type block struct {
	doc    string // path of the document, for messages
	line   int    // line of the opening fence, 1-based
	lang   string // first word of the info string
	flags  map[string]bool
	attrs  map[string]string
	text   string // the content, the fence's indentation removed
	indent string
	// first and end are the lines of the content: [first, end), 0-based.
	first, end int
}

func (b *block) String() string { return fmt.Sprintf("%s:%d", b.doc, b.line) }

// langs are the info strings a block may start with.
var langs = map[string]bool{
	"tspec": true, "console": true, "go": true, "js": true,
	"json": true, "yaml": true, "sh": true, "text": true, "jsonrpc": true,
	"ebnf": true,               // the grammar, generated (lang/parser)
	"lua":  true, "toml": true, // editor settings, shown
}

var fence = regexp.MustCompile("^( *)```(.*)$")

// parseBlocks reads the fenced blocks of a document.
func parseBlocks(doc string, src string) ([]*block, error) {
	lines := strings.Split(src, "\n")
	var blocks []*block
	var cur *block
	for i, l := range lines {
		m := fence.FindStringSubmatch(l)
		if cur == nil {
			if m == nil {
				continue
			}
			cur = &block{doc: doc, line: i + 1, indent: m[1], first: i + 1, flags: map[string]bool{}, attrs: map[string]string{}}
			words := strings.Fields(m[2])
			if len(words) > 0 {
				cur.lang = words[0]
				for _, w := range words[1:] {
					if k, v, ok := strings.Cut(w, "="); ok {
						cur.attrs[k] = v
					} else {
						cur.flags[w] = true
					}
				}
			}
			continue
		}
		if m != nil && m[1] == cur.indent && strings.TrimSpace(m[2]) == "" {
			cur.end = i
			var text strings.Builder
			for _, c := range lines[cur.first:cur.end] {
				text.WriteString(strings.TrimPrefix(c, cur.indent))
				text.WriteByte('\n')
			}
			cur.text = text.String()
			blocks = append(blocks, cur)
			cur = nil
		}
	}
	if cur != nil {
		return nil, fmt.Errorf("%s: fence never closed", cur)
	}
	return blocks, nil
}

// document is one Markdown file and its blocks.
type document struct {
	path   string
	src    string
	blocks []*block
}

// documents reads README.md and docs/*.md.
func documents(t *testing.T) []*document {
	t.Helper()
	paths, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	paths = append([]string{"../README.md"}, paths...)
	var docs []*document
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := parseBlocks(p, string(src))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, &document{path: p, src: string(src), blocks: blocks})
	}
	return docs
}

// TestBlocksSayWhatTheyAre: a block without a known info string could be
// a spec or an output nobody checks.
func TestBlocksSayWhatTheyAre(t *testing.T) {
	for _, d := range documents(t) {
		for _, b := range d.blocks {
			if !langs[b.lang] {
				t.Errorf("%s: info string %q: want one of tspec, console, jsonrpc, go, js, json, yaml, sh, text (see doc.go)", b, b.lang)
			}
		}
	}
}

func TestParseBlocks(t *testing.T) {
	src := "a\n```tspec fragment file=x.tspec\nspec x\n```\n  ```console\n  $ toolspec\n  ```\n"
	blocks, err := parseBlocks("t.md", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 2 {
		t.Fatalf("got %d blocks, want 2", len(blocks))
	}
	b := blocks[0]
	if b.lang != "tspec" || !b.flags["fragment"] || b.attrs["file"] != "x.tspec" || b.text != "spec x\n" || b.line != 2 {
		t.Errorf("first block: %+v", b)
	}
	if blocks[1].text != "$ toolspec\n" {
		t.Errorf("indented block text %q", blocks[1].text)
	}
}
