package parser

// SetStreaming turns the parse while lexing (lexParsing) on or off, for
// a test to compare the two; it returns the setting of before.
func SetStreaming(on bool) bool {
	was := streaming
	streaming = on
	return was
}

// CacheKeys are the texts a Cache keys its declarations by.
func CacheKeys(c *Cache) []string {
	var keys []string
	for k := range c.decls {
		keys = append(keys, k.text)
	}
	return keys
}
