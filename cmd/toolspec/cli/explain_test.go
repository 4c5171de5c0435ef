package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/lang/diag"
)

// TestExplainEveryCode: explain knows every code and every name of the
// table, and prints the table's text, with the message its wrong example
// gets rather than the message's template wherever check reports it.
func TestExplainEveryCode(t *testing.T) {
	for _, d := range diag.All() {
		for _, key := range []string{d.Code, d.Name} {
			var out, errs bytes.Buffer
			if code := Main([]string{"explain", key}, nil, &out, &errs); code != exitOK || errs.Len() > 0 {
				t.Errorf("explain %s: exit %d, stderr %q", key, code, errs.String())
			}
			ex := example(d)
			if ex == "" && d.Wrong != "" && (d.Phase == diag.Syntax || d.Phase == diag.Check) {
				t.Errorf("explain %s: check does not report %s on its wrong example", key, d.Code)
			}
			if out.String() != d.TextWith(ex) || !strings.HasPrefix(out.String(), d.Code+" "+d.Name+" ") {
				t.Errorf("explain %s printed:\n%s", key, out.String())
			}
		}
	}
}
