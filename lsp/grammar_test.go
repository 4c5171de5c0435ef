package lsp

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// grammar is editors/vscode's TextMate grammar.
const grammar = "../editors/vscode/syntaxes/toolspec.tmLanguage.json"

// TestGrammarWords holds the grammar's word lists to the language's: every
// kind and every modifier the parser knows is highlighted as one.
func TestGrammarWords(t *testing.T) {
	src, err := os.ReadFile(grammar)
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Repository map[string]struct{ Match string }
	}
	if err := json.Unmarshal(src, &g); err != nil {
		t.Fatal(err)
	}
	for rule, words := range map[string][]string{"kind": kindWords(), "modifier": modifierWords("", true)} {
		rx, err := regexp.Compile(g.Repository[rule].Match)
		if err != nil {
			t.Fatalf("rule %s: %v", rule, err)
		}
		for _, w := range words {
			if w == "range" {
				continue // written as A..B, not as a word (rule "range")
			}
			if rx.FindString(w) != w {
				t.Errorf("grammar rule %s does not highlight %q", rule, w)
			}
		}
	}
}

// TestGrammar runs vscode-tmgrammar-test on the sample files of
// editors/vscode/test: every token class is asserted there. It needs node
// and npm ci, like the other node-backed tests.
func TestGrammar(t *testing.T) {
	root, _ := filepath.Abs("..")
	tool := filepath.Join(root, "node_modules", "vscode-tmgrammar-test", "dist", "unit.js")
	if _, err := exec.LookPath("node"); err != nil || !exists(tool) {
		if os.Getenv("TOOLSPEC_REQUIRE_NODE") == "1" {
			t.Fatal("node or node_modules/vscode-tmgrammar-test is missing: run npm ci (make test does)")
		}
		t.Skip("node or node_modules/vscode-tmgrammar-test is missing: run npm ci to run this test")
	}
	cmd := exec.Command("node", tool, "-g", "editors/vscode/syntaxes/toolspec.tmLanguage.json", "editors/vscode/test/*.tspec")
	cmd.Dir = root
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("vscode-tmgrammar-test: %v\n%s", err, out.Bytes())
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
