package participle

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"text/scanner"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// A structLexer lexes over the tags of struct fields while tracking the current field.
type structLexer struct {
	s       reflect.Type
	field   int
	indexes [][]int
	lexer   *lexer.PeekingLexer
}

func lexStruct(s reflect.Type) (*structLexer, error) {
	indexes, err := collectFieldIndexes(s)
	if err != nil {
		return nil, err
	}
	slex := &structLexer{
		s:       s,
		indexes: indexes,
	}
	if len(slex.indexes) > 0 {
		tag := fieldLexerTag(slex.Field().StructField)
		slex.lexer, err = lexer.Upgrade(newTagLexer(s.Name(), tag))
		if err != nil {
			return nil, err
		}
	}
	return slex, nil
}

// NumField returns the number of fields in the struct associated with this structLexer.
func (s *structLexer) NumField() int {
	return len(s.indexes)
}

type structLexerField struct {
	reflect.StructField
	Index []int
	// set says how setField stores into the field: worked out once from
	// its type, when a capture into it is built, rather than by asking
	// each captured value again. Nil: setField works it out.
	set *fieldSetter
}

// fieldSetter is what setField asks of a field's type (see
// newFieldSetter).
type fieldSetter struct {
	capture        bool // a pointer to the field (dereferenced) is a Capture
	unmarshaler    bool // a pointer to the field (dereferenced) is an encoding.TextUnmarshaler
	sliceOfCapture bool // the field is a slice whose elements, or pointers to them, are Captures

	// direct is how setDirect stores the values of the common captures
	// without reflection, at offset in the struct (setDirect); elem is
	// the type of node a pointer or slice of pointers field points at.
	direct directKind
	offset uintptr
	elem   reflect.Type
}

// directKind is a kind of field setDirect stores into.
type directKind int

const (
	directNone    directKind = iota
	directNode               // *T, T a struct: point at the node
	directNodes              // []*T: append pointers to the nodes
	directString             // a string kind: concatenate
	directBool               // a bool kind: true when anything matched
	directStrings            // []string: append
)

// direct works out how setDirect stores into field, a field of struct
// type parent, as setField would: only for fields that setField stores
// into without asking the values anything but their kinds and types.
func (s *fieldSetter) setDirect(parent reflect.Type, field reflect.StructField, index []int) {
	offset, ok := fieldOffset(parent, index)
	if !ok || s.capture || s.unmarshaler || s.sliceOfCapture {
		return
	}
	t := field.Type
	switch {
	case t == tokenType || t == tokensType:
		return
	case t.Kind() == reflect.Ptr && t.Elem().Kind() == reflect.Struct:
		s.direct, s.elem = directNode, t.Elem()
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Ptr:
		s.direct, s.elem = directNodes, t.Elem().Elem()
	case t.Kind() == reflect.String:
		s.direct = directString
	case t.Kind() == reflect.Bool:
		s.direct = directBool
	case t.Kind() == reflect.Slice && t.Elem() == stringType:
		s.direct = directStrings
	default:
		return
	}
	s.offset = offset
}

// copiesStrings reports whether the field copies the strings it is given
// (setDirect, or setField for such a field) rather than keeping their
// reflect.Values: a string, a bool or a []string.
func (s *fieldSetter) copiesStrings() bool {
	return s.direct == directString || s.direct == directBool || s.direct == directStrings
}

// fieldOffset is the offset of the field at index in a struct of type t,
// when no pointer is on the way to it.
func fieldOffset(t reflect.Type, index []int) (uintptr, bool) {
	var offset uintptr
	for i, x := range index {
		if t.Kind() != reflect.Struct {
			return 0, false
		}
		f := t.Field(x)
		offset += f.Offset
		if i < len(index)-1 {
			t = f.Type
		}
	}
	return offset, true
}

func newFieldSetter(t reflect.Type) *fieldSetter {
	if t.Kind() == reflect.Ptr {
		t = t.Elem()
	}
	ptr := reflect.PtrTo(t)
	s := &fieldSetter{
		capture:     ptr.Implements(captureType),
		unmarshaler: ptr.Implements(textUnmarshalerType),
	}
	if t.Kind() == reflect.Slice {
		elem := t.Elem()
		s.sliceOfCapture = elem.Implements(captureType) || reflect.PtrTo(elem).Implements(captureType)
	}
	return s
}

// Field returns the field associated with the current token.
func (s *structLexer) Field() structLexerField {
	return s.GetField(s.field)
}

func (s *structLexer) GetField(field int) structLexerField {
	if field >= len(s.indexes) {
		field = len(s.indexes) - 1
	}
	return structLexerField{
		StructField: s.s.FieldByIndex(s.indexes[field]),
		Index:       s.indexes[field],
	}
}

func (s *structLexer) Peek() (*lexer.Token, error) {
	field := s.field
	lex := s.lexer
	for {
		token := lex.Peek()
		if !token.EOF() {
			token.Pos.Line = field + 1
			return token, nil
		}
		field++
		if field >= s.NumField() {
			t := lexer.EOFToken(token.Pos)
			return &t, nil
		}
		ft := s.GetField(field).StructField
		tag := fieldLexerTag(ft)
		var err error
		lex, err = lexer.Upgrade(newTagLexer(ft.Name, tag))
		if err != nil {
			return token, err
		}
	}
}

func (s *structLexer) Next() (*lexer.Token, error) {
	token := s.lexer.Next()
	if !token.EOF() {
		token.Pos.Line = s.field + 1
		return token, nil
	}
	if s.field+1 >= s.NumField() {
		t := lexer.EOFToken(token.Pos)
		return &t, nil
	}
	s.field++
	ft := s.Field().StructField
	tag := fieldLexerTag(ft)
	var err error
	s.lexer, err = lexer.Upgrade(newTagLexer(ft.Name, tag))
	if err != nil {
		return token, err
	}
	return s.Next()
}

func fieldLexerTag(field reflect.StructField) string {
	if tag, ok := field.Tag.Lookup("parser"); ok {
		return tag
	}
	return string(field.Tag)
}

// Recursively collect flattened indices for top-level fields and embedded fields.
func collectFieldIndexes(s reflect.Type) (out [][]int, err error) {
	if s.Kind() != reflect.Struct {
		return nil, fmt.Errorf("expected a struct but got %q", s)
	}
	defer decorate(&err, s.String)
	for i := 0; i < s.NumField(); i++ {
		f := s.Field(i)
		switch {
		case f.Anonymous && f.Type.Kind() == reflect.Struct: // Embedded struct.
			children, err := collectFieldIndexes(f.Type)
			if err != nil {
				return nil, err
			}
			for _, idx := range children {
				out = append(out, append(f.Index, idx...))
			}

		case f.PkgPath != "":
			continue

		case fieldLexerTag(f) != "":
			out = append(out, f.Index)
		}
	}
	return
}

// tagLexer is a Lexer based on text/scanner.Scanner
type tagLexer struct {
	scanner  *scanner.Scanner
	filename string
	err      error
}

func newTagLexer(filename string, tag string) *tagLexer {
	s := &scanner.Scanner{}
	s.Init(strings.NewReader(tag))
	lexer := &tagLexer{
		filename: filename,
		scanner:  s,
	}
	lexer.scanner.Error = func(s *scanner.Scanner, msg string) {
		// This is to support single quoted strings. Hacky.
		if !strings.HasSuffix(msg, "char literal") {
			lexer.err = fmt.Errorf("%s: %s", lexer.scanner.Pos(), msg)
		}
	}
	return lexer
}

func (t *tagLexer) Next() (lexer.Token, error) {
	typ := t.scanner.Scan()
	text := t.scanner.TokenText()
	pos := lexer.Position(t.scanner.Position)
	pos.Filename = t.filename
	if t.err != nil {
		return lexer.Token{}, t.err
	}
	return textScannerTransform(lexer.Token{
		Type:  lexer.TokenType(typ),
		Value: text,
		Pos:   pos,
	})
}

func textScannerTransform(token lexer.Token) (lexer.Token, error) {
	// Unquote strings.
	switch token.Type {
	case scanner.Char:
		// FIXME(alec): This is pretty hacky...we convert a single quoted char into a double
		// quoted string in order to support single quoted strings.
		token.Value = fmt.Sprintf("\"%s\"", token.Value[1:len(token.Value)-1])
		fallthrough
	case scanner.String:
		s, err := strconv.Unquote(token.Value)
		if err != nil {
			return lexer.Token{}, Errorf(token.Pos, "%s: %q", err.Error(), token.Value)
		}
		token.Value = s
		if token.Type == scanner.Char && utf8.RuneCountInString(s) > 1 {
			token.Type = scanner.String
		}
	case scanner.RawString:
		token.Value = token.Value[1 : len(token.Value)-1]

	default:
	}
	return token, nil
}
