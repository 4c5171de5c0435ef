// Package formats asserts the string formats toolspec checks (LANGUAGE.md
// section 4): date-time, date, time, duration, email, hostname, ipv4,
// ipv6, uri and uuid. Package validate judges fixtures with it; the code
// is written as the gen-go runtime is (standard library only, every name
// starting with ts) so that the generated decoders can carry the same
// functions.
package formats
