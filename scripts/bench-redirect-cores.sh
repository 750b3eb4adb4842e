#!/usr/bin/env bash
# One row of the redirect's per-core scaling table (docs/benchmarks.md, parallel click writers):
#   scripts/bench-redirect-cores.sh N
# pins the server to N cores, PostgreSQL to PG_CORES others (default 2) and wrk to the rest, with
# taskset, so neither the load generator nor the database takes the server's cores; runs wrk
# (CONNECTIONS, default 256) against the tracking port and against nginx `return 302` with N
# workers on the same N cores, ROUNDS times each alternately (default 3, medians), then stops the
# server gracefully and compares the 302s wrk counted with the clicks stored. Prints one Markdown
# row; HEADER=1 prints the table's header first. CLICK_WRITERS, when set, passes through to the
# server (its default follows GOMAXPROCS, which Go takes from the N cores it is pinned to); BIN
# (default bin/openaffiliate) picks the binary. On a machine with fewer than N + PG_CORES + 1
# cores the sets overlap and the row says so. With DATABASE_URL set, that PostgreSQL is used as it
# runs (not pinned).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
N=${1:?usage: scripts/bench-redirect-cores.sh SERVER_CORES}
PG_CORES=${PG_CORES:-2}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-256}
BIN=${BIN:-bin/openaffiliate}
total=$(getconf _NPROCESSORS_ONLN) # not nproc: the run under with-db.sh has only the database's cores

# cores FIRST COUNT: COUNT cores from FIRST on, wrapping around the machine's.
cores() { local out=() i; for ((i = 0; i < $2; i++)); do out+=($(( ($1 + i) % total ))); done; (IFS=,; echo "${out[*]}"); }
server_cores=$(cores 0 "$N")
pg_cores=$(cores "$N" "$PG_CORES")
wrk_count=$(( total - N - PG_CORES )); [ "$wrk_count" -ge 1 ] || wrk_count=1
wrk_cores=$(cores $(( N + PG_CORES )) "$wrk_count")
shared=""; [ $(( N + PG_CORES + 1 )) -le "$total" ] || shared=" (only $total cores: sets overlap)"

if [ -z "${DATABASE_URL:-}" ]; then
  missing=()
  for tool in wrk nginx python3 taskset; do command -v "$tool" >/dev/null || missing+=("$tool"); done
  if [ ${#missing[@]} -gt 0 ]; then
    pkgs=$(printf '%s\n' "${missing[@]}" | sed 's/^nginx$/nginx-light/; s/^taskset$/util-linux/' | tr '\n' ' ')
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
  fi
  [ -x "$BIN" ] || make --no-print-directory build >/dev/null
  # The private PostgreSQL (and so every backend it forks) runs on its own cores.
  exec taskset -c "$pg_cores" scripts/with-db.sh "$0" "$@"
fi

work=$(mktemp -d /tmp/openaffiliate-bench-cores.XXXXXX)
chmod 755 "$work"
db="bench_cores_$(date +%s)"
# shellcheck source=scripts/dev-server.sh
. scripts/dev-server.sh
dev_server_createdb "$db"
db_url=$(dev_server_url "$db")
app_port=$(scripts/free-port.sh 18600)
track_port=$(scripts/free-port.sh $((app_port + 1)))
nginx_port=$(scripts/free-port.sh $((track_port + 1)))
server_pid=""; nginx_started=""
cleanup() {
  [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  [ -n "$nginx_started" ] && nginx -c "$work/nginx.conf" -p "$work" -s stop 2>/dev/null || true
  dev_server_dropdb "$db"
  rm -rf "$work"
}
trap cleanup EXIT

DATABASE_URL="$db_url" PORT="$app_port" TRACKING_PORT="$track_port" JWT_SECRET="bench-secret-bench-secret-bench-secret" \
  PUBLIC_URL="http://127.0.0.1:$app_port" LOG_LEVEL=warn taskset -c "$server_cores" "$BIN" >>"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$app_port/api/v1/system/health" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$app_port/api/v1/system/health" >/dev/null || { cat "$work/server.log" >&2; exit 1; }
code=$(scripts/bench-link.py "http://127.0.0.1:$app_port/api/v1")
track_url="http://127.0.0.1:$track_port/r/$code"

cat >"$work/nginx.conf" <<NGINX
worker_processes $N;
error_log $work/nginx-error.log;
pid $work/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $work; proxy_temp_path $work; fastcgi_temp_path $work; uwsgi_temp_path $work; scgi_temp_path $work;
  server { listen 127.0.0.1:$nginx_port; location / { return 302 https://bench-shop.example/landing?utm_source=bench; } }
}
NGINX
taskset -c "$server_cores" nginx -c "$work/nginx.conf" -p "$work"
nginx_started=1
nginx_url="http://127.0.0.1:$nginx_port/r/$code"

UA="Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
# One wrk run on wrk's cores: prints "rps p99_ms requests non3xx".
run_wrk() {
  taskset -c "$wrk_cores" wrk -t"$wrk_count" -c"$CONNECTIONS" -d"$DURATION" --latency -H "User-Agent: $UA" "$1" | python3 -c '
import re, sys
out = sys.stdin.read()
def ms(v, unit): return float(v) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
p99 = ms(*re.search(r"\s99%\s+([\d.]+)(us|ms|s)", out).groups())
n = int(re.search(r"(\d+) requests in", out).group(1))
bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
print("%.0f %.3f %d %s" % (rps, p99, n, bad.group(1) if bad else 0))'
}

curl -s -o /dev/null -A "$UA" "$track_url"; curl -s -o /dev/null "$nginx_url" # warm them
results="$work/results.txt"
for round in $(seq 1 "$ROUNDS"); do
  echo "track $(run_wrk "$track_url")" >>"$results"
  echo "nginx $(run_wrk "$nginx_url")" >>"$results"
  echo "round $round/$ROUNDS done" >&2
done
writers=${CLICK_WRITERS:-default}
kill -TERM "$server_pid"; wait "$server_pid" || true; server_pid=""
stored=$(psql "$db_url" -qAtc "SELECT count(*) FROM clicks")

python3 - "$results" "$N" "$writers" "$stored" "$CONNECTIONS" "${HEADER:-0}" "$server_cores" "$pg_cores" "$wrk_cores$shared" <<'PY'
import statistics, sys
results, n, writers, stored, conns, header, sc, pc, wc = sys.argv[1:10]
rows = [l.split() for l in open(results)]
def med(t, col): return statistics.median(float(r[col]) for r in rows if r[0] == t)
# Every 302 wrk counted is a click; the warm-up's one and up to one request per connection that
# wrk stopped waiting for may also be stored.
counted = 1 + sum(int(r[3]) - int(r[4]) for r in rows if r[0] == "track")
ok = counted <= int(stored) <= counted + int(conns) * sum(1 for r in rows if r[0] == "track")
if header == "1":
    print("| server cores | click writers | redirect req/s | nginx req/s | ratio | redirect p99 ms | nginx p99 ms | clicks counted / stored | cores: server, PostgreSQL, wrk |")
    print("|---|---|---|---|---|---|---|---|---|")
print(f"| {n} | {writers} | {med('track', 1):.0f} | {med('nginx', 1):.0f} | {med('track', 1) / med('nginx', 1):.2f} | {med('track', 2):.2f} | {med('nginx', 2):.2f} | {counted} / {stored}{'' if ok else ' MISMATCH'} | {sc}; {pc}; {wc} |")
PY
