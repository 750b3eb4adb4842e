#!/usr/bin/env bash
# Installs what the project needs and the machine lacks, from Debian's packages:
#   scripts/deps.sh          Go, npm (for the project-local Node 24) and PostgreSQL's server binaries
#   scripts/deps.sh browser  the same plus Chromium for the browser tests
set -euo pipefail

missing=()
command -v go >/dev/null || missing+=(golang-go)
command -v npm >/dev/null || missing+=(nodejs npm)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ "${1:-}" = browser ] && [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  missing+=(chromium fonts-liberation)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
