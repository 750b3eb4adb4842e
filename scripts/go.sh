#!/usr/bin/env bash
# Prints the folder of a Go toolchain at least as new as go.mod's `go` line, to put first on PATH.
# A `go` already on PATH that is new enough is used as it is; otherwise the toolchain is downloaded
# from the Go module proxy (golang.org/toolchain, the module the go command itself switches to),
# checked against the SHA-256 pinned below, and unpacked into $TOOLS_DIR/go-<version> (default
# .tools/). Debian's golang-go is too old to read go.mod. The zip stays in $TOOLS_DIR/cache, so an
# install into a new folder makes no download. Idempotent: a second run only prints.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tools=${TOOLS_DIR:-$root/.tools}
version=$(sed -n 's/^go \([0-9][0-9.a-z]*\)$/\1/p' "$root/go.mod")
[ -n "$version" ] || { echo "go.sh: no 'go' line in $root/go.mod" >&2; exit 1; }

# Is the go on PATH new enough? GOTOOLCHAIN=local and / keep it from switching toolchains itself.
if have=$(cd / && GOTOOLCHAIN=local go env GOVERSION 2>/dev/null) && [[ $have =~ ^go([0-9][0-9.a-z]*)$ ]] &&
  [ "$(printf '%s\n%s\n' "$version" "${BASH_REMATCH[1]}" | sort -V | head -n 1)" = "$version" ]; then
  echo "$(cd / && GOTOOLCHAIN=local go env GOROOT)/bin"
  exit 0
fi

dir="$tools/go-$version"
if [ -x "$dir/bin/go" ]; then
  echo "$dir/bin"
  exit 0
fi

case "$(uname -m)" in
x86_64 | amd64) arch=amd64 ;;
aarch64 | arm64) arch=arm64 ;;
*) echo "go.sh: no Go toolchain pinned for $(uname -m)" >&2; exit 1 ;;
esac
# sha256sum of the proxy's zip (the same zip `go mod download` checks against sum.golang.org).
# A new go line in go.mod needs its two sums here.
case "$version-$arch" in
1.26.8-amd64) sum=30c2b1bf7dcc88d3eb0a1364e47ddd9128edb3110a30e8a0ef61cd5856b31de7 ;;
1.26.8-arm64) sum=02b36b6787b3ac767668f630e2998df45a3b1f9ffee08d1bf3ef6487cd658d99 ;;
*) echo "go.sh: no SHA-256 pinned for Go $version on linux-$arch: add it to scripts/go.sh" >&2; exit 1 ;;
esac

# curl or wget, unzip and the CA certificates: scripts/deps.sh installs what is missing.
if ! { command -v curl >/dev/null || command -v wget >/dev/null; } || ! command -v unzip >/dev/null ||
  [ ! -e /etc/ssl/certs/ca-certificates.crt ]; then
  "$root/scripts/deps.sh" tools >&2
fi

module=v0.0.1-go$version.linux-$arch
zip="$tools/cache/golang.org-toolchain-$module.zip"
mkdir -p "$tools/cache"
if [ ! -e "$zip" ]; then
  # The first proxy of GOPROXY that is a URL (not "direct" or "off"), else Google's.
  proxy=${GOPROXY:-}
  proxy=${proxy%%[,|]*}
  [[ $proxy == http://* || $proxy == https://* ]] || proxy=https://proxy.golang.org
  url="${proxy%/}/golang.org/toolchain/@v/$module.zip"
  echo "go.sh: downloading Go $version from $url" >&2
  if command -v curl >/dev/null; then
    curl -fsSL --retry 3 -o "$zip.part" "$url"
  else
    wget -q -O "$zip.part" "$url"
  fi
  mv "$zip.part" "$zip"
fi
if [ "$(sha256sum "$zip" | cut -d ' ' -f 1)" != "$sum" ]; then
  rm -f "$zip"
  echo "go.sh: $zip does not have the pinned SHA-256 $sum: deleted, nothing installed" >&2
  exit 1
fi

work=$(mktemp -d "$tools/go-$version.XXXXXX")
trap 'rm -rf "$work"' EXIT
unzip -q "$zip" -d "$work"
unpacked="$work/golang.org/toolchain@$module"
# Module zips need not keep file modes: the go command makes these executable when it unpacks one.
chmod +x "$unpacked"/bin/* "$unpacked"/pkg/tool/*/*
rm -rf "$dir"
mv "$unpacked" "$dir"
echo "$dir/bin"
