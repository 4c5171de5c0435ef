package treedump

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/parser"
)

var (
	positionType = reflect.TypeFor[ast.Position]()
	baseType     = reflect.TypeFor[ast.Base]()
)

// Parse parses src and dumps the result.
func Parse(name string, src []byte) string { return Result(parser.Parse(name, src)) }

// Result dumps a parse result.
func Result(r parser.Result) string {
	var b strings.Builder
	Write(&b, reflect.ValueOf(r))
	return b.String()
}

// Write writes v to b, one field per line, indented by depth. A syntax
// tree's positions are written in the file, as its readers see them
// (ast.Base.Pos), and its declarations' Bases are not written: a tree
// parsed whole and one whose declarations were parsed on their own are
// written alike.
func Write(b *strings.Builder, v reflect.Value) {
	write(b, v, 0, map[uintptr]bool{}, ast.Base{})
}

func write(b *strings.Builder, v reflect.Value, depth int, seen map[uintptr]bool, base ast.Base) {
	indent := strings.Repeat("  ", depth)
	switch v.Kind() {
	case reflect.Invalid:
		b.WriteString("invalid\n")
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil\n")
			return
		}
		if seen[v.Pointer()] {
			// A node reached twice is printed once; the second time says so.
			b.WriteString("(seen)\n")
			return
		}
		seen[v.Pointer()] = true
		b.WriteString("&")
		write(b, v.Elem(), depth, seen, base)
	case reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil\n")
			return
		}
		fmt.Fprintf(b, "(%s) ", v.Elem().Type())
		write(b, v.Elem(), depth, seen, base)
	case reflect.Struct:
		fmt.Fprintf(b, "%s {\n", v.Type())
		if v.Type() == positionType {
			p := ast.Position{Filename: v.Field(0).String(), Offset: int(v.Field(1).Int()), Line: int(v.Field(2).Int()), Column: int(v.Field(3).Int())}
			v = reflect.ValueOf(base.Pos(p))
		}
		if f, ok := v.Type().FieldByName("Base"); ok && f.Type == baseType {
			base = ast.Base{Line: int(v.FieldByIndex(f.Index).Field(0).Int()), Offset: int(v.FieldByIndex(f.Index).Field(1).Int())}
		}
		for i := range v.NumField() {
			if v.Type().Field(i).Type == baseType {
				continue
			}
			fmt.Fprintf(b, "%s  %s: ", indent, v.Type().Field(i).Name)
			write(b, v.Field(i), depth+1, seen, base)
		}
		fmt.Fprintf(b, "%s}\n", indent)
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			b.WriteString("nil\n")
			return
		}
		fmt.Fprintf(b, "[%d] {\n", v.Len())
		for i := range v.Len() {
			fmt.Fprintf(b, "%s  %d: ", indent, i)
			write(b, v.Index(i), depth+1, seen, base)
		}
		fmt.Fprintf(b, "%s}\n", indent)
	case reflect.Map:
		if v.IsNil() {
			b.WriteString("nil\n")
			return
		}
		type entry struct {
			key string
			val reflect.Value
		}
		var entries []entry
		for it := v.MapRange(); it.Next(); {
			var k strings.Builder
			write(&k, it.Key(), 0, map[uintptr]bool{}, base)
			entries = append(entries, entry{strings.TrimSuffix(k.String(), "\n"), it.Value()})
		}
		sort.Slice(entries, func(i, j int) bool { return entries[i].key < entries[j].key })
		fmt.Fprintf(b, "map[%d] {\n", len(entries))
		for _, e := range entries {
			fmt.Fprintf(b, "%s  %s: ", indent, e.key)
			write(b, e.val, depth+1, seen, base)
		}
		fmt.Fprintf(b, "%s}\n", indent)
	case reflect.String:
		b.WriteString(strconv.Quote(v.String()) + "\n")
	case reflect.Bool:
		b.WriteString(strconv.FormatBool(v.Bool()) + "\n")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		b.WriteString(strconv.FormatInt(v.Int(), 10) + "\n")
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		b.WriteString(strconv.FormatUint(v.Uint(), 10) + "\n")
	case reflect.Float32, reflect.Float64:
		b.WriteString(strconv.FormatFloat(v.Float(), 'g', -1, 64) + "\n")
	default:
		// Funcs and channels have no value to compare; name the kind.
		fmt.Fprintf(b, "<%s>\n", v.Kind())
	}
}
