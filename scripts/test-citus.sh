#!/usr/bin/env bash
# The Go tests on a Citus cluster (make test-citus): a throwaway coordinator and two workers
# (scripts/citus.sh, fsync off), every test database created on the three nodes and distributed by
# the migrations (server/platform/citus), then stopped and deleted. Citus must be built first:
#   CITUS_SRC=/path/to/citus-v13.2.2 scripts/citus.sh build
# (or set CITUS_SRC here and it is built when missing). Arguments go to go test (default ./...).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ ! -x .tools/citus/stage/usr/lib/postgresql/15/bin/postgres ]; then
  [ -n "${CITUS_SRC:-}" ] || { echo "Citus is not built: CITUS_SRC=... scripts/citus.sh build (see docs/scaling.md)" >&2; exit 1; }
  scripts/citus.sh build
fi
dir=$(mktemp -d /tmp/openaffiliate-citus.XXXXXX)
chmod 755 "$dir"
trap 'scripts/citus.sh stop "$dir"; rm -rf "$dir"' EXIT
# Three free ports in a row, below the ephemeral range.
port=25800
while [ "$(scripts/free-port.sh "$port")" != "$port" ] || [ "$(scripts/free-port.sh $((port + 1)))" != $((port + 1)) ] ||
  [ "$(scripts/free-port.sh $((port + 2)))" != $((port + 2)) ]; do
  port=$((port + 3))
done
DATABASE_URL=$(CITUS_FAST=1 scripts/citus.sh start "$dir" "$port")
export DATABASE_URL
echo "Citus coordinator: $DATABASE_URL" >&2
go test -count=1 -timeout 30m "${@:-./...}"
