// Package pattern gives Go's RE2 engine the ECMAScript meaning of a spec's
// pattern. JSON Schema patterns are ECMA-262 regular expressions, and the
// checker (lang/check) admits only patterns both engines read alike but
// for one construct: `.`, which in RE2 also matches \r, U+2028 and U+2029.
// Every Go-side matcher — generated decoders, fixture validation, fixture
// synthesis — compiles RE2(p) instead of p, so a Go server and a
// JavaScript one accept the same strings while the schema text clients see
// stays what the author wrote.
package pattern
