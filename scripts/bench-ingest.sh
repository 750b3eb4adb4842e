#!/usr/bin/env bash
# Conversion ingestion benchmark (`make bench`): orders per second through the conversion API and
# signed Shopify webhooks, with attribution and every order sent twice at once (scripts/ingestbench),
# side by side with pgbench's built-in simple-update on the same PostgreSQL in the same run.
# Each round also sends the same requests refused before any order work (ingestbench -refused):
# the ceiling that the HTTP requests alone leave, measured beside the other two.
# ROUNDS (default 3) alternates the three; medians are reported. Writes artifacts/bench-ingest.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
ROUNDS=${ROUNDS:-3}
ORDERS=${ORDERS:-3000}
REFUSED_ORDERS=${REFUSED_ORDERS:-$((ORDERS * 5))} # a few seconds, as the orders take
CLIENTS=${CLIENTS:-16}
PGBENCH_SECONDS=${PGBENCH_SECONDS:-15}
[ -x bin/openaffiliate ] || make --no-print-directory build >/dev/null
if [ -z "${DATABASE_URL:-}" ]; then
  exec scripts/with-db.sh "$0" "$@"
fi
command -v pgbench >/dev/null || PATH="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1):$PATH"

# shellcheck source=scripts/dev-server.sh
. scripts/dev-server.sh
mkdir -p artifacts
start_dev_server ingest 19380 "$root/artifacts/bench-ingest-server.log" LOG_LEVEL=warn TRUST_PROXY=true
go build -o bin/ingestbench ./scripts/ingestbench

pgdb="pgbench_$(date +%s)_$RANDOM"
dev_server_createdb "$pgdb"
pg_url=$(dev_server_url "$pgdb")
trap 'stop_dev_server; dev_server_dropdb "$pgdb"' EXIT
pgbench -i -q -s 10 "$pg_url" >/dev/null 2>&1

results=$(mktemp)
for round in $(seq 1 "$ROUNDS"); do
  tps=$(pgbench -b simple-update -c "$CLIENTS" -j 2 -T "$PGBENCH_SECONDS" -n "$pg_url" 2>/dev/null | awk '/^tps = /{print $3; exit}')
  echo "pgbench $tps" >>"$results"
  # Two lines: the orders, then the same requests refused (the ceiling), on one program.
  bin/ingestbench -base "http://127.0.0.1:$port" -n "$ORDERS" -c "$CLIENTS" -copies 2 -refused "$REFUSED_ORDERS" |
    awk '{ print ($NF == "true" ? "refused " : "ingest ") $0 }' >>"$results"
  echo "round $round/$ROUNDS done" >&2
done

python3 - "$results" <<'PY' | tee artifacts/bench-ingest.md
import statistics, subprocess, sys
rows = [l.split() for l in open(sys.argv[1])]
tps = [float(r[1]) for r in rows if r[0] == "pgbench"]
runs = [dict(zip(r[1::2], r[2::2])) for r in rows if r[0] == "ingest"]
refused = [dict(zip(r[1::2], r[2::2])) for r in rows if r[0] == "refused"]
ceiling = [float(r["orders_per_s"]) for r in refused]
refused_ok = all(r["exactly_once"] == "true" for r in refused)
orders = [float(r["orders_per_s"]) for r in runs]
requests = [float(r["requests_per_s"]) for r in runs]
once = all(r["exactly_once"] == "true" for r in runs)
cpu = subprocess.run(["sh", "-c", "nproc; grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True, text=True).stdout.split("\n")
print("| round | pgbench simple-update TPS | orders/s | requests/s (2 copies each) | stored exactly once | refused before any order work: pairs/s |")
print("|---|---|---|---|---|---|")
for i, (t, r, f) in enumerate(zip(tps, runs, refused), 1):
    print(f"| {i} | {t:.0f} | {float(r['orders_per_s']):.0f} | {float(r['requests_per_s']):.0f} | {r['exactly_once']} ({r['stored']} of {r['orders']}, {r['failed']} failed) | {float(f['orders_per_s']):.0f} |")
print()
print(f"- medians: pgbench **{statistics.median(tps):.0f} TPS**, ingestion **{statistics.median(orders):.0f} orders/s** ({statistics.median(requests):.0f} requests/s)")
print(f"- ratio orders/s / pgbench TPS: **{statistics.median(orders) / statistics.median(tps):.2f}** (target >= 0.50); every order stored exactly once: **{'yes' if once else 'NO'}**")
print(f"- the same requests refused before any order work (the HTTP ceiling): **{statistics.median(ceiling):.0f} pairs/s**, "
      f"**{statistics.median(ceiling) / statistics.median(tps):.2f}** of pgbench; orders/s is **{statistics.median(orders) / statistics.median(ceiling):.2f}** of it; "
      f"every one refused and nothing stored: **{'yes' if refused_ok else 'NO'}**")
print(f"- machine: {cpu[0]} cores,{cpu[1]}; server, PostgreSQL, pgbench and the load generator share them")
PY
