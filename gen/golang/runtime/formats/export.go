package formats

// ValidFormat reports whether s is valid for the asserted format name;
// known is false for a name toolspec does not assert. It is for package
// validate (fixtures); the code gen-go copies into a catalog is formats.go alone.
func ValidFormat(name, s string) (ok, known bool) { return tsFormat(name, s) }

// FormatNames lists the asserted formats.
func FormatNames() []string { return append([]string(nil), tsFormatNames...) }
