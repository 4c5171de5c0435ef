package message

import (
	"fmt"
	"strings"
)

// MaxQuote is the most characters (code points) of one input string or
// key a message quotes; a longer one is cut there and followed by "...".
const MaxQuote = 64

// A Message is one kind of problem: the JSON Schema keyword it names
// ("" for the words that put problems together) and its text, whose
// holes are filled in order: %s with a value or a schema's bound as shown
// (see the package doc), %d with a count. One, when set, is the text when
// the first hole is the count 1 (1 item, not 1 items).
type Message struct {
	Name    string // the Go runtime's tsMsg<Name>, gen-js's tsMsg<Name>
	Keyword string
	Text    string
	One     string
}

// Catalogue is every message, in the order the validators check.
var Catalogue = []Message{
	{"Type", "type", "got %s, want %s", ""},
	{"Enum", "enum", "%s is not one of the allowed values", ""},
	{"Minimum", "minimum", "%s is less than %s", ""},
	{"Maximum", "maximum", "%s is greater than %s", ""},
	{"ExclusiveMinimum", "exclusiveMinimum", "%s is not greater than %s", ""},
	{"ExclusiveMaximum", "exclusiveMaximum", "%s is not less than %s", ""},
	{"MultipleOf", "multipleOf", "%s is not a multiple of %s", ""},
	{"MinLength", "minLength", "length %d is less than %s", ""},
	{"MaxLength", "maxLength", "length %d is greater than %s", ""},
	{"Pattern", "pattern", "%s does not match %s", ""},
	{"Format", "format", "%s is not a valid %s", ""},
	{"MinItems", "minItems", "%d items, want at least %s", "%d item, want at least %s"},
	{"MaxItems", "maxItems", "%d items, want at most %s", "%d item, want at most %s"},
	{"UniqueItems", "uniqueItems", "items at %d and %d are equal", ""},
	{"Required", "required", "missing property %s", ""},
	{"AdditionalProperties", "additionalProperties", "property %s is not allowed", ""},
	{"MinProperties", "minProperties", "%d properties, want at least %s", "%d property, want at least %s"},
	{"MaxProperties", "maxProperties", "%d properties, want at most %s", "%d property, want at most %s"},
	{"AnyOf", "anyOf", "matches none of the union's variants", ""},
	{"False", "false", "no value is allowed here", ""},

	// The words problems are put together with.
	{"Or", "", " or ", ""},                                      // between a type's names: want string or null
	{"Beyond", "", "number beyond float64", ""},                 // the kind of 1e400, which JSON.parse reads as Infinity
	{"Root", "", "(root)", ""},                                  // the pointer of the whole value
	{"More", "", "and %d more problems", "and %d more problem"}, // after the problems shown
	{"Uncounted", "", "(more not counted)", ""},                 // past the problems kept
}

// Lookup returns the message named name; it panics on a name the
// catalogue lacks, a mistake of the program.
func Lookup(name string) Message {
	for _, m := range Catalogue {
		if m.Name == name {
			return m
		}
	}
	panic("message: no message " + name)
}

// Of returns the message of a JSON Schema keyword; it panics on a
// keyword the catalogue lacks.
func Of(keyword string) Message {
	for _, m := range Catalogue {
		if m.Keyword == keyword && keyword != "" {
			return m
		}
	}
	panic("message: no message for keyword " + keyword)
}

// A Piece of a message's text: words, or a hole (Verb is 's' or 'd').
type Piece struct {
	Words string
	Verb  byte
}

// Pieces splits the text at its holes.
func (m Message) Pieces() []Piece { return pieces(m.Name, m.Text) }

// OnePieces splits One at its holes; nil without One.
func (m Message) OnePieces() []Piece {
	if m.One == "" {
		return nil
	}
	return pieces(m.Name, m.One)
}

func pieces(name, text string) []Piece {
	var out []Piece
	rest := text
	for {
		i := strings.IndexByte(rest, '%')
		if i < 0 {
			break
		}
		if i+1 >= len(rest) || rest[i+1] != 's' && rest[i+1] != 'd' {
			panic(fmt.Sprintf("message %s: only %%s and %%d may stand in %q", name, text))
		}
		if i > 0 {
			out = append(out, Piece{Words: rest[:i]})
		}
		out = append(out, Piece{Verb: rest[i+1]})
		rest = rest[i+2:]
	}
	if rest != "" {
		out = append(out, Piece{Words: rest})
	}
	return out
}

// Holes is the number of holes of the text.
func (m Message) Holes() int {
	n := 0
	for _, p := range m.Pieces() {
		if p.Verb != 0 {
			n++
		}
	}
	return n
}
