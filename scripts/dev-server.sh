# Sourced by scripts that drive the real binary (e2e.sh, lighthouse.sh): start_dev_server NAME
# FIRST_PORT LOG [VAR=value ...] creates a fresh database on $DATABASE_URL's server, starts
# bin/openaffiliate on it in dev mode on the first free port from FIRST_PORT (below 32768), waits
# until it is healthy, and sets $port. An EXIT trap stops the server and drops the database.
# With DEV_SERVER_DB set it serves that existing database instead (and drops it the same way).
# With CITUS_DIR set (a cluster started by scripts/citus.sh, DATABASE_URL its coordinator) databases
# are made and dropped on its three nodes (dev_server_createdb, dev_server_dropdb); the benchmarks that
# start the server themselves use these too.
start_dev_server() {
  local name=$1 first_port=$2
  dev_server_log=$3
  shift 3
  : "${DATABASE_URL:?DATABASE_URL must name a PostgreSQL server (run through scripts/with-db.sh)}"
  [ -x bin/openaffiliate ] || { echo "bin/openaffiliate is missing: run make build" >&2; exit 1; }
  if [ -n "${DEV_SERVER_DB:-}" ]; then
    dev_server_db=$DEV_SERVER_DB
  else
    dev_server_db="${name}_$(date +%s)_$RANDOM"
    dev_server_createdb "$dev_server_db"
  fi
  local db_url
  db_url=$(dev_server_url "$dev_server_db")
  port=$(scripts/free-port.sh "$first_port")
  mkdir -p "$(dirname "$dev_server_log")"
  env DATABASE_URL="$db_url" PORT="$port" DEV_MODE=true DATA_DIR="$(mktemp -d)" PUBLIC_URL="http://127.0.0.1:$port" "$@" \
    bin/openaffiliate >"$dev_server_log" 2>&1 &
  dev_server_pid=$!
  trap stop_dev_server EXIT
  for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/api/v1/system/health" >/dev/null 2>&1 && break
    kill -0 "$dev_server_pid" 2>/dev/null || { echo "the server exited:" >&2; cat "$dev_server_log" >&2; exit 1; }
    sleep 0.2
  done
  curl -fsS "http://127.0.0.1:$port/api/v1/system/health" >/dev/null
}

dev_server_psql() { psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -qAtc "$1"; }

# dev_server_url NAME prints $DATABASE_URL with its database changed to NAME.
dev_server_url() {
  python3 -c 'import sys,urllib.parse as u; p=u.urlparse(sys.argv[1]); print(u.urlunparse(p._replace(path="/"+sys.argv[2])))' "$DATABASE_URL" "$1"
}

dev_server_createdb() {
  if [ -n "${CITUS_DIR:-}" ]; then
    scripts/citus.sh createdb "$CITUS_DIR" "$1"
  else
    dev_server_psql "CREATE DATABASE $1"
  fi
}

dev_server_dropdb() {
  if [ -n "${CITUS_DIR:-}" ]; then
    scripts/citus.sh dropdb "$CITUS_DIR" "$1"
  else
    dev_server_psql "DROP DATABASE IF EXISTS $1 WITH (FORCE)" || true
  fi
}

stop_dev_server() {
  kill -TERM "$dev_server_pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$dev_server_pid" 2>/dev/null || break; sleep 0.2; done
  kill -KILL "$dev_server_pid" 2>/dev/null || true
  dev_server_dropdb "$dev_server_db"
}
