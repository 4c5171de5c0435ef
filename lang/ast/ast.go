package ast

import (
	"github.com/toolspec/toolspec/lang/token"
)

// Position is where a node starts, as participle fills it (the fields
// of its lexer.Position, so stock participle fills it too), relative to
// the Base of the declaration the node is in: Line and Offset count from
// the Base, Column is the column in the file. A declaration parsed on
// its own (parser.Cache) has a Base at its first token, so that when
// text above it changes only the Base moves, not the position of every
// node; a tree parsed whole has a zero Base, the header (File, Clients)
// is at the zero Base and so are the comments. Base.Pos makes the
// position in the file: a Position is not a token.Pos, so none is
// reported without its Base.
type Position struct {
	Filename string
	Offset   int
	Line     int
	Column   int
}

// Base is where the positions of a declaration count from: the line
// before its first token's and that token's offset when it was parsed on
// its own, zero when it was parsed with the whole file.
type Base struct{ Line, Offset int }

// Pos is p, a position in a declaration with base b, in the file. The
// zero Position stays what it is: no position.
func (b Base) Pos(p Position) token.Pos {
	if p.Line == 0 {
		return token.Pos(p)
	}
	return token.Pos{Filename: p.Filename, Offset: p.Offset + b.Offset, Line: p.Line + b.Line, Column: p.Column}
}

// Rel is the position in a declaration with base b of the position p in
// the file.
func (b Base) Rel(p token.Pos) Position {
	if p.Line == 0 {
		return Position(p)
	}
	return Position{Filename: p.Filename, Offset: p.Offset - b.Offset, Line: p.Line - b.Line, Column: p.Column}
}

// At is the position in a tree parsed whole (zero Base) of p: for trees
// built in memory (NewFile and the constructors, planted mutants).
func At(p token.Pos) Position { return Position(p) }

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
	Tool     *Tool     `parser:"@@"`
	Group    *Group    `parser:"| @@"`
	Test     *Test     `parser:"| @@"`
	Survives *Survives `parser:"| @@"`
}

// Base is where the positions in d count from.
func (d *Decl) Base() Base {
	switch {
	case d.Tool != nil:
		return d.Tool.Base
	case d.Group != nil:
		return d.Group.Base
	case d.Test != nil:
		return d.Test.Base
	case d.Survives != nil:
		return d.Survives.Base
	}
	return Base{}
}

// SetBase sets where the positions in d count from: parser.Cache moves a
// declaration it kept to where its text now is.
func (d *Decl) SetBase(b Base) {
	switch {
	case d.Tool != nil:
		d.Tool.Base = b
	case d.Group != nil:
		d.Group.Base = b
	case d.Test != nil:
		d.Test.Base = b
	case d.Survives != nil:
		d.Survives.Base = b
	}
}

// Name is a tool, field, group or spec name: an identifier or a string.
//
// It is a leaf of the grammar, read by hand (leaves.go; LeafGrammar): it
// is the most frequent node of a spec.
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
//
// It is a leaf of the grammar, read by hand (leaves.go; LeafGrammar).
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
//
// It is a leaf of the grammar, read by hand (leaves.go; LeafGrammar).
type Close struct {
	Pos   Position
	Brace string
}

// Group is `group name { rows }`.
type Group struct {
	Pos Position
	// Base is where its positions count from (see Position).
	Base  Base
	Name  *Name   `parser:"'group' @@ '{'"`
	Items []*Item `parser:"@@*"`
	Close *Close  `parser:"@@"`
}

// Item is a row or a `use` inside a block: `use NAME` unless the words
// after `use` read as a row (`use string required` is a row named use).
//
// The `(?= "use")` guard stands before Use rather than inside it, so a row
// costs participle no Use node.
type Item struct {
	Use *Use `parser:"  (?= 'use') @@"`
	Row *Row `parser:"| @@"`
}

// Use is `use groupname`.
type Use struct {
	Pos       Position
	Lookahead RowStart `parser:"(?! @@) 'use'"`
	Name      *Name    `parser:"@@"`
}

// RowStart is the start of a row: a name, then the start of a kind
// (`enum (`, `array <`, `tuple <`, `map <`, `object {`, or any other word
// followed by a presence, `<` or `(`). A row has no terminator, so this
// look-ahead is how a modifier keyword, a description or `use` after a row
// is told apart from the name of the next row. It is only ever looked for
// (`(?! RowStart)`), never kept: its fields are empty.
//
// The kind keywords come first: once one is read, a wrong next token fails
// the whole look-ahead (participle gives up a choice that has read a token
// and then fails), so "any other word" needs no `(?! "enum" | ...)`
// before it, which every modifier would pay for.
type RowStart struct {
	Name struct{} `parser:"( Ident | String )"`
	Kind struct{} `parser:"( 'enum' '(' | 'array' '<' | 'tuple' '<' | 'union' '<' | 'map' '<' | 'object' '{' | Ident ( 'required' | 'optional' | '<' | '(' ) )"`
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
	Name        *Name       `parser:"@@"`
	Kind        *Kind       `parser:"@@"`
	Presence    string      `parser:"@( 'required' | 'optional' )"`
	Mods        []*Modifier `parser:"@@*"`
	Lookahead   RowStart    `parser:"( (?= String | Block) (?! @@)"`
	Description *Text       `parser:"@@ )?"`
}

// Kind is the kind column. Exactly one of Scalar, Enum, Array, Tuple,
// Union, Object, Map and Unknown is set. The alternatives that start with a
// literal come before those that are a production: participle builds a
// production's node before it knows whether the production matches. The
// keywords are lang/descriptor's (a test in lang/parser holds them equal).
type Kind struct {
	Pos    Position
	Scalar string     `parser:"  @'string' | @'integer' | @'number' | @'boolean' | @'any'"`
	Array  *ElemType  `parser:"| 'array' '<' @@ '>'"`
	Object *Block     `parser:"| 'object' @@"`
	Map    *ElemType  `parser:"| 'map' '<' @@ '>'"`
	Enum   *EnumKind  `parser:"| @@"`
	Tuple  *TupleKind `parser:"| @@"`
	Union  *UnionKind `parser:"| @@"`
	// Unknown is any other word in the kind column, kept so the checker can
	// name it and suggest the kind that was meant. The arguments of a
	// misspelt kind (`aray<string>`) are skipped, so nothing follows from
	// them.
	Unknown string    `parser:"| @Ident"`
	Args    *KindArgs `parser:"( (?= '<' | '(') @@ )?"`
}

// KindArgs are the bracketed arguments of a word that is no kind, kept
// only to be skipped.
type KindArgs struct {
	Open  string      `parser:"@( '<' | '(' | '[' | '{' )"`
	Inner []*KindArgs `parser:"( @@ | ~( '<' | '>' | '(' | ')' | '[' | ']' | '{' | '}' ) )*"`
	Close string      `parser:"@( '>' | ')' | ']' | '}' )"`
}

// EnumKind is `enum(v, ...)`; an empty one parses so the checker can name it.
type EnumKind struct {
	Pos    Position
	Values []*EnumValue `parser:"'enum' '(' ( @@ ( ',' @@ )* )? ')'"`
}

// TupleKind is `tuple<T, ...>`.
type TupleKind struct {
	Pos   Position
	Items []*ElemType `parser:"'tuple' '<' @@ ( ',' @@ )* '>'"`
}

// UnionKind is `union<T, ...>`. One variant parses, so the checker can
// say a union needs two.
type UnionKind struct {
	Pos      Position
	Variants []*ElemType `parser:"'union' '<' @@ ( ',' @@ )* '>'"`
}

// EnumValue is an identifier, a string or an integer.
type EnumValue struct {
	Pos    Position
	Ident  string `parser:"  @Ident"`
	Quoted *Text  `parser:"| @@"`
	Number string `parser:"| @Number"`
}

// ElemType is a kind with its element modifiers, inside <...>.
type ElemType struct {
	Pos  Position
	Kind *Kind       `parser:"@@"`
	Mods []*Modifier `parser:"@@*"`
}

// Block is `{ rows }`.
type Block struct {
	Pos   Position
	Items []*Item `parser:"'{' @@*"`
	Close *Close  `parser:"@@"`
}

// Modifier is one modifier of a row or element: its keyword and the
// operand lang/descriptor says the keyword takes (at most one field of
// Range, Text, Word, Number and JSON is set). The keywords of each operand
// are those of lang/descriptor (a test holds them equal).
//
// The grammar captures the keyword of a modifier without an operand; the
// keyword of one with an operand is matched but not captured (participle
// captures into one field per place in the grammar, and the operand needs
// its own), so the parser sets Keyword from the keyword's token
// afterwards (SetKeywords), "range" for a range.
type Modifier struct {
	Pos       Position
	Range     *Range           `parser:"  @@"`
	Lookahead RowStart         `parser:"| (?= Ident) (?! @@)"`
	Text      *Text            `parser:"( 'pattern' @@ | 'as' @@"`
	JSON      *JSON            `parser:"| 'default' @@ | 'example' @@"`
	Keyword   string           `parser:"| @'nullable' | @'unique' | @'open' | @'deprecated'"`
	Word      string           `parser:"| ( 'format' | 'from' ) @( Ident | Format )"`
	Number    string           `parser:"| ( 'above' | 'below' | 'multiple_of' ) @Number"`
	Unknown   *UnknownModifier `parser:"| @@ )"`
}

// Name returns the modifier's keyword, for messages.
func (m *Modifier) Name() string { return m.Keyword }

// Range is `A..B`, `A..` or `..B`.
//
// It is a leaf of the grammar, read by hand (leaves.go; LeafGrammar): a
// modifier tries it first, on every modifier of every row.
type Range struct {
	Pos  Position
	Min  string
	Dots string
	Max  string
}

// Tool is `tool name { item ... }`.
type Tool struct {
	Pos Position
	// Base is where its positions count from (see Position).
	Base  Base
	Name  *Name       `parser:"'tool' @@ '{'"`
	Items []*ToolItem `parser:"@@*"`
	Close *Close      `parser:"@@"`
}

// ToolItem is one line of a tool body, chosen by its keyword. Exactly one
// field is set. The items every tool has come first, and those that are a
// production last: participle builds a production's node before it knows
// whether the production matches.
type ToolItem struct {
	Pos         Position
	Description *Text     `parser:"  'description' @@"`
	In          *Input    `parser:"| 'in' @@"`
	Out         *Block    `parser:"| 'out' @@"`
	Title       *Text     `parser:"| 'title' @@"`
	Hints       *Hints    `parser:"| @@"`
	Result      string    `parser:"| 'result' @( 'text' | 'any' )"`
	Endpoint    *Endpoint `parser:"| @@"`
}

// Endpoint is `endpoint METHOD "/path/{param}"`: the HTTP operation the
// tool wraps.
type Endpoint struct {
	Pos    Position
	Method string `parser:"'endpoint' @Ident"`
	Path   *Text  `parser:"@@"`
}

// Hints is `hints h ...`, each one of read_only, additive, destructive,
// idempotent and open_world.
type Hints struct {
	Pos   Position
	Names []string `parser:"'hints' @( 'read_only' | 'additive' | 'destructive' | 'idempotent' | 'open_world' )*"`
}

// Input is `in none` or `in { ... }`.
type Input struct {
	Pos   Position
	None  bool   `parser:"  @'none'"`
	Block *Block `parser:"| @@"`
}

// Test is `test "name" { fixtures }`.
type Test struct {
	Pos Position
	// Base is where its positions count from (see Position).
	Base     Base
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

// Survives is `survives TOOL PATH KEYWORD because "reason"`: the
// acknowledgment of a surviving mutant (LANGUAGE.md section 7). PATH is
// as test-report prints it (`out.body`, `in.items[].name`); the lexer
// reads a path written bare after `survives TOOL` as one identifier, and
// a path may also be a string.
type Survives struct {
	Pos Position
	// Base is where its positions count from (see Position).
	Base    Base
	Tool    *Name `parser:"'survives' @@"`
	Path    *Name `parser:"@@"`
	Keyword *Name `parser:"@@"`
	Reason  *Text `parser:"'because' @@"`
}

// JSON is an inline JSON value. Exactly one field is set. It is a leaf
// of the grammar, read by hand (json.go): JSON's own grammar, which the
// docs show by reference.
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
	Pos  token.Pos
	Text string // including the leading //
	// Trailing is set when a token comes before the comment on its line.
	Trailing bool
}
