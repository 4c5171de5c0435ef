package probset

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/toolspec/toolspec/gen/message"
	"github.com/toolspec/toolspec/validate"
)

// maxQuote is the generated runtime's MaxQuote: a pointer segment longer
// than that many characters is cut there and followed by "...".
const maxQuote = message.MaxQuote

// Pair is one problem as the sets compare it.
func Pair(pointer, keyword string) string { return pointer + " " + keyword }

// Set sorts pairs and drops repeats: santhosh names every missing or
// unknown property in one failure, the decoder in one problem each.
func Set(pairs []string) []string {
	s := slices.Clone(pairs)
	slices.Sort(s)
	return slices.Compact(s)
}

// Decoder is the set of the decoder's pairs as santhosh would report
// them: where a value fails type, santhosh reports nothing else of it,
// while the decoder (as ajv and the JavaScript validators) also reports
// enum, and the bounds of a number that is not an integer.
func Decoder(pairs []string) []string {
	typed := map[string]bool{}
	for _, p := range pairs {
		if at, ok := strings.CutSuffix(p, " type"); ok {
			typed[at] = true
		}
	}
	var out []string
	for _, p := range pairs {
		at := p[:strings.LastIndexByte(p, ' ')]
		if !typed[at] || strings.HasSuffix(p, " type") {
			out = append(out, p)
		}
	}
	return Set(withoutUnique(out))
}

// withoutUnique drops uniqueItems where an item fails type: the decoder
// (as ajv and the JavaScript validators) then compares only the items of
// the items' type, santhosh all of them.
func withoutUnique(pairs []string) []string {
	typed := map[string]bool{}
	for _, p := range pairs {
		if at, ok := strings.CutSuffix(p, " type"); ok && at != "" {
			typed[at[:strings.LastIndexByte(at, '/')]] = true
		}
	}
	var out []string
	for _, p := range pairs {
		if at, ok := strings.CutSuffix(p, " uniqueItems"); !ok || !typed[at] {
			out = append(out, p)
		}
	}
	return out
}

// Santhosh is the set of santhosh's failures, each pointer segment cut as
// the decoder cuts it, without a pattern where the string's length failed:
// the decoder (as the JavaScript validators) tests a pattern only on a
// string of an allowed length.
func Santhosh(fails []validate.Failure) []string {
	length := map[string]bool{}
	for _, f := range fails {
		if f.Keyword == "minLength" || f.Keyword == "maxLength" {
			length[f.At] = true
		}
	}
	var pairs []string
	for _, f := range fails {
		if f.Keyword != "pattern" || !length[f.At] {
			pairs = append(pairs, Pair(cutPointer(f.At), f.Keyword))
		}
	}
	return Set(withoutUnique(pairs))
}

// Diff describes how two sets differ, or is "" when they are equal.
func Diff(decoder, santhosh []string) string {
	if slices.Equal(decoder, santhosh) {
		return ""
	}
	return "decoder " + strings.Join(decoder, ", ") + "; santhosh " + strings.Join(santhosh, ", ")
}

func cutPointer(p string) string {
	if p == "" {
		return ""
	}
	segs := strings.Split(p[1:], "/")
	for i, s := range segs {
		if len(s) <= maxQuote {
			continue
		}
		// Cut the unescaped key, as the decoder does, then escape again.
		k := strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
		if utf8.RuneCountInString(k) <= maxQuote {
			continue
		}
		r := []rune(k)[:maxQuote]
		segs[i] = strings.ReplaceAll(strings.ReplaceAll(string(r), "~", "~0"), "/", "~1") + "..."
	}
	return "/" + strings.Join(segs, "/")
}

// Unions are the pointers at which a pair says anyOf: values no variant
// of a union accepts.
func Unions(pairs []string) []string {
	var out []string
	for _, p := range pairs {
		if at, ok := strings.CutSuffix(p, " anyOf"); ok {
			out = append(out, at)
		}
	}
	return out
}

// OutsideUnions drops the pairs at or below a failed union but its anyOf:
// inside a union the decoder reports every variant's problems as ajv
// does (the JavaScript differential test holds them to ajv's), while
// santhosh reports a variant's as it reports a value's (a type failure
// alone), so the two agree on the union failing, not on why.
func OutsideUnions(pairs, unions []string) []string {
	var out []string
	for _, p := range pairs {
		at := p[:strings.LastIndexByte(p, ' ')]
		inside := false
		for _, u := range unions {
			if (at == u || strings.HasPrefix(at, u+"/")) && p != u+" anyOf" {
				inside = true
			}
		}
		if !inside {
			out = append(out, p)
		}
	}
	return out
}
