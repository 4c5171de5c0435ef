module github.com/toolspec/toolspec/third_party/stockcheck

go 1.26.8

require github.com/toolspec/toolspec v0.0.0

require github.com/alecthomas/participle/v2 v2.1.4 // indirect

replace github.com/toolspec/toolspec => ../..
