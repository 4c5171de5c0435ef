// Package mangle holds how a backend turns a tool name into an identifier
// of its language, declared once: the backend names its types with it, and
// the checker (lang/check) refuses two tool names that it turns into one,
// so that check refuses what a backend would refuse.
package mangle
