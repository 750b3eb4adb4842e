#!/usr/bin/env bash
# Checks scripts/go.sh as a fresh machine runs it (a step of make test): with no Go on PATH and an
# empty tools folder it installs go.mod's toolchain and that toolchain works; a zip without the
# pinned SHA-256 is refused. The zip is downloaded once and kept in .tools/cache (or $TOOLS_DIR/cache):
# later runs install from it, with the proxy pointed at a closed port to prove they download nothing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${TOOLS_DIR:-$root/.tools}/cache
version=$(sed -n 's/^go \([0-9][0-9.a-z]*\)$/\1/p' "$root/go.mod")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test-go-install: $*" >&2; exit 1; }
# A machine without Go: Debian's PATH and an empty HOME (so no GOPATH, GOCACHE or go env file).
bare() { (cd "$tmp" && env -i PATH=/usr/bin:/bin HOME="$tmp" "$@"); }

mkdir -p "$tmp/tools/cache" "$cache"
proxy=${GOPROXY:-https://proxy.golang.org}
for zip in "$cache"/golang.org-toolchain-v0.0.1-go"$version".linux-*.zip; do
  [ -e "$zip" ] || continue
  ln -s "$zip" "$tmp/tools/cache/"
  proxy=http://127.0.0.1:9
done

bin=$(bare TOOLS_DIR="$tmp/tools" GOPROXY="$proxy" bash "$root/scripts/go.sh") || fail "scripts/go.sh failed"
[ "$bin" = "$tmp/tools/go-$version/bin" ] || fail "expected $tmp/tools/go-$version/bin, got $bin (a Go in /usr/bin or /bin?)"
bare "$bin/go" version | grep -q "^go version go$version " || fail "$(bare "$bin/go" version)"
[ "$(bare "$bin/go" env GOROOT)" = "$tmp/tools/go-$version" ] || fail "GOROOT is $(bare "$bin/go" env GOROOT)"
[ "$(bare "$bin/go" list -f '{{.Dir}}' runtime)" = "$tmp/tools/go-$version/src/runtime" ] || fail "the standard library is not found"
bare "$bin/go" tool compile -V | grep -q "go$version" || fail "the compiler does not run"
[ "$(bare TOOLS_DIR="$tmp/tools" bash "$root/scripts/go.sh")" = "$bin" ] || fail "a second run did not find the install"
for zip in "$tmp/tools/cache"/*.zip; do
  [ -L "$zip" ] || cp "$zip" "$cache/"
done
echo "scripts/go.sh installed $("$bin/go" version) from $([ "$proxy" = http://127.0.0.1:9 ] && echo "the cached zip" || echo "$proxy")"

# A zip that is not the one pinned is deleted and nothing is installed.
mkdir -p "$tmp/bad/cache"
name=$(basename "$(ls "$tmp/tools/cache"/*.zip)")
echo "not the toolchain" > "$tmp/bad/cache/$name"
if bare TOOLS_DIR="$tmp/bad" GOPROXY=http://127.0.0.1:9 bash "$root/scripts/go.sh" 2>"$tmp/bad.err"; then
  fail "a zip with the wrong SHA-256 was accepted"
fi
grep -q "SHA-256" "$tmp/bad.err" || fail "unexpected error: $(cat "$tmp/bad.err")"
[ ! -e "$tmp/bad/go-$version" ] && [ ! -e "$tmp/bad/cache/$name" ] || fail "the refused zip left files behind"
echo "scripts/go.sh refused a zip with the wrong SHA-256"
