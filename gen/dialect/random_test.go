package dialect

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/lang/clients"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// The soundness law over random specs: `make test` runs a fixed seed with
// at least minInstances spec-valid instances, each checked against every
// family's dialect; `make soak-dialects` runs more, with a random seed.
var (
	soakInstances = flag.Int("soak.instances", 0, "spec-valid instances for TestSoundnessRandom (0: the fixed run)")
	soakSeed      = flag.Uint64("soak.seed", 0, "seed for TestSoundnessRandom (0: fixed, or random with -soak.instances)")
)

const (
	minInstances = 10000 // per family, per run
	randomSpecs  = 3
)

// TestSoundnessRandom: for random specs (tuples, nullable enums, maps,
// nested and open objects, any rows, bounds, formats, patterns, unique
// arrays) and random instances, every instance the standard table accepts
// (santhosh-tekuri/jsonschema, 2020-12) is accepted by every family's
// dialect table as the family's client sends it (Denormalize) and read in
// the family's draft; and Normalize gives the server back an instance the
// spec accepts.
func TestSoundnessRandom(t *testing.T) {
	want := minInstances
	if testing.Short() {
		want = minInstances / 10
	}
	seed := uint64(22)
	if *soakInstances > 0 {
		want = *soakInstances
		seed = rand.Uint64()
	}
	if *soakSeed != 0 {
		seed = *soakSeed
	}
	t.Logf("seed %d (rerun with -soak.seed %d)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, 0x7531))
	type toolCheck struct {
		tool    *model.Tool
		spec    *validate.Schema
		dialect map[string]*validate.Schema
		// The output schemas, for the tools with `out`: the spec's, and
		// each family's that lowers outputs, read as plain JSON Schema
		// (the MCP client validates structuredContent with one).
		outSpec    *validate.Schema
		outDialect map[string]*validate.Schema
	}
	var tools []toolCheck
	for i := range randomSpecs {
		src := randomSpec(rng, fmt.Sprintf("random%d", i), 40)
		r := compile.Source("random.tspec", []byte(src))
		if r.Catalog == nil {
			t.Fatalf("a random spec does not compile:\n%v\n%s", r.Diags, src)
		}
		for _, tool := range r.Catalog.Tools {
			spec, err := validate.Compile(schema.Input(tool), validate.Draft2020)
			if err != nil {
				t.Fatal(err)
			}
			c := toolCheck{tool: tool, spec: spec, dialect: map[string]*validate.Schema{}}
			for _, fam := range clients.Names() {
				s, err := validate.Compile(asJSONSchema(fam, InputSchema(tool, fam)), draftOf(fam))
				if err != nil {
					t.Fatalf("%s %s: the dialect schema does not compile: %v", fam, tool.Name, err)
				}
				c.dialect[fam] = s
			}
			if tool.Output != nil {
				c.outSpec, err = validate.Compile(schema.Output(tool), validate.Draft2020)
				if err != nil {
					t.Fatal(err)
				}
				c.outDialect = map[string]*validate.Schema{}
				for _, fam := range outputFamilies() {
					s, err := validate.Compile(OutputSchema(tool, fam), validate.Draft2020)
					if err != nil {
						t.Fatalf("%s %s: the dialect output schema does not compile: %v", fam, tool.Name, err)
					}
					c.outDialect[fam] = s
				}
			}
			tools = append(tools, c)
		}
	}
	valid, tried, outValid := 0, 0, 0
	refused, outRefused := map[string]int{}, map[string]int{}
	reported := map[string]bool{}
	for valid < want && tried < 50*want {
		tried++
		c := tools[rng.IntN(len(tools))]
		v := randomValue(rng, c.tool.Input, 0)
		if f, err := c.spec.Validate([]byte(v)); err != nil || f != nil {
			continue
		}
		valid++
		for _, fam := range clients.Names() {
			sent := Denormalize(fam, c.tool.Input, []byte(v))
			if f, err := c.dialect[fam].Validate(sent); err != nil || f != nil {
				refused[fam]++
				if key := fam + c.tool.Name; !reported[key] {
					reported[key] = true
					t.Errorf("%s refuses a valid call of %s: %s: %v %v\nspec %s\ndialect %s", fam, c.tool.Name, sent, f, err, schema.Input(c.tool), InputSchema(c.tool, fam))
				}
			}
			back := Normalize(fam, c.tool.Input, sent)
			if f, err := c.spec.Validate(back); err != nil || f != nil && !onlyUnique(f) {
				t.Errorf("%s: the normalised call %s of %s is refused by the spec: %v %v", fam, back, c.tool.Name, f, err)
			}
		}
		if c.outSpec == nil {
			continue
		}
		// A result as the server sends it: the spec's shapes, unchanged.
		out := randomValue(rng, c.tool.Output, 0)
		if f, err := c.outSpec.Validate([]byte(out)); err != nil || f != nil {
			continue
		}
		outValid++
		for fam, s := range c.outDialect {
			if f, err := s.Validate([]byte(out)); err != nil || f != nil {
				outRefused[fam]++
				if key := "out" + fam + c.tool.Name; !reported[key] {
					reported[key] = true
					t.Errorf("%s refuses a valid result of %s: %s: %v %v\nspec %s\ndialect %s", fam, c.tool.Name, out, f, err, schema.Output(c.tool), OutputSchema(c.tool, fam))
				}
			}
		}
	}
	t.Logf("%d tools in %d random specs; %d instances tried, %d spec-valid, each checked against %d families; refused: %v", len(tools), randomSpecs, tried, valid, len(clients.Names()), refused)
	t.Logf("%d spec-valid results, each checked against the output schemas of %v; refused: %v", outValid, outputFamilies(), outRefused)
	if valid < want {
		t.Errorf("only %d spec-valid instances of %d tried, want %d", valid, tried, want)
	}
	if outValid < want/4 {
		t.Errorf("only %d spec-valid results, want %d", outValid, want/4)
	}
}

// randomSpec writes a spec of n tools with random rows.
func randomSpec(rng *rand.Rand, name string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "spec %s\n", name)
	for i := range n {
		fmt.Fprintf(&b, "\ntool t%d {\n  description \"Tool %d\"\n  in {\n", i, i)
		rows := 1 + rng.IntN(6)
		for j := range rows {
			kind, mods := randomKind(rng, 0)
			fmt.Fprintf(&b, "    %s  %s  %s%s%s  \"Row %d\"\n", rowName(rng, j), kind, presence(rng), mods, rowNullable(rng), j)
		}
		b.WriteString("  }\n")
		if rng.IntN(2) == 0 {
			// An output of the same rows: the law holds for outputs too.
			b.WriteString("  out {\n")
			for j := range 1 + rng.IntN(5) {
				kind, mods := randomKind(rng, 0)
				fmt.Fprintf(&b, "    o%d  %s  %s%s%s  \"Out %d\"\n", j, kind, presence(rng), mods, rowNullable(rng), j)
			}
			b.WriteString("  }\n}\n")
		} else {
			b.WriteString("  result text\n}\n")
		}
	}
	return b.String()
}

// rowName is r<j>, or now and then a key Gemini or Anthropic refuses,
// which their dialects rename.
func rowName(rng *rand.Rand, j int) string {
	if rng.IntN(6) > 0 {
		return fmt.Sprintf("r%d", j)
	}
	return fmt.Sprintf(pick(rng, `"r%d-x"`, `"%d.r"`, `"r %d"`, `"$r%d"`), j)
}

func presence(rng *rand.Rand) string {
	if rng.IntN(2) == 0 {
		return "required"
	}
	return "optional"
}

func rowNullable(rng *rand.Rand) string {
	if rng.IntN(4) == 0 {
		return "  nullable"
	}
	return ""
}

// randomKind is a kind and its modifiers (a row writes them after its
// presence, an element right after the kind); depth bounds the nesting.
func randomKind(rng *rand.Rand, depth int) (kind, mods string) {
	n := 12
	if depth >= 3 {
		n = 6 // scalars only
	}
	switch rng.IntN(n) {
	case 0:
		return "string", pick(rng, "", "", " 1..8", " ..5", " 2..2", ` pattern "^[a-z]*$"`, " format date-time", " format email", " format uuid", " format uri")
	case 1:
		return "integer", pick(rng, "", " 0..100", " -5..5", " above 0", " below 10", " multiple_of 3", " 1..50 multiple_of 5", " above -3 below 3")
	case 2:
		return "number", pick(rng, "", " 0..1", " above 0", " multiple_of 0.25", " -10..10 below 5", " multiple_of 2")
	case 3:
		return "boolean", ""
	case 4:
		return pick(rng, "enum(calm, busy)", "enum(a, b, c)", "enum(1, 2, 3)", "enum(10, 20)"), ""
	case 5:
		return "any", ""
	case 6, 7:
		return "array<" + elem(rng, depth) + ">", pick(rng, "", " 1..3", " ..2", " 5..52", " 2..2") + pick(rng, "", "", " unique")
	case 8:
		items := make([]string, 1+rng.IntN(3))
		for i := range items {
			items[i] = elem(rng, depth)
		}
		return "tuple<" + strings.Join(items, ", ") + ">", ""
	case 9:
		return "map<" + elem(rng, depth) + ">", pick(rng, "", " ..3", " 1..")
	default:
		var b strings.Builder
		b.WriteString("object {\n")
		ind := strings.Repeat("  ", depth+3)
		for j := range 1 + rng.IntN(3) {
			kind, mods := randomKind(rng, depth+1)
			fmt.Fprintf(&b, "%sf%d  %s  %s%s%s\n", ind, j, kind, presence(rng), mods, rowNullable(rng))
		}
		b.WriteString(strings.Repeat("  ", depth+2) + "}")
		if rng.IntN(4) == 0 {
			return b.String(), " open"
		}
		return b.String(), ""
	}
}

// elem is an element kind with its modifiers, inside <...>.
func elem(rng *rand.Rand, depth int) string {
	kind, mods := randomKind(rng, depth+1)
	return kind + mods + elemNullable(rng)
}

func elemNullable(rng *rand.Rand) string {
	if rng.IntN(5) == 0 {
		return " nullable"
	}
	return ""
}

func pick(rng *rand.Rand, s ...string) string { return s[rng.IntN(len(s))] }

// randomValue is a random JSON value for t, mostly valid: it keeps to the
// bounds, enums, formats and patterns the generator writes, and sometimes
// leaves them (the standard table then decides).
func randomValue(rng *rand.Rand, t *model.Type, depth int) string {
	if t.Nullable && rng.IntN(6) == 0 {
		return "null"
	}
	switch t.Kind {
	case model.String:
		return strconv.Quote(randomString(rng, t))
	case model.Integer, model.Number:
		return randomNumber(rng, t)
	case model.Boolean:
		return pick(rng, "true", "false")
	case model.Enum:
		return t.Enum[rng.IntN(len(t.Enum))].JSON()
	case model.Any:
		return randomAny(rng, depth)
	case model.Array:
		lo, hi := bounds(t, 0, 4)
		n := lo + rng.IntN(hi-lo+1)
		seen := map[string]bool{}
		var items []string
		for range 3 * n {
			if len(items) == n {
				break
			}
			v := randomValue(rng, t.Elem, depth+1)
			if t.Unique && seen[v] {
				continue
			}
			seen[v] = true
			items = append(items, v)
		}
		return "[" + strings.Join(items, ",") + "]"
	case model.Tuple:
		items := make([]string, len(t.Items))
		for i, it := range t.Items {
			items[i] = randomValue(rng, it, depth+1)
		}
		return "[" + strings.Join(items, ",") + "]"
	case model.Map:
		lo, hi := bounds(t, 0, 3)
		n := lo + rng.IntN(hi-lo+1)
		var fs []string
		for i := range n {
			fs = append(fs, fmt.Sprintf("%q:%s", pick(rng, "k", "x", "__proto__", "a b")+strconv.Itoa(i), randomValue(rng, t.Elem, depth+1)))
		}
		return "{" + strings.Join(fs, ",") + "}"
	case model.Object:
		var fs []string
		for _, f := range t.Fields {
			if !f.Required && rng.IntN(3) == 0 {
				continue
			}
			fs = append(fs, fmt.Sprintf("%q:%s", f.Name, randomValue(rng, f.Type, depth+1)))
		}
		if t.Open && rng.IntN(3) == 0 {
			fs = append(fs, `"extra":`+randomAny(rng, depth+1))
		}
		return "{" + strings.Join(fs, ",") + "}"
	}
	return "null"
}

// bounds is t's count range, with defaults.
func bounds(t *model.Type, lo, hi int) (int, int) {
	if t.Min != nil {
		lo, _ = strconv.Atoi(t.Min.String())
	}
	if t.Max != nil {
		hi, _ = strconv.Atoi(t.Max.String())
	}
	if hi < lo {
		hi = lo + 2
	}
	return lo, hi
}

func randomString(rng *rand.Rand, t *model.Type) string {
	switch t.Format {
	case "date-time":
		return pick(rng, "2026-12-02T04:15:07Z", "1999-01-01T00:00:00+02:00")
	case "email":
		return pick(rng, "a@example.com", "x.y@b.org")
	case "uuid":
		return "123e4567-e89b-12d3-a456-426614174000"
	case "uri":
		return pick(rng, "https://example.com/a?b=c", "urn:isbn:0451450523")
	}
	lo, hi := bounds(t, 0, 10)
	n := lo + rng.IntN(hi-lo+1)
	var b strings.Builder
	for range n {
		if t.Pattern != nil {
			b.WriteByte(byte('a' + rng.IntN(26)))
		} else {
			b.WriteString(pick(rng, "a", "Z", "5", " ", "é", "\"", "{", "null", "-"))
		}
	}
	return b.String()
}

func randomNumber(rng *rand.Rand, t *model.Type) string {
	f := func(n *model.Num, def float64) float64 {
		if n == nil {
			return def
		}
		x, _ := n.Float64()
		return x
	}
	lo, hi := f(t.Min, -100), f(t.Max, 100)
	lo, hi = max(lo, f(t.ExclusiveMin, lo-1)+0.5), min(hi, f(t.ExclusiveMax, hi+1)-0.5)
	step := f(t.MultipleOf, 1)
	if t.Kind == model.Number && t.MultipleOf == nil && rng.IntN(2) == 0 {
		step = 0.125
	}
	k0, k1 := int(lo/step)-1, int(hi/step)+1
	x := float64(k0+rng.IntN(k1-k0+1)) * step
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// randomAny is any JSON value, strings that read as JSON text among them.
func randomAny(rng *rand.Rand, depth int) string {
	n := 9
	if depth > 3 {
		n = 6
	}
	switch rng.IntN(n) {
	case 0:
		return "null"
	case 1:
		return pick(rng, "true", "false")
	case 2:
		return pick(rng, "0", "-1", "2.5", "1e3", "12345678901234567890")
	case 3:
		return pick(rng, `"a string"`, `""`, `"5"`, `"true"`, `"null"`, `"{\"a\":1}"`, `"[1,2]"`, `" 7 "`)
	case 4, 5:
		return strconv.Quote(randomString(rng, &model.Type{Kind: model.String}))
	case 6:
		var items []string
		for range rng.IntN(3) {
			items = append(items, randomAny(rng, depth+1))
		}
		return "[" + strings.Join(items, ",") + "]"
	default:
		var fs []string
		for i := range rng.IntN(3) {
			fs = append(fs, fmt.Sprintf(`"k%d":%s`, i, randomAny(rng, depth+1)))
		}
		return "{" + strings.Join(fs, ",") + "}"
	}
}

// TestRandomSpecHolds: the random specs hold what the law needs (tuples,
// nullable enums, maps, open objects, any rows, unique arrays), so a
// change to the generator cannot make the law vacuous.
func TestRandomSpecHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 0x7531))
	var all bytes.Buffer
	for i := range randomSpecs {
		all.WriteString(randomSpec(rng, fmt.Sprintf("random%d", i), 40))
	}
	for _, want := range []string{"out {", `-x"`, "tuple<", "enum(calm, busy)  required  nullable", "map<", " open  \"Row", "open\n", "any", "unique", "object {", "nullable>"} {
		if !bytes.Contains(all.Bytes(), []byte(want)) {
			t.Errorf("the random specs have no %q", want)
		}
	}
}
