package treedump

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/lang/parser"
)

// Parse parses src and dumps the result.
func Parse(name string, src []byte) string { return Result(parser.Parse(name, src)) }

// Result dumps a parse result.
func Result(r parser.Result) string {
	var b strings.Builder
	Write(&b, reflect.ValueOf(r))
	return b.String()
}

// Write writes v to b, one field per line, indented by depth.
func Write(b *strings.Builder, v reflect.Value) {
	write(b, v, 0, map[uintptr]bool{})
}

func write(b *strings.Builder, v reflect.Value, depth int, seen map[uintptr]bool) {
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
		write(b, v.Elem(), depth, seen)
	case reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil\n")
			return
		}
		fmt.Fprintf(b, "(%s) ", v.Elem().Type())
		write(b, v.Elem(), depth, seen)
	case reflect.Struct:
		fmt.Fprintf(b, "%s {\n", v.Type())
		for i := range v.NumField() {
			fmt.Fprintf(b, "%s  %s: ", indent, v.Type().Field(i).Name)
			write(b, v.Field(i), depth+1, seen)
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
			write(b, v.Index(i), depth+1, seen)
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
			write(&k, it.Key(), 0, map[uintptr]bool{})
			entries = append(entries, entry{strings.TrimSuffix(k.String(), "\n"), it.Value()})
		}
		sort.Slice(entries, func(i, j int) bool { return entries[i].key < entries[j].key })
		fmt.Fprintf(b, "map[%d] {\n", len(entries))
		for _, e := range entries {
			fmt.Fprintf(b, "%s  %s: ", indent, e.key)
			write(b, e.val, depth+1, seen)
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
