#!/usr/bin/env bash
# The redirect benchmark (`make bench`): throughput and latency of GET /r/{code} under wrk on
# loopback, on the tracking port (TRACKING_PORT, fasthttp) and on the main port (net/http), side by
# side with nginx answering `return 302` on the same machine, then a rate-limited run on the
# tracking port at half its measured maximum for p99 latency, then a fixed number of requests (hey)
# and a graceful shutdown to check that stored clicks equal 302 responses.
# Writes artifacts/bench-redirect.md. ROUNDS (default 3) alternates the targets; medians are reported.
# BIN (default bin/openaffiliate) is the server binary: another build, to compare two side by side.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
CHECK_REQUESTS=${CHECK_REQUESTS:-100000}
BIN=${BIN:-bin/openaffiliate}

missing=()
for tool in wrk hey nginx python3; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  pkgs=$(printf '%s\n' "${missing[@]}" | sed 's/^nginx$/nginx-light/' | tr '\n' ' ')
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
fi
[ -x "$BIN" ] || make --no-print-directory build >/dev/null

if [ -z "${DATABASE_URL:-}" ]; then
  exec scripts/with-db.sh "$0" "$@"
fi

work=$(mktemp -d /tmp/openaffiliate-bench.XXXXXX)
chmod 755 "$work"
db="bench_$(date +%s)"
# shellcheck source=scripts/dev-server.sh
. scripts/dev-server.sh
dev_server_createdb "$db"
db_url=$(dev_server_url "$db")
app_port=$(scripts/free-port.sh 18500)
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

start_server() {
  # CLICK_WRITERS, when set, passes through to the server (its default follows GOMAXPROCS).
  DATABASE_URL="$db_url" PORT="$app_port" TRACKING_PORT="$track_port" JWT_SECRET="bench-secret-bench-secret-bench-secret" \
    PUBLIC_URL="http://127.0.0.1:$app_port" LOG_LEVEL=warn "$BIN" >>"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$app_port/api/v1/system/health" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  cat "$work/server.log" >&2; exit 1
}
stop_server() { kill -TERM "$server_pid"; wait "$server_pid" || true; server_pid=""; }

start_server
# A brand, a campaign, an approved affiliate and its link, made through the API.
code=$(scripts/bench-link.py "http://127.0.0.1:$app_port/api/v1")
app_url="http://127.0.0.1:$app_port/r/$code"
track_url="http://127.0.0.1:$track_port/r/$code"

cat >"$work/nginx.conf" <<NGINX
worker_processes auto;
error_log $work/nginx-error.log;
pid $work/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $work; proxy_temp_path $work; fastcgi_temp_path $work; uwsgi_temp_path $work; scgi_temp_path $work;
  server { listen 127.0.0.1:$nginx_port; location / { return 302 https://bench-shop.example/landing?utm_source=bench; } }
}
NGINX
nginx -c "$work/nginx.conf" -p "$work"
nginx_started=1
nginx_url="http://127.0.0.1:$nginx_port/r/$code"

# Every request carries a browser's user agent, as real visitors' do (an empty one is a bot).
UA="Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"

# One wrk run: prints "rps p50_ms p99_ms non3xx".
run_wrk() {
  wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -H "User-Agent: $UA" "$1" | python3 -c '
import re, sys
out = sys.stdin.read()
def ms(v, unit): return float(v) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
p = dict((k, ms(v, u)) for k, v, u in re.findall(r"\s(50|99)%\s+([\d.]+)(us|ms|s)", out))
bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
print("%.0f %.3f %.3f %s" % (rps, p["50"], p["99"], bad.group(1) if bad else 0))'
}

curl -s -o /dev/null "$app_url"; curl -s -o /dev/null "$track_url"; curl -s -o /dev/null "$nginx_url" # warm them
results="$work/results.txt"
for round in $(seq 1 "$ROUNDS"); do
  echo "track $(run_wrk "$track_url")" >>"$results"
  echo "nginx $(run_wrk "$nginx_url")" >>"$results"
  echo "app $(run_wrk "$app_url")" >>"$results"
  echo "round $round/$ROUNDS done" >&2
done

app_rps=$(awk '$1=="track"{print $2}' "$results" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
half=$((app_rps / 2))
# wrk paced by a delay between requests on each of 64 connections: about half the maximum.
pace_ms=$(( 64 * 1000 / half ))
cat >"$work/pace.lua" <<LUA
function delay() return $pace_ms end
LUA
wrk -t2 -c64 -d"$DURATION" --latency -H "User-Agent: $UA" -s "$work/pace.lua" "$track_url" >"$work/wrk-rate.txt"

# Exactly CHECK_REQUESTS redirects, then a graceful shutdown, then count what was stored.
sleep 2 # longer than a flush interval: the earlier runs' clicks are stored by now
before=$(psql "$db_url" -qAtc "SELECT count(*) FROM clicks")
# hey runs n/c requests on each of c workers: make n a multiple of c.
CHECK_REQUESTS=$(( (CHECK_REQUESTS + CONNECTIONS - 1) / CONNECTIONS * CONNECTIONS ))
hey -n "$CHECK_REQUESTS" -c "$CONNECTIONS" -disable-redirects -H "User-Agent: $UA" "$track_url" >"$work/hey-count.txt"
stop_server
after=$(psql "$db_url" -qAtc "SELECT count(*) FROM clicks")

mkdir -p artifacts
python3 - "$results" "$work/wrk-rate.txt" "$work/hey-count.txt" "$half" "$before" "$after" "$CHECK_REQUESTS" <<'PY' | tee artifacts/bench-redirect.md
import re, statistics, sys, subprocess
results, rate_file, count_file, half, before, after, n = sys.argv[1:8]
rows = [l.split() for l in open(results)]
def med(target, col): return statistics.median(float(r[col]) for r in rows if r[0] == target)
rate = open(rate_file).read()
count = open(count_file).read()
def pct(text, p):
    m = re.search(r"\s%s%%\s+([\d.]+)(us|ms|s)" % p, text)
    return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)] if m else float("nan")
got_302 = sum(int(x) for x in re.findall(r"\[302\]\s+(\d+) responses", count))
stored = int(after) - int(before)
achieved = re.search(r"Requests/sec:\s+([\d.]+)", rate).group(1)
cpu = subprocess.run(["sh", "-c", "nproc; grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True, text=True).stdout.split("\n")
print("| target | req/s (median of %d) | p50 ms | p99 ms | non-3xx | ratio to nginx |" % len([r for r in rows if r[0] == "app"]))
print("|---|---|---|---|---|---|")
for t, name in (("track", "openaffiliate /r/{code}, tracking port (fasthttp)"), ("app", "openaffiliate /r/{code}, main port (net/http)"), ("nginx", "nginx `return 302`")):
    bad = sum(int(r[4]) for r in rows if r[0] == t)
    print(f"| {name} | {med(t, 1):.0f} | {med(t, 2):.2f} | {med(t, 3):.2f} | {bad} | {med(t, 1) / med('nginx', 1):.2f} |")
print()
print(f"- ratio openaffiliate / nginx on the tracking port: **{med('track', 1) / med('nginx', 1):.2f}** (target >= 0.70); on the main port {med('app', 1) / med('nginx', 1):.2f}")
print(f"- tracking port at about half its measured maximum (target {half} req/s; wrk paced, 64 connections, {float(achieved):.0f} req/s achieved): p50 {pct(rate, 50):.2f} ms, p99 **{pct(rate, 99):.2f} ms** (target < 10 ms)")
print(f"- loss check: {n} requests, {got_302} answered 302, {stored} clicks stored after a graceful shutdown: **{'no click lost' if got_302 == stored == int(n) else 'MISMATCH'}**")
print(f"- machine: {cpu[0]} cores,{cpu[1]}; wrk -t2 -c{__import__('os').environ.get('CONNECTIONS', '64')} -d{__import__('os').environ.get('DURATION', '10s')} on loopback, load generator on the same cores")
PY
