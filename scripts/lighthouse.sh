#!/usr/bin/env bash
# Lighthouse (mobile) on cold loads of /auth and of a brand's /dashboard, against the real binary
# with a throwaway database (scripts/with-db.sh). Writes the table to artifacts/lighthouse.md and the
# full reports to artifacts/lighthouse-*.json. A measurement, not a test: it is not part of make test.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/deps.sh browser
# shellcheck source=scripts/dev-server.sh
. scripts/dev-server.sh
start_dev_server lighthouse 19080 "$root/artifacts/lighthouse-server.log"
PATH="$(scripts/node.sh):$PATH"
[ -d tools/node_modules/lighthouse ] || (cd tools && npm ci --silent)

{
  echo "Lighthouse $(node -p "require('./tools/node_modules/lighthouse/package.json').version"), mobile preset, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD)"
  echo
  BASE_URL="http://127.0.0.1:$port" LH_OUT="$root/artifacts/lighthouse" node tools/lighthouse.mjs
} | tee artifacts/lighthouse.md
