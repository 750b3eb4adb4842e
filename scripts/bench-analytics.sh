#!/usr/bin/env bash
# Analytics and dashboards at scale (`make bench-analytics`, part of `make bench`): for each of two
# sizes, a throwaway database is migrated, filled by scripts/gendata (50 brands, 5,000 affiliates,
# SMALL_CLICKS or BIG_CLICKS clicks over a year, about 5% of them orders), served by the real binary
# (LOG_LEVEL=warn), and scripts/analyticsbench times the analytics and dashboard endpoints as the
# largest brand, the busiest affiliate and the host: REQUESTS requests each (default 300) from
# CLIENTS clients (default 1) after up to 20 unmeasured ones, fewer when an endpoint is slow enough
# to use up BUDGET (default 60s). Writes artifacts/bench-analytics.md: p50/p95/p99 at both sizes,
# the ratio big/small of p95, and the generator's load times.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
SMALL_CLICKS=${SMALL_CLICKS:-100000}
BIG_CLICKS=${BIG_CLICKS:-10000000}
REQUESTS=${REQUESTS:-300}
CLIENTS=${CLIENTS:-1}
SEED=${SEED:-1}
BUDGET=${BUDGET:-60s}
[ -x bin/openaffiliate ] || make --no-print-directory build >/dev/null
if [ -z "${DATABASE_URL:-}" ]; then
  exec scripts/with-db.sh "$0" "$@"
fi

# shellcheck source=scripts/dev-server.sh
. scripts/dev-server.sh
mkdir -p artifacts
go build -o bin/gendata ./scripts/gendata
go build -o bin/analyticsbench ./scripts/analyticsbench

results=$(mktemp /tmp/bench-analytics.XXXXXX)
db=""
cleanup() {
  if [ -n "${dev_server_pid:-}" ]; then
    stop_dev_server
  elif [ -n "$db" ]; then
    dev_server_dropdb "$db"
  fi
  rm -f "$results"
}
trap cleanup EXIT

# measure SIZE CLICKS: load a database of CLICKS clicks, serve it, time the endpoints.
measure() {
  local size=$1 clicks=$2 url start loaded
  db="bench_analytics_${size}_$(date +%s)_$RANDOM"
  dev_server_createdb "$db"
  url=$(dev_server_url "$db")
  DATABASE_URL=$url LOG_LEVEL=warn JWT_SECRET=bench-analytics-migrate-only-0123456789abcdef bin/openaffiliate migrate >/dev/null
  echo "$size: generating $clicks clicks (log: artifacts/bench-analytics-gendata-$size.log)" >&2
  start=$(date +%s.%N)
  DATABASE_URL=$url bin/gendata -clicks "$clicks" -seed "$SEED" 2>"artifacts/bench-analytics-gendata-$size.log"
  loaded=$(python3 -c "import sys,time; print(f'{time.time() - float(sys.argv[1]):.0f}')" "$start")
  printf 'meta\t%s\t%s\t%s\t%s\t%s\t%s\n' "$size" "$clicks" \
    "$(psql "$url" -qAtc "SELECT count(*) FROM conversions")" \
    "$(psql "$url" -qAtc "SELECT count(*) FROM daily_stats")" \
    "$loaded" "$(psql "$url" -qAtc "SELECT pg_size_pretty(pg_database_size(current_database()))")" >>"$results"
  DEV_SERVER_DB=$db start_dev_server analytics 19480 "$root/artifacts/bench-analytics-server-$size.log" LOG_LEVEL=warn
  trap cleanup EXIT # start_dev_server set its own
  echo "$size: measuring on port $port" >&2
  bin/analyticsbench -base "http://127.0.0.1:$port" -n "$REQUESTS" -c "$CLIENTS" -budget "$BUDGET" | sed "s/^/$size\t/" >>"$results"
  stop_dev_server
  dev_server_pid="" db=""
}

measure small "$SMALL_CLICKS"
measure big "$BIG_CLICKS"

python3 - "$results" "$REQUESTS" "$CLIENTS" <<'PY' | tee artifacts/bench-analytics.md
import subprocess, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
meta = {r[1]: r[2:] for r in rows if r[0] == "meta"}
res = {}
for r in rows:
    if r[0] != "meta":
        res.setdefault(r[1], {})[r[0]] = r[2:]
def n(x): return f"{int(x):,}".replace(",", " ")
s, b = meta["small"], meta["big"]
print(f"| endpoint (as) | p50 / p95 / p99 ms at {n(s[0])} clicks | p50 / p95 / p99 ms at {n(b[0])} clicks | p95 big/small | p95 < 50 ms at {n(b[0])} |")
print("|---|---|---|---|---|")
worst = 0.0
ok = True
for name, by in res.items():
    sm, bg = by["small"], by["big"]
    ratio = float(bg[1]) / max(float(sm[1]), 0.01)
    worst = max(worst, ratio)
    met = float(bg[1]) < 50 and sm[4] == "0" and bg[4] == "0"
    ok = ok and met
    fails = "" if sm[4] == bg[4] == "0" else f" ({sm[4]} and {bg[4]} failed)"
    print(f"| {name} | {sm[0]} / {sm[1]} / {sm[2]} (n={sm[3]}) | {bg[0]} / {bg[1]} / {bg[2]} (n={bg[3]}) | {ratio:.2f} | {'yes' if met else 'NO'}{fails} |")
print()
print(f"- up to {sys.argv[2]} measured requests per endpoint from {sys.argv[3]} client(s), after up to 20 unmeasured ones (fewer when an endpoint is slow: n below); times seen by the client, gzip accepted")
for size, m in (("small", s), ("big", b)):
    print(f"- {size}: {n(m[0])} clicks, {n(m[1])} conversions, {n(m[2])} daily_stats rows, database {m[4]}; generated and loaded in {m[3]} s")
print(f"- targets: p95 under 50 ms at the big size: **{'met' if ok else 'missed'}**; worst p95 ratio big/small **{worst:.2f}** (target < 2): **{'met' if worst < 2 else 'missed'}**")
cpu = subprocess.run(["sh", "-c", "nproc; grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True, text=True).stdout.split("\n")
print(f"- machine: {cpu[0]} cores,{cpu[1]}; server, PostgreSQL and the load client share them")
PY
