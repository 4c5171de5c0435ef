package check

import "testing"

// knownSlow are 20 patterns that ReDoS detectors' test corpora (safe-regex,
// redos-detector, recheck, CodeQL's js/redos tests, OWASP's examples) list as
// taking exponential time in a backtracking engine, written in the
// portable subset (\s spelled as a space, no lookaround). Every one must
// be flagged.
var knownSlow = []string{
	`^(a+)+$`,
	`^(a*)*$`,
	`^([a-zA-Z]+)*$`,
	`^(a|aa)+$`,
	`^(aa|a)*$`,
	`^(a|a?)+$`,
	`(.*a){12}`,
	`^(x+x+)+y$`,
	`(a+){10}y`,
	`^(a|aa?)*b$`,
	`^_(__|.)+_$`,
	`^([ \[\{\(]|#.*)*$`,
	`^/(\\/|.)*/$`,
	`^(\w|\d)+$`,
	`^([a-z0-9]+-?)+$`,
	`^(a|b|ab)*c$`,
	`^([a-zA-Z0-9_.-])+@(([a-zA-Z0-9-])+\.)+([a-zA-Z0-9]{2,4})+$`,
	`^(([a-z])+.)+[A-Z]([a-z])+$`,
	`foo|(x+x+)+y`,
	`(.*){1,1000}[bc]`,
}

// moreSafe are common patterns beyond safePatterns, from everyday
// schemas: with safePatterns, at least 60 that must not be flagged.
var moreSafe = []string{
	`^[A-Z]{2}$`, `^[A-Z]{3}$`, `^\d{5}(-\d{4})?$`, `^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$`,
	`^(?:[a-z0-9-]+\.)*[a-z0-9-]+$`, `^v?\d+\.\d+\.\d+$`, `^[A-Za-z0-9_-]{1,64}$`, `^#[0-9a-f]{6}$`,
	`^[a-z]+://[^ ]+$`, `^[^\x00-\x1f]*$`, `^(true|false)$`, `^[a-z]{2}(-[A-Z]{2})?$`,
	`^/[a-z0-9/_-]*$`, `^[0-9]{1,3}(\.[0-9]{1,3}){3}$`, `^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$`,
}

func TestKnownSlowPatternsFlagged(t *testing.T) {
	t.Parallel()
	if len(knownSlow) != 20 {
		t.Fatalf("%d known slow patterns, want 20", len(knownSlow))
	}
	for _, p := range knownSlow {
		if msg := patternProblem(p); msg != "" {
			t.Errorf("%q is not portable: %s", p, msg)
			continue
		}
		if _, why := backtracking(p); why == "" {
			t.Errorf("backtracking(%q) says nothing; it takes exponential time in a backtracking engine", p)
		}
	}
}

func TestCommonSafePatternsNotFlagged(t *testing.T) {
	t.Parallel()
	all := append(append([]string(nil), safePatterns...), moreSafe...)
	if len(all) < 60 {
		t.Fatalf("%d safe patterns, want at least 60", len(all))
	}
	for _, p := range all {
		if msg := patternProblem(p); msg != "" {
			t.Errorf("%q is not portable: %s", p, msg)
			continue
		}
		if part, why := backtracking(p); why != "" {
			t.Errorf("backtracking(%q) flags a safe pattern: in %s, %s", p, part, why)
		}
	}
}
