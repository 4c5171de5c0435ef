package formats

import (
	"net/netip"
	"regexp"
	"strings"
)

// The formats toolspec asserts (LANGUAGE.md section 4, docs/language.md
// "Formats"): fixtures are judged by these functions (package validate
// registers them with the JSON Schema validator), so a server and
// test-report give one verdict. Standard library where it implements the
// RFC as JSON Schema reads it (net/netip for ipv4 and ipv6); the date and
// time forms of RFC 3339, its duration ABNF (appendix A), RFC 1123 host
// names, RFC 5321 addresses (dot-atom local parts, no quoted ones), RFC
// 3986 absolute URIs and RFC 4122 UUIDs are checked by hand, because
// time.Parse, net/mail and net/url accept more than those RFCs (a
// lower-case month name, a display name, a relative reference) and a
// JavaScript validator must give the same verdict on every string.

// tsFormatNames lists the asserted formats (lang/descriptor declares the
// same list; a test holds them equal).
var tsFormatNames = []string{"date-time", "date", "time", "duration", "email", "hostname", "ipv4", "ipv6", "uri", "uuid"}

// tsFormat reports whether s is valid for the asserted format name; known
// is false for any other name (an annotation, never asserted).
func tsFormat(name, s string) (ok, known bool) {
	switch name {
	case "date-time":
		d, t, found := strings.Cut(s, "T")
		if !found {
			d, t, found = strings.Cut(s, "t")
		}
		return found && tsDate(d) && tsTime(t), true
	case "date":
		return tsDate(s), true
	case "time":
		return tsTime(s), true
	case "duration":
		return tsDurationRx.MatchString(s), true
	case "email":
		return tsEmail(s), true
	case "hostname":
		return tsHostname(s), true
	case "ipv4":
		a, err := netip.ParseAddr(s)
		return err == nil && a.Is4(), true
	case "ipv6":
		a, err := netip.ParseAddr(s)
		return err == nil && a.Is6() && a.Zone() == "" && !strings.Contains(s, "%"), true
	case "uri":
		return tsURI(s), true
	case "uuid":
		return tsUUIDRx.MatchString(s), true
	}
	return true, false
}

var (
	tsDurationRx = regexp.MustCompile(`^P(?:(?:[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?|[0-9]+M(?:[0-9]+D)?|[0-9]+D)(?:T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S))?|T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)|[0-9]+W)$`)
	tsUUIDRx     = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
	tsDateRx     = regexp.MustCompile(`^([0-9]{4})-([0-9]{2})-([0-9]{2})$`)
	tsTimeRx     = regexp.MustCompile(`^([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))$`)
	tsAtomRx     = regexp.MustCompile("^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$")
	tsLabelRx    = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$`)
	tsSchemeRx   = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*$`)
	tsURICharsRx = regexp.MustCompile(`^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$`)
)

// tsDate is RFC 3339 full-date: a real day of the proleptic Gregorian
// calendar.
func tsDate(s string) bool {
	m := tsDateRx.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	y, mo, d := tsAtoi(m[1]), tsAtoi(m[2]), tsAtoi(m[3])
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if mo < 1 || mo > 12 || d < 1 {
		return false
	}
	if mo == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		return d <= 29
	}
	return d <= days[mo-1]
}

// tsTime is RFC 3339 full-time: a time with an offset; second 60 is a
// leap second, allowed at 23:59 UTC only.
func tsTime(s string) bool {
	m := tsTimeRx.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	h, mi, sec := tsAtoi(m[1]), tsAtoi(m[2]), tsAtoi(m[3])
	oh, om := 0, 0
	if m[4] != "" {
		oh, om = tsAtoi(m[5]), tsAtoi(m[6])
	}
	if h > 23 || mi > 59 || sec > 60 || oh > 23 || om > 59 {
		return false
	}
	if sec == 60 {
		// The UTC time must be 23:59.
		utc := h*60 + mi
		if m[4] == "+" {
			utc -= oh*60 + om
		} else if m[4] == "-" {
			utc += oh*60 + om
		}
		return (utc%1440+1440)%1440 == 23*60+59
	}
	return true
}

func tsAtoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// tsHostname is an RFC 1123 host name: dot-separated labels of letters,
// digits and inner hyphens, 1 to 63 characters each, 253 in all.
func tsHostname(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for _, l := range strings.Split(s, ".") {
		if !tsLabelRx.MatchString(l) {
			return false
		}
	}
	return true
}

// tsEmail is an RFC 5321 Mailbox without quoted local parts: a dot-atom
// of at most 64 characters, "@", and a host name or an address literal
// ([192.0.2.1], [IPv6:2001:db8::1]).
func tsEmail(s string) bool {
	i := strings.LastIndexByte(s, '@')
	if i < 1 || i > 64 || !tsAtomRx.MatchString(s[:i]) {
		return false
	}
	domain := s[i+1:]
	if strings.HasPrefix(domain, "[") && strings.HasSuffix(domain, "]") {
		lit := domain[1 : len(domain)-1]
		if v6, ok := strings.CutPrefix(lit, "IPv6:"); ok {
			ok, _ := tsFormat("ipv6", v6)
			return ok
		}
		ok, _ := tsFormat("ipv4", lit)
		return ok
	}
	return tsHostname(domain)
}

// tsURI is an RFC 3986 absolute URI: a scheme, ":", then characters a URI
// may hold (percent-encodings well formed, at most one "#"), brackets
// only around an IP literal host.
func tsURI(s string) bool {
	scheme, rest, ok := strings.Cut(s, ":")
	if !ok || !tsSchemeRx.MatchString(scheme) {
		return false
	}
	if strings.Count(rest, "#") > 1 {
		return false
	}
	rest = strings.Replace(rest, "#", "", 1)
	if auth, ok := strings.CutPrefix(rest, "//"); ok {
		end := strings.IndexAny(auth, "/?")
		if end < 0 {
			end = len(auth)
		}
		host := auth[:end]
		if at := strings.LastIndexByte(host, '@'); at >= 0 {
			host = host[at+1:]
		}
		if open := strings.IndexByte(host, '['); open >= 0 {
			close := strings.IndexByte(host, ']')
			if open != 0 || close < 0 {
				return false
			}
			if ok, _ := tsFormat("ipv6", host[1:close]); !ok {
				return false
			}
			rest = strings.Replace(rest, host[:close+1], "", 1)
		}
	}
	return tsURICharsRx.MatchString(rest)
}

// tsFormatAsserted reports whether toolspec asserts the format name.
func tsFormatAsserted(name string) bool {
	_, known := tsFormat(name, "")
	return known
}
