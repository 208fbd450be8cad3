#!/usr/bin/env bash
# The release rehearsal (make release-rehearsal; docs/release.md): publishes the repository's
# HEAD as version V of its modules in a module proxy on the file system, then, with an empty
# module cache, GOWORK=off and no replace directive anywhere, does what a user does:
#   1. go install github.com/urispec/urispec/cmd/urispec@V, and runs the installed command;
#   2. a new module that go gets github.com/urispec/urispec/uri@V, validates and prints;
#   3. a new module that go gets github.com/urispec/urispec/jsonschema/santhosh@V and
#      validates with a schema whose "format" is "uri".
# urispec's modules come from the file proxy, every other module from the proxy that `go env
# GOPROXY` names. Usage: rehearse.sh [V] (V: the version beam/ and jsonschema/ require).
set -euo pipefail
cd "$(dirname "$0")"
top=$(cd ../.. && pwd)
root=github.com/urispec/urispec
V=${1:-$(awk -v m=$root '$1 == m { print $2 }' "$top/jsonschema/go.mod")}
[ -n "$V" ] || { echo "rehearse.sh: no version given, and jsonschema/go.mod names none" >&2; exit 2; }
if [ -n "$(git -C "$top" status --porcelain)" ]; then
	echo "rehearse.sh: the work tree has changes that are not committed; the rehearsal publishes HEAD" >&2
fi

work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
echo "== publish $root and its modules at $V (HEAD: $(git -C "$top" rev-parse --short HEAD))"
GOWORK=off go run . -repo "$top" -version "$V" -out "$work/proxy" >"$work/go.sum.lines"
cat "$work/go.sum.lines"

upstream=$(go env GOPROXY | tr ',|' '\n\n' | grep -v -x -e direct -e off | paste -sd, -)
export GOPROXY="file://$work/proxy${upstream:+,$upstream}"
export GONOSUMDB=$root  # the checksum database knows no rehearsal's zips
export GOMODCACHE="$work/modcache" GOPATH="$work/gopath" GOBIN="$work/bin"
export GOWORK=off GOFLAGS=-mod=mod GOTOOLCHAIN=local
echo "== GOPROXY=$GOPROXY GOMODCACHE=$GOMODCACHE (empty)"

# fail prints what went wrong and ends the rehearsal.
fail() { echo "rehearse.sh: FAIL: $*" >&2; exit 1; }
# no_replace fails when the go.mod in the current directory has a replace directive.
no_replace() { ! grep -q '^replace\|^\s*replace\b' go.mod || fail "$(pwd)/go.mod has a replace directive"; }

echo "== 1. go install $root/cmd/urispec@$V"
(cd "$work" && go install "$root/cmd/urispec@$V")
out=$("$GOBIN/urispec" version)
echo "$out"
grep -q "$V" <<<"$out" || fail "urispec version does not name $V"
out=$("$GOBIN/urispec" check -spec rfc3986,whatwg 'http://a/b?c' 2>&1)
echo "$out"
[ "$(grep -c '^valid' <<<"$out")" = 2 ] || fail "urispec check: two valid verdicts expected"
if out=$("$GOBIN/urispec" check 'http://a b' 2>&1); then fail "urispec check 'http://a b' exited 0"; fi
grep -q '^invalid' <<<"$out" || fail "urispec check 'http://a b': no invalid verdict"

# The scratch modules start at the root module's go line, the oldest Go the library supports.
rootgo=$(awk '$1 == "go" { print $2 }' "$top/go.mod")

echo "== 2. a module at go $rootgo that go gets $root/uri@$V"
mkdir "$work/lib" && cd "$work/lib"
go mod init example.com/rehearsal/lib >/dev/null 2>&1 && go mod edit -go="$rootgo"
cat >main.go <<'GO'
package main

import (
	"fmt"
	"os"

	"github.com/urispec/urispec/uri"
)

func main() {
	ref, err := uri.Parse(uri.RFC3986, "https://user@example.org:8080/a/b?q#f")
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Printf("parsed: %+v\n", ref)
	err = uri.Validate(uri.RFC3986, "http://a b")
	fmt.Println("http://a b:", err)
	if err == nil {
		os.Exit(1)
	}
}
GO
go get "$root/uri@$V"
no_replace
grep -qx "go $rootgo" go.mod || fail "go get $root/uri@$V raised the go line: $(grep '^go ' go.mod)"
go run .
grep "^go \|^require\|^\s*github.com\|^\s*golang.org" go.mod
echo "go.sum: $(wc -l <go.sum) lines"

echo "== 3. a module at go $rootgo that go gets $root/jsonschema/santhosh@$V"
mkdir "$work/plugin" && cd "$work/plugin"
go mod init example.com/rehearsal/plugin >/dev/null 2>&1 && go mod edit -go="$rootgo"
cat >main.go <<'GO'
package main

import (
	"fmt"
	"os"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/urispec/urispec/jsonschema/santhosh"
)

func main() {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	santhosh.Register(c)
	if err := c.AddResource("https://example.org/s.json", map[string]any{"format": "uri"}); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	sch, err := c.Compile("https://example.org/s.json")
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	good, bad := "https://example.org/a?b#c", "https://example.org/foobar®.txt"
	if err := sch.Validate(good); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Println("valid:", good)
	err = sch.Validate(bad)
	fmt.Println(err)
	if err == nil {
		os.Exit(1)
	}
}
GO
go get "$root/jsonschema/santhosh@$V" github.com/santhosh-tekuri/jsonschema/v6
no_replace
go run .
grep "^go \|^require\|^\s*github.com\|^\s*golang.org" go.mod
echo "== release rehearsal of $V: ok"
