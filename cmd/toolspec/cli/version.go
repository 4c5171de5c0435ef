package cli

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/seal"
)

func init() { register(versionCmd) }

func versionCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, the VCS revision and the output format versions",
		Long: `Print the module version and VCS revision this binary was built from (from
its build information), and the version of each output format: the seal
and every generator. Two binaries with the same format versions write the
same bytes for the same spec. Also toolspec --version.`,
		Args: args(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			fmt.Fprint(e.stdout, versionText())
			return nil
		},
	}
}

// versionText is what `toolspec version` and `toolspec --version` print:
//
//	toolspec v1.2.3
//	revision 0123abcd… (modified) 2026-12-01T20:00:00Z
//	go go1.26.8
//	format seal 2
//	format gen-go 1
//	...
func versionText() string {
	var b strings.Builder
	version, revision, built, modified, goVersion := "(unknown)", "", "", false, ""
	if info, ok := debug.ReadBuildInfo(); ok {
		version, goVersion = info.Main.Version, info.GoVersion
		if version == "" {
			version = "(devel)"
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.time":
				built = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	fmt.Fprintf(&b, "toolspec %s\n", version)
	switch {
	case revision == "":
		b.WriteString("revision unknown (built without VCS information: outside a git checkout, or with -buildvcs=false)\n")
	default:
		fmt.Fprintf(&b, "revision %s", revision)
		if modified {
			b.WriteString(" (modified)")
		}
		if built != "" {
			fmt.Fprintf(&b, " %s", built)
		}
		b.WriteString("\n")
	}
	if goVersion != "" {
		fmt.Fprintf(&b, "go %s\n", goVersion)
	}
	fmt.Fprintf(&b, "format seal %d\n", seal.Version)
	for _, be := range gen.Backends() {
		fmt.Fprintf(&b, "format %s %d\n", be.Name(), be.Format())
	}
	return b.String()
}
