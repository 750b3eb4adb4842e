#!/usr/bin/env bash
# `make run`: installs what is missing, starts a private PostgreSQL when DATABASE_URL is unset,
# builds, and serves on http://localhost:${PORT:-8080} in dev mode (demo accounts) unless DEV_MODE says otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/deps.sh
make --no-print-directory build

if [ -z "${DATABASE_URL:-}" ]; then
  # The postgres user must be able to enter the data folder, which rules out /root for root.
  if [ "$(id -u)" -eq 0 ]; then data=/var/lib/openaffiliate/postgres; else data="$root/.tools/postgres"; fi
  mkdir -p "$(dirname "$data")"
  port=${PGPORT_PRIVATE:-25329}
  admin=$(scripts/pg.sh start "$data" "$port")
  psql "$admin" -qAtc "SELECT 1 FROM pg_database WHERE datname = 'openaffiliate'" | grep -q 1 ||
    psql "$admin" -qc "CREATE DATABASE openaffiliate"
  export DATABASE_URL=$(echo "$admin" | sed "s#/postgres?#/openaffiliate?#")
  echo "private PostgreSQL in $data on 127.0.0.1:$port (stop it with: scripts/pg.sh stop $data)"
fi
export DEV_MODE="${DEV_MODE:-true}"
echo "serving on http://localhost:${PORT:-8080}"
exec bin/openaffiliate
