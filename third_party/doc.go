// Package third_party holds the tests of the code copied into the
// repository: third_party/participle must stay participle as released
// plus third_party/participle.patch, and parse every spec as stock
// participle does (README.md).
package third_party
