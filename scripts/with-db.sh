#!/usr/bin/env bash
# Runs a command with DATABASE_URL set: the caller's own if set, else a throwaway private
# PostgreSQL (fsync off) that is stopped and deleted afterwards.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${DATABASE_URL:-}" ]; then
  exec "$@"
fi
dir=$(mktemp -d /tmp/openaffiliate-testdb.XXXXXX)
chmod 755 "$dir"
trap '"$root/scripts/pg.sh" stop "$dir/data"; rm -rf "$dir"' EXIT
DATABASE_URL=$("$root/scripts/pg.sh" start "$dir/data" "$("$root/scripts/free-port.sh" 25432)" fast)
export DATABASE_URL
"$@"
