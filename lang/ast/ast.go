package ast

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// Position is the position participle records for a node.
type Position = lexer.Position

// File is a whole spec.
type File struct {
	Pos        Position
	Name       *Name   `"spec" @@`
	CatalogKey *Text   `( "catalog_key" @@ )?`
	Decls      []*Decl `@@*`
}

// Decl is a top-level declaration.
type Decl struct {
	Group *Group `  @@`
	Tool  *Tool  `| @@`
	Test  *Test  `| @@`
}

// Name is a tool, field, group or spec name: an identifier or a string.
type Name struct {
	Pos    Position
	Ident  string `  @Ident`
	Quoted *Text  `| @@`
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
	Raw   string `  @String`
	Block string `| @Block`
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
	Brace string `@"}"`
}

// Group is `group name { rows }`.
type Group struct {
	Pos   Position
	Name  *Name   `"group" @@ "{"`
	Items []*Item `@@*`
	Close *Close  `@@`
}

// Item is a row or a `use` inside a block.
type Item struct {
	Use *Use `  @@`
	Row *Row `| @@`
}

// Use is `use groupname`.
type Use struct {
	Pos  Position
	Name *Name `"use" @@`
}

// Row is one field: name, kind, presence, modifiers, description.
//
// A string after the modifiers is the description unless it starts the next
// row: a quoted name followed by the start of a kind (`"b" string required`,
// `"b" enum(`, `"b" array<`, `"b" object {`, ...). Without that look-ahead a
// row with no description followed by a row with a quoted name would not
// parse, and a row named `string` after a description would be misread.
type Row struct {
	Pos         Position
	Name        *Name       `@@`
	Kind        *Kind       `@@`
	Presence    string      `@( "required" | "optional" )`
	Mods        []*Modifier `@@*`
	Description *Text       `( (?! ( String | Block ) ( ( "string" | "integer" | "number" | "boolean" | "any" ) ( "required" | "optional" ) | "enum" "(" | ( "array" | "tuple" | "map" ) "<" | "object" "{" ) ) @@ )?`
}

// Kind is the kind column. Exactly one field is set.
type Kind struct {
	Pos    Position
	Scalar string     `  @( "string" | "integer" | "number" | "boolean" | "any" )`
	Enum   *EnumKind  `| @@`
	Array  *ElemType  `| "array" "<" @@ ">"`
	Tuple  *TupleKind `| @@`
	Object *Block     `| "object" @@`
	Map    *ElemType  `| "map" "<" @@ ">"`
}

// EnumKind is `enum(v, ...)`. Open is kept so an empty enum has a position.
type EnumKind struct {
	Pos    Position
	Values []*EnumValue `"enum" "(" ( @@ ( "," @@ )* )? ")"`
}

// TupleKind is `tuple<T, ...>`.
type TupleKind struct {
	Pos   Position
	Items []*ElemType `"tuple" "<" @@ ( "," @@ )* ">"`
}

// EnumValue is an identifier, a string or an integer.
type EnumValue struct {
	Pos    Position
	Ident  string `  @Ident`
	Quoted *Text  `| @@`
	Number string `| @Number`
}

// ElemType is a kind with its element modifiers, inside <...>.
type ElemType struct {
	Pos  Position
	Kind *Kind       `@@`
	Mods []*Modifier `@@*`
}

// Block is `{ rows }`.
type Block struct {
	Pos   Position
	Items []*Item `"{" @@*`
	Close *Close  `@@`
}

// Modifier is one modifier of a row or element. Exactly one field is set.
type Modifier struct {
	Pos        Position
	Nullable   bool   `  @"nullable"`
	Range      *Range `| @@`
	Pattern    *Text  `| "pattern" @@`
	Format     string `| "format" @( Ident | Format )`
	Default    *JSON  `| "default" @@`
	Example    *JSON  `| "example" @@`
	Unique     bool   `| @"unique"`
	Deprecated bool   `| @"deprecated"`
	Open       bool   `| @"open"`
}

// Name returns the modifier's keyword, for messages.
func (m *Modifier) Name() string {
	switch {
	case m.Nullable:
		return "nullable"
	case m.Range != nil:
		return "range"
	case m.Pattern != nil:
		return "pattern"
	case m.Format != "":
		return "format"
	case m.Default != nil:
		return "default"
	case m.Example != nil:
		return "example"
	case m.Unique:
		return "unique"
	case m.Deprecated:
		return "deprecated"
	case m.Open:
		return "open"
	}
	return "?"
}

// Range is `A..B`, `A..` or `..B`.
type Range struct {
	Pos  Position
	Min  string `@Number?`
	Dots string `@".."`
	Max  string `@Number?`
}

// Tool is `tool name { ... }`.
type Tool struct {
	Pos   Position
	Name  *Name       `"tool" @@ "{"`
	Items []*ToolItem `@@*`
	Close *Close      `@@`
}

// ToolItem is one line of a tool body. Exactly one field is set.
type ToolItem struct {
	Pos         Position
	Title       *Text  `  "title" @@`
	Description *Text  `| "description" @@`
	Hints       *Hints `| @@`
	In          *Input `| "in" @@`
	Out         *Block `| "out" @@`
	Result      string `| "result" @( "text" | "any" )`
}

// Hints is `hints h ...`.
type Hints struct {
	Pos   Position
	Names []string `"hints" @( "read_only" | "destructive" | "idempotent" | "open_world" )*`
}

// Input is `in none` or `in { ... }`.
type Input struct {
	Pos   Position
	None  bool   `  @"none"`
	Block *Block `| @@`
}

// Test is `test "name" { fixtures }`.
type Test struct {
	Pos      Position
	Name     *Text      `"test" @@ "{"`
	Fixtures []*Fixture `@@*`
	Close    *Close     `@@`
}

// Fixture is one accept or reject line.
type Fixture struct {
	Pos     Position
	Verdict string   `@( "accept" | "reject" )`
	Tool    *Name    `@@`
	Dir     string   `@( "in" | "out" )?`
	Value   *JSON    `@@`
	Because *Because `( "because" @@ )?`
}

// Because is `because keyword [at "/pointer"]`.
type Because struct {
	Pos     Position
	Keyword string `@Ident`
	At      *Text  `( "at" @@ )?`
}

// JSON is an inline JSON value. Exactly one field is set.
type JSON struct {
	Pos    Position
	Object *JSONObject `  @@`
	Array  *JSONArray  `| @@`
	String *Text       `| @@`
	Number string      `| @Number`
	Bool   string      `| @( "true" | "false" )`
	Null   bool        `| @"null"`
}

// JSONObject is `{ "k": v, ... }`. Open marks that the brace was seen, so an
// empty object is not mistaken for no object.
type JSONObject struct {
	Pos     Position
	Open    string        `@"{"`
	Members []*JSONMember `( @@ ( "," @@ )* )? "}"`
}

// JSONMember is `"key": value`.
type JSONMember struct {
	Pos   Position
	Key   *Text `@@ ":"`
	Value *JSON `@@`
}

// JSONArray is `[ v, ... ]`.
type JSONArray struct {
	Pos   Position
	Open  string  `@"["`
	Items []*JSON `( @@ ( "," @@ )* )? "]"`
}

// Comment is a `//` comment. The lexer keeps them beside the tree so the
// formatter can put them back.
type Comment struct {
	Pos  Position
	Text string // including the leading //
	// Trailing is set when a token comes before the comment on its line.
	Trailing bool
}
