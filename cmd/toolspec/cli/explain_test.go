package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/lang/diag"
)

// TestExplainEveryCode: explain knows every code and every name of the
// table, and prints the table's text.
func TestExplainEveryCode(t *testing.T) {
	for _, d := range diag.All() {
		for _, key := range []string{d.Code, d.Name} {
			var out, errs bytes.Buffer
			if code := Main([]string{"explain", key}, nil, &out, &errs); code != exitOK || errs.Len() > 0 {
				t.Errorf("explain %s: exit %d, stderr %q", key, code, errs.String())
			}
			if out.String() != d.Text() || !strings.HasPrefix(out.String(), d.Code+" "+d.Name+" ") {
				t.Errorf("explain %s printed:\n%s", key, out.String())
			}
		}
	}
}
