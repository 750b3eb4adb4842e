#!/usr/bin/env bash
# Lighthouse (mobile) on cold loads of /auth and of a brand's /dashboard, against the real binary
# with a throwaway database (scripts/with-db.sh). Writes the table to artifacts/lighthouse.md and the
# full reports to artifacts/lighthouse-*.json. A measurement, not a test: it is not part of make test.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
: "${DATABASE_URL:?DATABASE_URL must name a PostgreSQL server (run through scripts/with-db.sh)}"
[ -x bin/openaffiliate ] || { echo "bin/openaffiliate is missing: run make build" >&2; exit 1; }
PATH="$(scripts/node.sh):$PATH"
[ -d tools/node_modules/lighthouse ] || (cd tools && npm ci --silent)

db="lighthouse_$(date +%s)_$RANDOM"
admin_psql() { psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -qAtc "$1"; }
admin_psql "CREATE DATABASE $db"
db_url=$(python3 -c 'import sys,urllib.parse as u; p=u.urlparse(sys.argv[1]); print(u.urlunparse(p._replace(path="/"+sys.argv[2])))' "$DATABASE_URL" "$db")

port=$(scripts/free-port.sh 19080)
mkdir -p artifacts
log="$root/artifacts/lighthouse-server.log"
DATABASE_URL="$db_url" PORT="$port" DEV_MODE=true DATA_DIR="$(mktemp -d)" PUBLIC_URL="http://127.0.0.1:$port" \
  bin/openaffiliate >"$log" 2>&1 &
pid=$!
cleanup() {
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -KILL "$pid" 2>/dev/null || true
  admin_psql "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/api/v1/system/health" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { echo "the server exited:" >&2; cat "$log" >&2; exit 1; }
  sleep 0.2
done

{
  echo "Lighthouse $(node -p "require('./tools/node_modules/lighthouse/package.json').version"), mobile preset, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD)"
  echo
  BASE_URL="http://127.0.0.1:$port" LH_OUT="$root/artifacts/lighthouse" node tools/lighthouse.mjs
} | tee artifacts/lighthouse.md
