// Package token holds what every phase of toolspec shares about source text:
// positions and diagnostics. It imports nothing of the project.
package token
