package parser

// SetStreaming turns the parse while lexing (lexParsing) on or off, for
// a test to compare the two; it returns the setting of before.
func SetStreaming(on bool) bool {
	was := streaming
	streaming = on
	return was
}
