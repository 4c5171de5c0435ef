package message

import "testing"

// TestCatalogue: names are unique, a keyword has one message, and texts
// hold only the holes both languages fill.
func TestCatalogue(t *testing.T) {
	names, keywords := map[string]bool{}, map[string]bool{}
	for _, m := range Catalogue {
		if names[m.Name] || m.Keyword != "" && keywords[m.Keyword] {
			t.Errorf("%s (%s) is declared twice", m.Name, m.Keyword)
		}
		names[m.Name], keywords[m.Keyword] = true, true
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Error(r)
				}
			}()
			m.Pieces()
		}()
	}
	if got := Lookup("Type").Pieces(); len(got) != 4 || got[0].Words != "got " || got[1].Verb != 's' || got[3].Verb != 's' {
		t.Errorf("Pieces of Type = %+v", got)
	}
	if Of("maxItems").Holes() != 2 {
		t.Error("maxItems takes a count and a bound")
	}
}
