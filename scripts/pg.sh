#!/usr/bin/env bash
# A private PostgreSQL for development and tests, listening on 127.0.0.1 only.
#   scripts/pg.sh start DIR PORT [fast]   init DIR if new, start, print the DATABASE_URL of its postgres db
#   scripts/pg.sh stop DIR
#   scripts/pg.sh status DIR              succeeds when a server runs on DIR
# "fast" turns fsync off: for throwaway test clusters only.
set -euo pipefail
cmd=${1:?start or stop}
dir=${2:?data folder}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed: run scripts/deps.sh" >&2; exit 1; }

# initdb refuses to run as root: run the server as the postgres user then.
as=()
if [ "$(id -u)" -eq 0 ]; then
  as=(runuser -u postgres --)
fi

case "$cmd" in
start)
  port=${3:?port}
  if [ ! -f "$dir/PG_VERSION" ]; then
    mkdir -p "$dir"
    if [ ${#as[@]} -gt 0 ]; then
      chown postgres: "$dir"
      "${as[@]}" test -x "$dir" || { echo "the postgres user cannot enter $dir: choose a folder outside /root" >&2; exit 1; }
    fi
    chmod 700 "$dir"
    "${as[@]}" "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  if ! "${as[@]}" "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    opts="-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200"
    [ "${4:-}" = fast ] && opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    "${as[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -o "$opts" -w -t 30 start >/dev/null
  fi
  port=$(sed -n 4p "$dir/postmaster.pid")
  echo "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
  ;;
status)
  [ -f "$dir/postmaster.pid" ] && "${as[@]}" "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1
  ;;
stop)
  [ -f "$dir/postmaster.pid" ] && "${as[@]}" "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null || true
  ;;
*)
  echo "usage: scripts/pg.sh start DIR PORT [fast] | stop DIR | status DIR" >&2
  exit 2
  ;;
esac
