# urispec: see README.md. Every target works on a fresh machine with Go and make.
GO       ?= go
N        ?= 1000000
FUZZTIME ?= 1m
PKG      := ./...

.PHONY: all generate check-generated test test-modules vet vet-root vet-modules fuzz bench conformance conformance-sample release-rehearsal site

all: test

# Regenerate gen/*/parser.go and api.go from grammar/*.peg (peg v1.0.1 through
# internal/pegwrap), and internal/pegwrap/api/parser.go, the parser its API is tested with.
generate:
	cd gen && $(GO) generate ./...
	$(GO) generate ./internal/pegwrap/api

# Regenerate into a temporary copy and fail if anything differs from what is committed
# (go test ./internal/pegwrap -run TestGeneratedFilesUpToDate checks the same).
check-generated:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	cp -R go.mod go.sum tools.go grammar gen internal "$$tmp"/ && \
	(cd "$$tmp/gen" && $(GO) generate ./...) && (cd "$$tmp" && $(GO) generate ./internal/pegwrap/api) && \
	if diff -r gen "$$tmp/gen" && diff -r internal/pegwrap/api "$$tmp/internal/pegwrap/api"; then \
		echo "check-generated: gen/ and internal/pegwrap/api are up to date"; \
	else echo "check-generated: generated files are stale: run 'make generate' and commit" >&2; exit 1; fi

# vet-root vets the root module (the library, the command and their internal packages)
# and checks gofmt on every Go file; make test runs it.
vet-root:
	$(GO) vet $(PKG)
	GOOS=js GOARCH=wasm $(GO) vet ./playground/...
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt -l lists:" >&2; echo "$$out" >&2; exit 1; fi

# beam/ and jsonschema/ are modules of their own (Apache Beam's dependencies, and those of the
# JSON Schema and OpenAPI validators, stay out of the root go.mod): their packages are vetted
# and tested from inside them, against this working tree through each one's go.work (which
# replaces the version of the root module that its go.mod requires by ..). So are
# internal/uts46/gen (a table's generator), internal/browser (which the browser test builds),
# internal/release (the release rehearsal's zips), internal/anchorbench (make bench's
# comparison with fasthttp) and internal/precompress (make site's brotli), vetted. make vet
# vets them all; make test-modules too.
vet: vet-root vet-modules
vet-modules:
	cd beam && $(GO) vet ./...
	cd jsonschema && $(GO) vet ./...
	cd internal/uts46/gen && $(GO) vet ./...
	cd internal/browser && $(GO) vet ./...
	cd internal/release && $(GO) vet ./...
	cd internal/anchorbench && $(GO) vet ./...
	cd internal/precompress && $(GO) vet ./...

# The test command of the README: the library and the command (the root module), with the
# long oracle and probing tests at their default, small sizes (make conformance runs them
# whole). It needs no module that only beam/ and jsonschema/ use. TESTTIMEOUT bounds each
# package's run: go test's default of 10 minutes is short for a loaded machine.
TESTTIMEOUT ?= 45m
test: vet-root
	$(GO) test -timeout $(TESTTIMEOUT) $(PKG)

# The modules of their own (Apache Beam's pipeline, the JSON Schema and OpenAPI plug-ins):
# vetted, with the other modules above, and tested. CI runs it after make test.
test-modules: vet-modules
	cd beam && $(GO) test -timeout $(TESTTIMEOUT) ./...
	cd jsonschema && $(GO) test -timeout $(TESTTIMEOUT) ./...

# Every spec against net/url on each benchmark corpus (testdata/corpora/README.md: realworld,
# gosrc and loader), then accepted and rejected lines apart, then the scheme grammars; each
# spec with scheme grammars by its default parser and by its generic one. Then, in one
# process, net/url, valyala/fasthttp's URI.Parse and urispec's default and generic paths on
# every list (internal/anchorbench, a module of its own). docs/performance.md reads both.
bench:
	$(GO) test ./uri -run '^$$' -bench 'RealWorld|Verdicts|Schemes' -benchtime 5x -count 5 -timeout 0
	cd internal/anchorbench && $(GO) run .

# Differential test of every grammar against its ABNF oracle with N strings per spec and
# per scheme grammar's top rule (grammar/schemes/), N1738 per entry rule of RFC 1738's
# grammar (each is a few times slower), and every input of the reference
# explain comparison; then every string of the W-method suite of each grammar's minimal
# automaton, and the witnesses of every pair of languages (uri/specdiff_test.go); then
# every generator pass switched off on every grammar, against the parser with all passes.
# make test runs the same tests small: a few hundred oracle strings per spec or rule, one
# explain input in ten, every pass on internal/pegwrap's small test grammar.
N1738   ?= 800
conformance:
	$(GO) test ./uri -run '^(TestOracle|TestSchemeOracle|TestOracleRFC1630Generic|TestURL1993NearMisses|TestExplainMatchesProbing|TestSchemeExplainMatchesProbing|TestSchemeShortcuts)$$' -count 1 -timeout 0 -v -oracle.n=$(N) -probing.sample=1
	$(GO) test ./uri -run '^TestOracleRFC1738Entries$$' -count 1 -timeout 0 -v -oracle.n=$(N1738)
	$(GO) test ./uri -run '^TestSpecdiff' -count 1 -timeout 0 -v -specdiff.sample=1 -specdiff.pairs=all
	$(GO) test ./internal/pegwrap -run '^TestPassesKeepTheLanguage$$' -count 1 -timeout 0 -v -passes.all

# The sample of make conformance that CI runs: 2,000 oracle strings per spec and 800 per
# RFC 1738 entry rule (make test: 400 and 200), every explain input (make test: one in ten),
# every pass on grammar/rfc3986.peg as well as on the test grammar.
conformance-sample:
	$(GO) test ./uri -run '^(TestOracle|TestSchemeOracle|TestOracleRFC1630Generic|TestURL1993NearMisses|TestExplainMatchesProbing|TestSchemeExplainMatchesProbing|TestSchemeShortcuts)$$' -count 1 -timeout $(TESTTIMEOUT) -oracle.n=2000 -probing.sample=1
	$(GO) test ./uri -run '^TestOracleRFC1738Entries$$' -count 1 -timeout $(TESTTIMEOUT) -oracle.n=800
	$(GO) test ./internal/pegwrap -run '^TestPassesKeepTheLanguage$$' -count 1 -timeout $(TESTTIMEOUT) -passes.grammars=rfc3986

# Run every fuzz target for FUZZTIME each, one after the other. Each input that widens
# coverage is minimized in at most FUZZMINIMIZE runs of the target (go test's default is
# 60s an input, in which a target explores nothing else; a time of 1s still took 9 of
# FuzzMerge's 10s, whose inputs are whole summaries: 13 executions, against 6,945 with
# 20x). A grammar's fuzz workers read it as the coordinating process parsed it
# (uri/oracle_handoff_test.go), so even from an empty fuzz cache the seed corpus runs
# in the first seconds of FUZZTIME.
#
# Go 1.26's fuzzing coordinator can end a run that found nothing with a bare "context
# deadline exceeded" failure when -fuzztime expires while a worker is between inputs (it
# compares the error with the workers' context before that context is cancelled:
# go.dev/issue/75804, fixed in Go 1.27). A real finding always prints "Failing input
# written to". So a failure whose only message is that deadline, with no input written,
# runs the target once more; a second such failure, or any other failure, stops make.
#
# FuzzValidate (uri/fuzz_test.go) checks every grammar with an ABNF oracle; make fuzz runs it
# once for each grammar/*.abnf, for FUZZTIME each, through its -fuzz.grammar flag.
FUZZGRAMMARS := $(basename $(notdir $(wildcard grammar/*.abnf)))
FUZZPKGS := ./uri ./uri/template ./uri/hazard ./cmd/urispec ./internal/whatwgurl ./internal/uts46
FUZZMINIMIZE ?= 20x
fuzz:
	@log=$$(mktemp) && trap 'rm -f "$$log"' EXIT && \
	for pkg in $(FUZZPKGS); do \
		for t in $$($(GO) test $$pkg -list '^Fuzz' | grep '^Fuzz'); do \
			runs=-; \
			if [ "$$pkg $$t" = "./uri FuzzValidate" ]; then runs="$(FUZZGRAMMARS)"; fi; \
			for run in $$runs; do \
			arg=""; [ "$$run" = - ] || arg="-fuzz.grammar=$$run"; \
			for try in 1 2; do \
				echo "== $$pkg $$t $$arg"; \
				if $(GO) test $$pkg -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) $$arg >"$$log" 2>&1; \
				then cat "$$log"; break; else cat "$$log"; fi; \
				if [ $$try = 1 ] && ! grep -q 'Failing input written' "$$log" && \
					[ "$$(grep -A1 -- '^--- FAIL: ' "$$log" | tail -n 1)" = "    context deadline exceeded" ]; then \
					echo "fuzz: $$t stopped at -fuzztime with no failing input (go.dev/issue/75804): running it again"; \
					continue; \
				fi; \
				exit 1; \
			done; \
			done; \
		done; \
	done

# Publish HEAD as version V of the root module, beam/ and jsonschema/ in a module proxy on the
# file system, then, from an empty module cache and with no replace directive, go install the
# command and go get the library and a JSON Schema plug-in (docs/release.md). V defaults to the
# version of the root module that jsonschema/go.mod requires.
release-rehearsal:
	bash internal/release/rehearse.sh $(V)

# The playground (docs/playground.md): package uri compiled to WebAssembly, the page of
# playground/web and the toolchain's wasm_exec.js in SITE, each with a gzip and a brotli
# copy beside it (internal/precompress, a module of its own). urispec serve SITE opens it;
# .github/workflows/pages.yml publishes it.
SITE ?= playground/dist
site:
	rm -rf $(SITE) && mkdir -p $(SITE)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $(SITE)/urispec.wasm ./playground/wasm
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $(SITE)/extra.wasm ./playground/extra
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" playground/web/index.html playground/web/app.js \
		playground/web/worker.js playground/web/sw.js playground/web/style.css playground/web/favicon.svg $(SITE)/
	cd internal/precompress && $(GO) run . $(abspath $(SITE))/*.*
