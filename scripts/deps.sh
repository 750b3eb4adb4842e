#!/usr/bin/env bash
# Installs what the project needs and the machine lacks:
#   scripts/deps.sh          from Debian's packages: curl, unzip and the CA certificates (to download
#                            Go), npm (for the project-local Node 24) and PostgreSQL's server binaries;
#                            then Go (scripts/go.sh), Node 24 (scripts/node.sh) and, from Go's module
#                            proxy, the Mailpit mail catcher (scripts/mailpit.sh: .tools/bin/mailpit)
#   scripts/deps.sh browser  the same plus Chromium for the browser tests
#   scripts/deps.sh tools    only the Debian packages scripts/go.sh and scripts/node.sh need
# Go is not taken from Debian: its golang-go (1.19 on Debian 12) cannot read go.mod.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

missing=()
command -v curl >/dev/null || command -v wget >/dev/null || missing+=(curl)
command -v unzip >/dev/null || missing+=(unzip)
[ -e /etc/ssl/certs/ca-certificates.crt ] || missing+=(ca-certificates)
command -v npm >/dev/null || missing+=(nodejs npm)
if [ "${1:-}" != tools ]; then
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
fi
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
[ "${1:-}" != tools ] || exit 0
# Mailpit is built with the project's Go, and its web UI with the project's Node (no-ops once installed).
PATH="$("$root/scripts/go.sh"):$("$root/scripts/node.sh"):$PATH" "$root/scripts/mailpit.sh" >/dev/null
