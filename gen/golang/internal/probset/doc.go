// Package probset compares the problems a generated decoder reports with
// the failures santhosh-tekuri/jsonschema (through package validate)
// finds, as sets of "pointer keyword" pairs, for the differential tests
// of gen/golang and its fuzz targets.
package probset
