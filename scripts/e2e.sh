#!/usr/bin/env bash
# Runs the browser flows (frontend/e2e) against the real binary on a fresh database.
# Needs bin/openaffiliate (make build) and DATABASE_URL pointing at a server it may create databases on.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
: "${DATABASE_URL:?DATABASE_URL must name a PostgreSQL server}"
[ -x bin/openaffiliate ] || { echo "bin/openaffiliate is missing: run make build" >&2; exit 1; }

db="e2e_$(date +%s)_$RANDOM"
admin_psql() { psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -qAtc "$1"; }
admin_psql "CREATE DATABASE $db"
db_url=$(python3 -c 'import sys,urllib.parse as u; p=u.urlparse(sys.argv[1]); print(u.urlunparse(p._replace(path="/"+sys.argv[2])))' "$DATABASE_URL" "$db")

port=$(scripts/free-port.sh 18080)
log="$root/artifacts/e2e-server.log"
mkdir -p artifacts/screenshots
DATABASE_URL="$db_url" PORT="$port" DEV_MODE=true TRUST_PROXY=true DATA_DIR="$(mktemp -d)" PUBLIC_URL="http://127.0.0.1:$port" \
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
curl -fsS "http://127.0.0.1:$port/api/v1/system/health" >/dev/null

PATH="$(scripts/node.sh):$PATH"
cd frontend
BASE_URL="http://127.0.0.1:$port" SCREENSHOT_DIR="$root/artifacts/screenshots" CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" npm run --silent e2e
echo "screenshots: $(ls "$root/artifacts/screenshots" | tr '\n' ' ')"
