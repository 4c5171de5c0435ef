package formats

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/lang/descriptor"
)

// formatCases are valid and invalid strings of each asserted format; the
// JavaScript validators are held to the same verdicts.
var formatCases = map[string]struct{ valid, invalid []string }{
	"date-time": {
		valid:   []string{"2024-02-29T10:00:00Z", "1985-04-12T23:20:50.52z", "1990-12-31T15:59:60-08:00", "2024-01-01t00:00:00+05:30"},
		invalid: []string{"2024-02-29 10:00", "2023-02-29T10:00:00Z", "2024-02-29T10:00:00", "2024-02-29T24:00:00Z", "2024-02-29T10:00:60Z", "yesterday", ""},
	},
	"date": {
		valid:   []string{"2024-02-29", "2000-02-29", "1999-12-31"},
		invalid: []string{"2024-99-99", "2023-02-29", "1900-02-29", "2024-2-29", "2024-02-29T00:00:00Z", "２０２４-01-01"},
	},
	"time": {
		valid:   []string{"10:00:00Z", "23:59:60Z", "08:30:06.283185+01:00"},
		invalid: []string{"10:00:00", "25:00:00Z", "10:00Z", "12:00:60Z", "10:00:00+24:00"},
	},
	"duration": {
		valid:   []string{"P1Y2M3DT4H5M6S", "P4W", "PT1H", "P1D", "PT36H", "P1M"},
		invalid: []string{"P", "PT", "P1D2H", "PT1D", "P2S", "P1Y2W", "1Y", "P1.5Y"},
	},
	"email": {
		valid:   []string{"ada@example.com", "a.b+c@x.io", "joe@[192.0.2.1]", "joe@[IPv6:2001:db8::1]", "x@localhost"},
		invalid: []string{"ada@", "@example.com", "ada", "a..b@x.io", ".a@x.io", `"a b"@x.io`, "a@-x.io", "Ada <ada@example.com>"},
	},
	"hostname": {
		valid:   []string{"example.com", "localhost", "a-b.c", "1.example"},
		invalid: []string{"", "-a.com", "a-.com", "a..b", "exa mple.com", "a_b.com", "example.com."},
	},
	"ipv4": {
		valid:   []string{"192.0.2.1", "0.0.0.0", "255.255.255.255"},
		invalid: []string{"256.0.0.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "::1", " 1.2.3.4"},
	},
	"ipv6": {
		valid:   []string{"::1", "2001:db8::1", "::ffff:192.0.2.1", "fe80::1:2:3:4", "::"},
		invalid: []string{"1.2.3.4", "fe80::1%eth0", "2001:db8:::1", "12345::", ":::", "1:2:3:4:5:6:7:8:9"},
	},
	"uri": {
		valid:   []string{"https://example.com/a?b=c", "urn:isbn:0451450523", "mailto:ada@example.com", "http://[2001:db8::1]:80/x#f", "file:///etc/hosts"},
		invalid: []string{"example.com", "/relative", "http://exa mple.com", "1http://x", "http://x/%zz", "http://x#a#b", "http://[1.2.3.4]/"},
	},
	"uuid": {
		valid:   []string{"0b6f8a3e-7c4f-4c9a-9f1e-2d3c4b5a6f70", "00000000-0000-0000-0000-000000000000", "0B6F8A3E-7C4F-4C9A-9F1E-2D3C4B5A6F70"},
		invalid: []string{"not-a-uuid", "0b6f8a3e7c4f4c9a9f1e2d3c4b5a6f70", "0b6f8a3e-7c4f-4c9a-9f1e-2d3c4b5a6f7", "{0b6f8a3e-7c4f-4c9a-9f1e-2d3c4b5a6f70}"},
	},
}

func TestFormats(t *testing.T) {
	for _, name := range tsFormatNames {
		c, ok := formatCases[name]
		if !ok {
			t.Errorf("no cases for %s", name)
		}
		for _, s := range c.valid {
			if ok, known := tsFormat(name, s); !ok || !known {
				t.Errorf("%s: %q refused", name, s)
			}
		}
		for _, s := range c.invalid {
			if ok, _ := tsFormat(name, s); ok {
				t.Errorf("%s: %q accepted", name, s)
			}
		}
	}
	if ok, known := tsFormat("uri-reference", "x"); !ok || known {
		t.Error("a format toolspec does not assert is not an annotation")
	}
}

// TestFormatNamesDeclared: the runtime asserts the formats lang/descriptor
// declares, no more, no fewer.
func TestFormatNamesDeclared(t *testing.T) {
	if !slices.Equal(tsFormatNames, descriptor.AssertedFormats) {
		t.Errorf("runtime %q, lang/descriptor %q", tsFormatNames, descriptor.AssertedFormats)
	}
}

// TestSameAsRuntime: this package is gen/golang/runtime/format.go, which
// gen-go copies into every catalog, under another package clause.
func TestSameAsRuntime(t *testing.T) {
	want, err := os.ReadFile("../format.go")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("formats.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != strings.Replace(string(want), "package runtime\n", "package formats\n", 1) {
		t.Error("formats.go differs from ../format.go: copy it (sed 's/^package runtime$/package formats/' ../format.go > formats.go)")
	}
}
