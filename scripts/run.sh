#!/usr/bin/env bash
# `make run`: installs what is missing, starts a private PostgreSQL when DATABASE_URL is unset and
# a Mailpit mail catcher when SMTP_URL is unset (its web page shows every mail the platform sends),
# builds, and serves on http://localhost:${PORT:-8080} in dev mode (demo accounts) unless DEV_MODE says otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/deps.sh
make --no-print-directory build

if [ -z "${DATABASE_URL:-}" ]; then
  # The postgres user must be able to enter the data folder, which rules out /root for root.
  if [ "$(id -u)" -eq 0 ]; then data=/var/lib/openaffiliate/postgres; else data="$root/.tools/postgres"; fi
  mkdir -p "$(dirname "$data")"
  port=${PGPORT_PRIVATE:-25329}
  admin=$(scripts/pg.sh start "$data" "$port")
  psql "$admin" -qAtc "SELECT 1 FROM pg_database WHERE datname = 'openaffiliate'" | grep -q 1 ||
    psql "$admin" -qc "CREATE DATABASE openaffiliate"
  export DATABASE_URL=$(echo "$admin" | sed "s#/postgres?#/openaffiliate?#")
  echo "private PostgreSQL in $data on 127.0.0.1:$port (stop it with: scripts/pg.sh stop $data)"
fi
if [ -z "${SMTP_URL:-}" ]; then
  if [ "$(id -u)" -eq 0 ]; then maildata=/var/lib/openaffiliate/mailpit.db; else maildata="$root/.tools/mailpit.db"; fi
  # shellcheck source=scripts/mail-catcher.sh
  . scripts/mail-catcher.sh
  start_mail_catcher "${MAILPIT_SMTP_PORT:-1025}" "${MAILPIT_WEB_PORT:-8025}" "$maildata"
  trap stop_mail_catcher EXIT
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
