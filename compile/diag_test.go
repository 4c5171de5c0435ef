package compile_test

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/lang/diag"
)

// TestDiagnosticExamples: the wrong example of every diagnostic in the
// table gets that diagnostic, with the table's severity, and the right
// example gets no diagnostic at all.
func TestDiagnosticExamples(t *testing.T) {
	for _, d := range diag.All() {
		t.Run(d.Code+"-"+d.Name, func(t *testing.T) {
			t.Parallel()
			if d.NoExample != "" {
				if d.Wrong != "" || d.Right != "" {
					t.Fatal("NoExample is set, but so are examples")
				}
				return
			}
			wrong := compile.Source("wrong.tspec", []byte(d.Wrong))
			found := false
			for _, x := range wrong.Diags {
				if strings.Contains(x.Msg, "%!") {
					t.Errorf("the arguments do not fit the format: %s", x)
				}
				if d.Is(x) {
					found = true
					if x.Severity != d.Severity {
						t.Errorf("wrong example: %s reported as %s", x, x.Severity)
					}
				}
			}
			if !found {
				t.Errorf("the wrong example does not get %s; it gets:\n%v\n%s", d.Code, wrong.Diags, d.Wrong)
			}
			if right := compile.Source("right.tspec", []byte(d.Right)); len(right.Diags) > 0 {
				t.Errorf("the right example gets diagnostics:\n%v\n%s", right.Diags, d.Right)
			}
		})
	}
}
