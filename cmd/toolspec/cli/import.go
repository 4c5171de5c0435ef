package cli

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/importer"
	"github.com/toolspec/toolspec/internal/sizecap"
	"github.com/toolspec/toolspec/openapi"
)

func init() { register(importCmd) }

func importCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "import openapi|mcp ...",
		Short: "Write a spec from an OpenAPI document or a tools/list result",
		Long: `Write a spec from the contract of an existing API: an OpenAPI document
(import openapi) or the tools/list result of a running MCP server (import
mcp). The spec goes through the formatter and the checker. What the
contract says that toolspec cannot express is reported on stderr, one a
line, as SOURCE: warning: tool T field F: ...`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usagef("import needs a source: openapi or mcp")
		},
	}
	cmd.AddCommand(importOpenAPICmd(e), importMCPCmd(e))
	return cmd
}

func importOpenAPICmd(e *env) *cobra.Command {
	var sel, tag, out, name, split string
	var all bool
	cmd := &cobra.Command{
		Use:   "openapi DOC [--select x-mcp|--tag T|--all] [-o SPEC]",
		Short: "Write a spec with one tool per selected OpenAPI operation",
		Long: `Write a spec with one tool per selected operation of an OpenAPI 3.0 or 3.1
document. Without a selection, operations with an x-mcp-* extension are
selected; a document without any needs --tag T or --all. Each tool names its
endpoint, so the spec passes parity against the same document.

--split DIR writes one spec per tag instead (an operation's first tag;
"untagged" for the rest) to DIR/TAG.tspec, each small enough for every
command including test-report (a tag over that is cut into several
specs), and DIR/index.md listing them. See docs/openapi.md.`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, a []string) error {
			opts := importer.Options{Name: name}
			n := 0
			if sel != "" {
				if sel != "x-mcp" {
					return usagef("--select takes x-mcp, not %q", sel)
				}
				opts.Select = importer.SelectXMCP
				n++
			}
			if tag != "" {
				opts.Select, opts.Tag = importer.SelectTag, tag
				n++
			}
			if all {
				opts.Select = importer.SelectAll
				n++
			}
			if n > 1 {
				return usagef("choose one of --select x-mcp, --tag T and --all")
			}
			if split != "" && out != "" {
				return usagef("choose one of -o SPEC and --split DIR")
			}
			doc, err := openapi.Load(a[0])
			if err != nil {
				e.docError(a[0], err)
				return failed
			}
			if split != "" {
				return e.importSplit(a[0], split, doc, opts)
			}
			res, err := importer.OpenAPI(doc, opts)
			if errors.Is(err, importer.ErrNoSelection) || errors.Is(err, importer.ErrNothingSelected) {
				return usagef("%s: %v", a[0], err)
			}
			if err != nil {
				fmt.Fprintf(e.stderr, "%s: error: %v\n", a[0], err)
				return failed
			}
			return e.writeImport(a[0], out, res)
		},
	}
	cmd.Flags().StringVar(&sel, "select", "", "select operations with x-mcp-* extensions (x-mcp)")
	cmd.Flags().StringVar(&tag, "tag", "", "select the operations with this tag")
	cmd.Flags().BoolVar(&all, "all", false, "select every operation")
	cmd.Flags().StringVarP(&out, "output", "o", "", "write the spec to this file instead of stdout")
	cmd.Flags().StringVar(&split, "split", "", "write one spec per tag to this folder, with an index.md")
	e.allowOutsideFlag(cmd)
	cmd.Flags().StringVar(&name, "name", "", "spec name (default: from the document's title)")
	return cmd
}

func importMCPCmd(e *env) *cobra.Command {
	var out, name string
	cmd := &cobra.Command{
		Use:   "mcp TOOLS_LIST.json [-o SPEC]",
		Short: "Write a spec from the tools/list result of an MCP server",
		Long: `Write a spec from a tools/list result ({"tools": [...]}, or a JSON-RPC
response holding one in "result"). What toolspec can express is kept
exactly: gen-json of the spec gives the same schemas back. See
docs/openapi.md.`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, a []string) error {
			data, err := sizecap.ReadFile(a[0], sizecap.Document, "a document")
			if err != nil {
				e.docError(a[0], err)
				return failed
			}
			res, err := importer.MCP(data, name)
			if err != nil {
				fmt.Fprintf(e.stderr, "%s: error: %v\n", a[0], err)
				return failed
			}
			return e.writeImport(a[0], out, res)
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "write the spec to this file instead of stdout")
	e.allowOutsideFlag(cmd)
	cmd.Flags().StringVar(&name, "name", "", "spec name (default: imported)")
	return cmd
}

// importSplit writes one spec per tag and their index to dir.
func (e *env) importSplit(src, dir string, doc *openapi.Doc, opts importer.Options) error {
	res, err := importer.OpenAPISplit(doc, opts, sizecap.Part)
	if errors.Is(err, importer.ErrNoSelection) || errors.Is(err, importer.ErrNothingSelected) {
		return usagef("%s: %v", src, err)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: error: %v\n", src, err)
		return failed
	}
	e.printImportWarnings(src, res.Warnings)
	var index bytes.Buffer
	fmt.Fprintf(&index, "# %s, one spec per tag\n\n", doc.Title)
	fmt.Fprintf(&index, "Written by `toolspec import openapi --split` from %s: %s, %s.\n\n", filepath.Base(src), count(len(res.Parts), "spec"), count(res.Tools, "tool"))
	index.WriteString("| spec | tag | tools |\n|---|---|---|\n")
	for _, p := range res.Parts {
		tag := strings.ReplaceAll(p.Tag, "|", `\|`)
		if p.Tag == "" {
			tag = "(none)"
		}
		fmt.Fprintf(&index, "| %s.tspec | %s | %d |\n", p.Name, tag, p.Tools)
	}
	for _, p := range res.Parts {
		if err := e.writeFile(filepath.Join(dir, p.Name+".tspec"), p.Spec); err != nil {
			return err
		}
	}
	if err := e.writeFile(filepath.Join(dir, "index.md"), index.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "wrote %s: %s, %s, %s\n", dir, count(len(res.Parts), "spec"), count(res.Tools, "tool"), count(len(res.Warnings), "warning"))
	return nil
}

// printImportWarnings prints an import's warnings, one a line.
func (e *env) printImportWarnings(src string, warnings []importer.Warning) {
	for _, w := range warnings {
		pos := src
		if w.At.Line > 0 {
			pos = fmt.Sprintf("%s:%d:%d", src, w.At.Line, w.At.Col)
		}
		if w.At.Pointer != "" {
			fmt.Fprintf(e.stderr, "%s: warning: %s (%s)\n", pos, w, w.At.Pointer)
		} else {
			fmt.Fprintf(e.stderr, "%s: warning: %s\n", pos, w)
		}
	}
}

// writeImport prints an import's warnings and writes its spec.
func (e *env) writeImport(src, out string, res *importer.Result) error {
	e.printImportWarnings(src, res.Warnings)
	// Never write what every other command refuses to read.
	if len(res.Spec) > sizecap.Spec {
		fmt.Fprintf(e.stderr, "%s: error: the spec would be %.1f MiB (%d tools), over the %d MiB every command reads: nothing written; import a part at a time (--split DIR: one spec per tag; --tag T; or x-mcp-* keys with the default selection)\n",
			src, float64(len(res.Spec))/(1<<20), res.Tools, sizecap.Spec>>20)
		return failed
	}
	if out == "" {
		_, err := e.stdout.Write(res.Spec)
		return err
	}
	if err := e.writeFile(out, res.Spec); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "wrote %s: %s, %s\n", out, count(res.Tools, "tool"), count(len(res.Warnings), "warning"))
	return nil
}

// docPlace names a place in an OpenAPI document: "DOC:12:7 #/pointer", or
// "DOC #/pointer" when its line is not known.
func docPlace(doc string, at openapi.Loc) string {
	if at.Line > 0 {
		return fmt.Sprintf("%s:%d:%d %s", doc, at.Line, at.Col, at.Pointer)
	}
	return doc + " " + at.Pointer
}
