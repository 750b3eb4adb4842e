#!/usr/bin/env bash
# A Citus cluster on one machine, built from source: a coordinator and two workers.
#   CITUS_SRC=DIR scripts/citus.sh build   build Citus from DIR (a checkout of citusdata/citus at
#                                          v13.2.2, the last line for PostgreSQL 15) into
#                                          .tools/citus/stage, a PostgreSQL prefix with Citus in it
#   scripts/citus.sh start DIR [PORT]      init (if new) and start three nodes in DIR/{coordinator,
#                                          worker1,worker2} on PORT, PORT+1, PORT+2 (default 25700)
#                                          and print the coordinator's DATABASE_URL
#   scripts/citus.sh stop DIR              stop the three nodes
#   scripts/citus.sh url DIR               print the coordinator's DATABASE_URL of a started cluster
#   scripts/citus.sh createdb DIR NAME     a database NAME on the three nodes, with the extension
#                                          and the workers registered in it (the benchmarks' way;
#                                          the Go tests do the same in servertest.CreateDatabase)
#   scripts/citus.sh dropdb DIR NAME       drop it on the three nodes
# Nothing is written outside the project's .tools/ and DIR: PostgreSQL 15 finds $libdir and its
# extensions relative to its own executable, so the stage is a copy of Debian's PostgreSQL prefix
# (postgres copied, the rest linked) with Citus installed beside it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tools="$root/.tools/citus"
stage="$tools/stage"
pgprefix=/usr/lib/postgresql/15
pgbin="$stage$pgprefix/bin"
nodes=(coordinator worker1 worker2)

as=()
[ "$(id -u)" -eq 0 ] && as=(runuser -u postgres --)

build() {
  src=${CITUS_SRC:?set CITUS_SRC to a checkout of citusdata/citus at tag v13.2.2}
  [ -f "$src/src/include/pg_version_compat.h" ] || { echo "$src is not a Citus source tree" >&2; exit 1; }
  if [ ! -x "$pgprefix/bin/pg_config" ] || ! dpkg -s libcurl4-openssl-dev >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends postgresql-15 postgresql-server-dev-15 \
      libcurl4-openssl-dev liblz4-dev libzstd-dev libkrb5-dev libselinux1-dev libxslt1-dev libssl-dev \
      libpam0g-dev libreadline-dev flex bison autoconf build-essential >/dev/null
  fi
  start=$(date +%s)
  rm -rf "$tools/src" "$stage"
  mkdir -p "$tools/src"
  cp -a "$src/." "$tools/src/"
  cd "$tools/src"
  # Debian's 15.20 headers export have_createdb_privilege(); Citus 13.2.2 defines a static copy
  # of it for older minor releases ("static declaration follows non-static declaration").
  hdr=src/include/pg_version_compat.h
  if grep -q 'have_createdb_privilege' "$("$pgprefix/bin/pg_config" --includedir-server)/commands/dbcommands.h" &&
    ! grep -q citus_have_createdb_privilege_compat "$hdr"; then
    python3 - "$hdr" <<'EOF'
import sys
p = sys.argv[1]
s = open(p).read()
anchor = "static inline bool\nhave_createdb_privilege(void)"
if anchor not in s:
    sys.exit("pg_version_compat.h: have_createdb_privilege not where the patch expects it")
s = s.replace(anchor, "#define have_createdb_privilege citus_have_createdb_privilege_compat\n" + anchor, 1)
open(p, "w").write(s)
EOF
  fi
  ./configure PG_CONFIG="$pgprefix/bin/pg_config" >"$tools/configure.log" 2>&1
  # Without LLVM bitcode: the same extension, a third of the build time.
  make -j"$(nproc)" with_llvm=no >"$tools/make.log" 2>&1
  make install with_llvm=no DESTDIR="$stage" >"$tools/install.log" 2>&1
  # The rest of PostgreSQL beside Citus: postgres itself copied (it resolves its prefix from its
  # real path), every other file linked.
  link_tree "$pgprefix/bin" "$pgbin"
  rm -f "$pgbin/postgres"
  cp "$pgprefix/bin/postgres" "$pgbin/postgres"
  link_tree "$pgprefix/lib" "$stage$pgprefix/lib"
  link_tree /usr/share/postgresql/15 "$stage/usr/share/postgresql/15"
  chmod -R a+rX "$tools"
  echo "Citus built into $stage in $(($(date +%s) - start)) s" >&2
}

# link_tree links every file of $1 that $2 lacks, keeping what Citus installed there.
link_tree() {
  local from=$1 to=$2
  (cd "$from" && find . -type d) | while read -r d; do mkdir -p "$to/$d"; done
  (cd "$from" && find . \( -type f -o -type l \)) | while read -r f; do
    [ -e "$to/$f" ] || ln -s "$from/$f" "$to/$f"
  done
}

port_of() { sed -n 4p "$1/postmaster.pid"; }

start_cluster() {
  dir=${1:?data folder}
  port=${2:-25700}
  [ -x "$pgbin/postgres" ] || { echo "Citus is not built: CITUS_SRC=... scripts/citus.sh build" >&2; exit 1; }
  mkdir -p "$dir"
  [ ${#as[@]} -gt 0 ] && chown postgres: "$dir"
  fresh=0
  for i in 0 1 2; do
    d="$dir/${nodes[$i]}"
    p=$((port + i))
    if [ ! -f "$d/PG_VERSION" ]; then
      fresh=1
      mkdir -p "$d"
      [ ${#as[@]} -gt 0 ] && chown postgres: "$d"
      chmod 700 "$d"
      "${as[@]}" "$pgbin/initdb" -D "$d" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
      cat >>"$d/postgresql.conf" <<EOF
shared_preload_libraries = 'citus'
wal_level = logical
listen_addresses = '127.0.0.1'
port = $p
unix_socket_directories = '$d'
max_connections = 300
max_prepared_transactions = 200
# One Citus maintenance worker per database: the tests make many.
max_worker_processes = 128
citus.shard_count = ${CITUS_SHARD_COUNT:-8}
EOF
      [ "${CITUS_FAST:-}" = 1 ] && printf 'fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n' >>"$d/postgresql.conf"
    fi
    if ! "${as[@]}" "$pgbin/pg_ctl" -D "$d" status >/dev/null 2>&1; then
      "${as[@]}" "$pgbin/pg_ctl" -D "$d" -p "$pgbin/postgres" -l "$d/server.log" -w -t 60 start >/dev/null
    fi
  done
  coord=$(port_of "$dir/coordinator")
  if [ $fresh = 1 ]; then
    for i in 0 1 2; do
      "$pgbin/psql" -qAt -h 127.0.0.1 -p $((port + i)) -U postgres -d postgres -c 'CREATE EXTENSION IF NOT EXISTS citus' >/dev/null
    done
    "$pgbin/psql" -qAt -h 127.0.0.1 -p "$coord" -U postgres -d postgres >/dev/null <<EOF
SELECT citus_set_coordinator_host('127.0.0.1', $coord);
SELECT citus_add_node('127.0.0.1', $((port + 1)));
SELECT citus_add_node('127.0.0.1', $((port + 2)));
EOF
    # CREATE EXTENSION turned SSL on with a certificate of its own; the nodes reload for it, and
    # a connection between them may fail until they have: wait until the coordinator reaches both.
    ok=""
    for _ in $(seq 60); do
      ok=$("$pgbin/psql" -qAt -h 127.0.0.1 -p "$coord" -U postgres -d postgres \
        -c "SELECT bool_and(success) FROM run_command_on_workers('SELECT 1')" 2>/dev/null || true)
      [ "$ok" = t ] && break
      sleep 0.5
    done
    [ "$ok" = t ] || { echo "citus: the coordinator cannot reach its workers (see $dir/*/server.log)" >&2; exit 1; }
  fi
  url "$dir"
}

url() {
  echo "postgres://postgres@127.0.0.1:$(port_of "${1:?data folder}/coordinator")/postgres?sslmode=disable"
}

psql_on() { "$pgbin/psql" -v ON_ERROR_STOP=1 -qAt -h 127.0.0.1 -U postgres -p "$@"; }

createdb() {
  dir=${1:?data folder} name=${2:?database name}
  coord=$(port_of "$dir/coordinator")
  for n in "${nodes[@]}"; do
    p=$(port_of "$dir/$n")
    psql_on "$p" -d postgres -c "CREATE DATABASE \"$name\"" >/dev/null
    psql_on "$p" -d "$name" -c 'CREATE EXTENSION citus' >/dev/null
  done
  psql_on "$coord" -d "$name" -c "SELECT citus_set_coordinator_host('127.0.0.1', $coord)" >/dev/null
  for n in worker1 worker2; do
    psql_on "$coord" -d "$name" -c "SELECT citus_add_node('127.0.0.1', $(port_of "$dir/$n"))" >/dev/null
  done
}

dropdb() {
  dir=${1:?data folder} name=${2:?database name}
  for n in "${nodes[@]}"; do
    psql_on "$(port_of "$dir/$n")" -d postgres -c "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)" >/dev/null || true
  done
}

stop_cluster() {
  dir=${1:?data folder}
  for n in "${nodes[@]}"; do
    d="$dir/$n"
    [ -f "$d/postmaster.pid" ] && "${as[@]}" "$pgbin/pg_ctl" -D "$d" -m fast -w stop >/dev/null || true
  done
}

case "${1:-}" in
build) build ;;
start) start_cluster "${2:-}" "${3:-}" ;;
stop) stop_cluster "${2:-}" ;;
url) url "${2:-}" ;;
createdb) createdb "${2:-}" "${3:-}" ;;
dropdb) dropdb "${2:-}" "${3:-}" ;;
*)
  echo "usage: CITUS_SRC=DIR scripts/citus.sh build | scripts/citus.sh start DIR [PORT] | stop DIR | url DIR | createdb DIR NAME | dropdb DIR NAME" >&2
  exit 2
  ;;
esac
