#!/usr/bin/env bash
# Installs what the project needs and the machine lacks, from Debian's packages:
#   scripts/deps.sh          Go, npm (for the project-local Node 24) and PostgreSQL's server binaries
#   scripts/deps.sh browser  the same plus Chromium for the browser tests
# and, from Go's module proxy, the Mailpit mail catcher (scripts/mailpit.sh: .tools/bin/mailpit).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

missing=()
command -v go >/dev/null || missing+=(golang-go)
command -v npm >/dev/null || missing+=(nodejs npm)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ "${1:-}" = browser ] && [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  missing+=(chromium fonts-liberation)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# Mailpit's web UI is built with npm: the project's Node first on PATH (a no-op once installed).
PATH="$("$root/scripts/node.sh"):$PATH" "$root/scripts/mailpit.sh" >/dev/null
