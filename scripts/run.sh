#!/usr/bin/env bash
# `make run`: installs what is missing, starts a private PostgreSQL when DATABASE_URL is unset and
# a Mailpit mail catcher when SMTP_URL is unset (its web page shows every mail the platform sends),
# builds, and serves on http://localhost:${PORT:-8080} in dev mode (demo accounts) unless DEV_MODE says otherwise.
# Both stop when the server does (Ctrl-C). Ports: PORT, PGPORT_PRIVATE, MAILPIT_SMTP_PORT, MAILPIT_WEB_PORT.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/deps.sh
make --no-print-directory build

# Where this clone keeps its database and mail. As root, a folder of its own (named from the clone's
# path) under /var/lib/openaffiliate: the postgres user must be able to enter it, which rules out /root.
if [ "$(id -u)" -eq 0 ]; then
  state="/var/lib/openaffiliate/$(basename "$root" | tr -c 'A-Za-z0-9._\n-' _)-$(printf %s "$root" | sha256sum | cut -c 1-12)"
else
  state="$root/.tools"
fi
mkdir -p "$state"
pg_started=""
trap '[ -z "$pg_started" ] || scripts/pg.sh stop "$pg_started"; [ "$(type -t stop_mail_catcher)" != function ] || stop_mail_catcher' EXIT

if [ -z "${DATABASE_URL:-}" ]; then
  data="$state/postgres"
  # A server already running on this folder (another make run of this clone) is left running.
  if scripts/pg.sh status "$data"; then note="already running, so left running: scripts/pg.sh stop $data"; else pg_started=$data; note="stopped when this stops"; fi
  admin=$(scripts/pg.sh start "$data" "${PGPORT_PRIVATE:-25329}")
  psql "$admin" -qAtc "SELECT 1 FROM pg_database WHERE datname = 'openaffiliate'" | grep -q 1 ||
    psql "$admin" -qc "CREATE DATABASE openaffiliate"
  export DATABASE_URL=$(echo "$admin" | sed "s#/postgres?#/openaffiliate?#")
  echo "private PostgreSQL in $data on 127.0.0.1:$(sed -n 4p "$data/postmaster.pid") ($note)"
fi
if [ -z "${SMTP_URL:-}" ]; then
  # shellcheck source=scripts/mail-catcher.sh
  . scripts/mail-catcher.sh
  start_mail_catcher "${MAILPIT_SMTP_PORT:-1025}" "${MAILPIT_WEB_PORT:-8025}" "$state/mailpit.db"
  export SMTP_URL
  export MAIL_FROM="${MAIL_FROM:-OpenAffiliate <no-reply@localhost>}"
  if [ "$(cat "$root/.tools/bin/mailpit.v"* 2>/dev/null)" = yes ]; then
    echo "mail catcher (Mailpit): every mail the platform sends is at ${MAILPIT_URL/127.0.0.1/localhost}"
  else
    echo "mail catcher (Mailpit, without its web UI): read the mail at ${MAILPIT_URL/127.0.0.1/localhost}/api/v1/messages"
  fi
fi
export DEV_MODE="${DEV_MODE:-true}"
echo "serving on http://localhost:${PORT:-8080}"
bin/openaffiliate
