#!/usr/bin/env bash
# Installs the Mailpit mail catcher (SMTP plus a web page and REST API) into .tools/bin/mailpit and
# prints its path. Mailpit has no Debian package and its Go module lacks the built web UI, so the UI
# is built here with npm once; if that fails, the API-only build is kept (mail then reads at
# /api/v1/messages). Idempotent: a second run only prints.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=v1.33.1
bin="$root/.tools/bin/mailpit"
stamp="$root/.tools/bin/mailpit.$version"
if [ -x "$bin" ] && [ -e "$stamp" ]; then
  echo "$bin"
  exit 0
fi
mkdir -p "$root/.tools/bin"
src=$(cd "$root" && GOFLAGS=-mod=mod go mod download -json "github.com/axllent/mailpit@$version" | sed -n 's/^\s*"Dir": "\(.*\)",$/\1/p')
[ -d "$src" ] || { echo "mailpit: go mod download failed" >&2; exit 1; }
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
cp -r "$src/." "$work/"
chmod -R u+w "$work"
ui=no
if command -v npm >/dev/null; then
  # The lock file pins a rapidoc that no longer installs; 9.3.8 builds the same UI.
  if (cd "$work" && rm -f package-lock.json &&
      sed -i 's/"rapidoc": *"[^"]*"/"rapidoc": "9.3.8"/' package.json &&
      npm install --no-audit --no-fund --loglevel=error >&2 && npm run build >&2); then
    ui=yes
  else
    echo "mailpit: the web UI did not build; keeping the API-only build (read mail at /api/v1/messages)" >&2
  fi
fi
(cd "$work" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$bin" .) >&2
rm -f "$root"/.tools/bin/mailpit.v*
echo "$ui" > "$stamp"
echo "$bin"
