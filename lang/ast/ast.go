package ast

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// Position is the position participle records for a node.
type Position = lexer.Position

// File is a whole spec.
type File struct {
	Pos        Position
	Name       *Name    `parser:"'spec' @@"`
	CatalogKey *Text    `parser:"( 'catalog_key' @@ )?"`
	Clients    *Clients `parser:"@@?"`
	Decls      []*Decl  `parser:"@@*"`
}

// Clients is `clients f, ...`: the client families the catalog must work
// for (lang/clients), in the order written.
type Clients struct {
	Pos      Position
	Families []*Name `parser:"'clients' @@ ( ',' @@ )*"`
}

// Decl is a top-level declaration.
//
// Tools come first among the alternatives: they are most of a spec, and
// every alternative tried before the one that matches costs participle a
// failed branch.
type Decl struct {
	Tool  *Tool  `parser:"@@"`
	Group *Group `parser:"| @@"`
	Test  *Test  `parser:"| @@"`
}

// Name is a tool, field, group or spec name: an identifier or a string.
type Name struct {
	Pos    Position
	Ident  string
	Quoted *Text
}

// Value returns the name as written, strings decoded.
func (n *Name) Value() string {
	if n == nil {
		return ""
	}
	if n.Quoted != nil {
		return n.Quoted.Value()
	}
	return n.Ident
}

// Text is a string literal or a block string. Raw holds the token text;
// the lexer has already checked it, so decoding cannot fail here.
type Text struct {
	Pos   Position
	Raw   string
	Block string
}

// IsBlock reports whether the text was written as a """ block string.
func (t *Text) IsBlock() bool { return t.Block != "" }

// Value decodes the literal.
func (t *Text) Value() string {
	if t == nil {
		return ""
	}
	if t.Block != "" {
		return DecodeBlock(t.Block)
	}
	s, _ := DecodeString(t.Raw)
	return s
}

// Close is a closing brace, kept for its position.
type Close struct {
	Pos   Position
	Brace string
}

// Group is `group name { rows }`.
type Group struct {
	Pos   Position
	Name  *Name   `parser:"'group' @@ '{'"`
	Items []*Item `parser:"@@*"`
	Close *Close  `parser:"@@"`
}

// Item is a row or a `use` inside a block: `use NAME` unless the words
// after `use` read as a row (`use string required` is a row named use).
type Item struct {
	Use *Use
	Row *Row
}

// Use is `use groupname`.
type Use struct {
	Pos  Position
	Name *Name
}

// Row is one field: name, kind, presence, modifiers, description.
//
//	row = name kind ( "required" | "optional" ) { modifier } [ string ]
//
// A string after the modifiers is the description unless it starts the next
// row: a quoted name followed by the start of a kind (`"b" string required`,
// `"b" enum(`, `"b" array<`, `"b" object {`, ...). Without that look-ahead a
// row with no description followed by a row with a quoted name would not
// parse, and a row named `string` after a description would be misread.
type Row struct {
	Pos         Position
	Name        *Name
	Kind        *Kind
	Presence    string
	Mods        []*Modifier
	Description *Text
}

// Kind is the kind column. Exactly one field is set.
//
//	kind = "string" | "integer" | "number" | "boolean" | "any"
//	     | "enum" "(" [ value { "," value } ] ")"
//	     | "array" "<" elem ">" | "tuple" "<" elem { "," elem } ">"
//	     | "map" "<" elem ">" | "object" block
type Kind struct {
	Pos    Position
	Scalar string
	Enum   *EnumKind
	Array  *ElemType
	Tuple  *TupleKind
	Object *Block
	Map    *ElemType
	// Unknown is any other word in the kind column, kept so the checker can
	// name it and suggest the kind that was meant.
	Unknown string
}

// EnumKind is `enum(v, ...)`; an empty one parses so the checker can name it.
type EnumKind struct {
	Pos    Position
	Values []*EnumValue
}

// TupleKind is `tuple<T, ...>`.
type TupleKind struct {
	Pos   Position
	Items []*ElemType
}

// EnumValue is an identifier, a string or an integer.
type EnumValue struct {
	Pos    Position
	Ident  string
	Quoted *Text
	Number string
}

// ElemType is a kind with its element modifiers, inside <...>.
type ElemType struct {
	Pos  Position
	Kind *Kind
	Mods []*Modifier
}

// Block is `{ rows }`.
type Block struct {
	Pos   Position
	Items []*Item
	Close *Close
}

// Modifier is one modifier of a row or element: its keyword and the
// operand lang/descriptor says the keyword takes (at most one field of
// Range, Text, Word, Number and JSON is set).
//
//	modifier = range | keyword [ string | word | number | json ]
type Modifier struct {
	Pos Position
	// Keyword is the modifier's word; "range" for A..B, which has none.
	Keyword string
	Range   *Range // range
	Text    *Text  // pattern, as
	Word    string // format, from
	Number  string // above, below, multiple_of
	JSON    *JSON  // default, example
}

// Name returns the modifier's keyword, for messages.
func (m *Modifier) Name() string { return m.Keyword }

// Range is `A..B`, `A..` or `..B`.
type Range struct {
	Pos  Position
	Min  string
	Dots string
	Max  string
}

// Tool is `tool name { item ... }`.
type Tool struct {
	Pos   Position
	Name  *Name
	Items []*ToolItem
	Close *Close
}

// ToolItem is one line of a tool body, chosen by its keyword. Exactly one
// field is set.
//
//	item = "title" string | "description" string | "hints" { hint }
//	     | "in" ( "none" | block ) | "out" block | "result" ( "text" | "any" )
//	     | "endpoint" METHOD string
type ToolItem struct {
	Pos         Position
	Title       *Text
	Description *Text
	Hints       *Hints
	In          *Input
	Out         *Block
	Result      string
	Endpoint    *Endpoint
}

// Endpoint is `endpoint METHOD "/path/{param}"`: the HTTP operation the
// tool wraps.
type Endpoint struct {
	Pos    Position
	Method string
	Path   *Text
}

// Hints is `hints h ...`, each one of read_only, destructive, idempotent
// and open_world.
type Hints struct {
	Pos   Position
	Names []string
}

// Input is `in none` or `in { ... }`.
type Input struct {
	Pos   Position
	None  bool
	Block *Block
}

// Test is `test "name" { fixtures }`.
type Test struct {
	Pos      Position
	Name     *Text      `parser:"'test' @@ '{'"`
	Fixtures []*Fixture `parser:"@@*"`
	Close    *Close     `parser:"@@"`
}

// Fixture is one accept or reject line.
type Fixture struct {
	Pos     Position
	Verdict string   `parser:"@( 'accept' | 'reject' )"`
	Tool    *Name    `parser:"@@"`
	Dir     string   `parser:"@( 'in' | 'out' )?"`
	Value   *JSON    `parser:"@@"`
	Because *Because `parser:"( 'because' @@ )?"`
}

// Because is `because keyword [at "/pointer"]`.
type Because struct {
	Pos     Position
	Keyword string `parser:"@Ident"`
	At      *Text  `parser:"( 'at' @@ )?"`
}

// JSON is an inline JSON value. Exactly one field is set.
type JSON struct {
	Pos    Position
	Object *JSONObject
	Array  *JSONArray
	String *Text
	Number string
	Bool   string
	Null   bool
}

// JSONObject is `{ "k": v, ... }`.
type JSONObject struct {
	Pos     Position
	Open    string
	Members []*JSONMember
}

// JSONMember is `"key": value`.
type JSONMember struct {
	Pos   Position
	Key   *Text
	Value *JSON
}

// JSONArray is `[ v, ... ]`.
type JSONArray struct {
	Pos   Position
	Open  string
	Items []*JSON
}

// Comment is a `//` comment. The lexer keeps them beside the tree so the
// formatter can put them back.
type Comment struct {
	Pos  Position
	Text string // including the leading //
	// Trailing is set when a token comes before the comment on its line.
	Trailing bool
}
