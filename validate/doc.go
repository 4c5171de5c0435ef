// Package validate compiles emitted JSON Schema with
// santhosh-tekuri/jsonschema and validates JSON values against it. It is the
// one place toolspec decides whether a value satisfies a schema: the test
// report, the default/example check and the tests all go through it.
package validate
