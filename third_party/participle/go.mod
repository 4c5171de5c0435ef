module github.com/alecthomas/participle/v2

go 1.18

require (
	github.com/alecthomas/assert/v2 v2.11.0
	github.com/alecthomas/repr v0.4.0
)

require github.com/hexops/gotextdiff v1.0.3 // indirect
