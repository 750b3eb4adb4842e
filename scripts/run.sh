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
  mailpit=$(scripts/mailpit.sh)
  if [ "$(id -u)" -eq 0 ]; then maildata=/var/lib/openaffiliate/mailpit.db; else maildata="$root/.tools/mailpit.db"; fi
  smtp_port=$(scripts/free-port.sh "${MAILPIT_SMTP_PORT:-1025}")
  web_port=$(scripts/free-port.sh "${MAILPIT_WEB_PORT:-8025}")
  "$mailpit" --disable-version-check --quiet --database "$maildata" \
    --smtp "127.0.0.1:$smtp_port" --listen "127.0.0.1:$web_port" --smtp-auth-accept-any --smtp-auth-allow-insecure &
  mailpit_pid=$!
  trap 'kill "$mailpit_pid" 2>/dev/null || true' EXIT
  export SMTP_URL="smtp://127.0.0.1:$smtp_port?tls=none"
  export MAIL_FROM="${MAIL_FROM:-OpenAffiliate <no-reply@localhost>}"
  if [ "$(cat "$root/.tools/bin/mailpit.v"* 2>/dev/null)" = yes ]; then
    echo "mail catcher (Mailpit): every mail the platform sends is at http://localhost:$web_port"
  else
    echo "mail catcher (Mailpit, without its web UI): read the mail at http://localhost:$web_port/api/v1/messages"
  fi
fi
export DEV_MODE="${DEV_MODE:-true}"
echo "serving on http://localhost:${PORT:-8080}"
bin/openaffiliate
