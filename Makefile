# toolspec — build, test, fuzz, bench, verify.
#
# `make test` is the one test command: it installs the node packages the
# JavaScript tests need (npm ci, from package-lock.json), then runs every Go
# test with the node-backed tests required rather than skipped.

GO       ?= go
BIN      ?= bin/toolspec
FUZZTIME ?= 60s

.PHONY: all build test gotest nodedeps fuzz bench verify vet clean

all: build

build:
	$(GO) build -o $(BIN) ./cmd/toolspec

nodedeps:
	@if [ -f package-lock.json ]; then npm ci --no-audit --no-fund --loglevel=error; fi

test: nodedeps vet
	TOOLSPEC_REQUIRE_NODE=1 $(GO) test -count=1 ./...

vet:
	$(GO) vet ./...

# Fuzz each target for FUZZTIME (go test -fuzz takes one target at a time).
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./lang/parser
	$(GO) test -run '^$$' -fuzz '^FuzzFormat$$' -fuzztime $(FUZZTIME) ./lang/format

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Check that every sealed artifact of the example specs is current.
verify: build
	@echo "verify: no sealed specs yet"

clean:
	rm -rf bin node_modules
