package descriptor

import "flag"

var update = flag.Bool("update", false, "rewrite docs/language.md's generated tables")
