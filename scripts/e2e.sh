#!/usr/bin/env bash
# Runs the browser flows (frontend/e2e) against the real binary on a fresh database.
# Needs bin/openaffiliate (make build) and DATABASE_URL pointing at a server it may create databases on.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=scripts/dev-server.sh
. scripts/dev-server.sh
mkdir -p artifacts/screenshots
PATH="$(scripts/node.sh):$PATH"
# A Mailpit catches the server's mail; the flows read it through its API (MAILPIT_URL).
# shellcheck source=scripts/mail-catcher.sh
. scripts/mail-catcher.sh
rm -f "$root/artifacts/mailpit.db"
start_mail_catcher 18641 18642 "$root/artifacts/mailpit.db"
# Each browser context sends an X-Forwarded-For of its own, so the per-address limits see many clients.
# The webhooks flow's receiver listens on loopback, which only WEBHOOKS_ALLOW_PRIVATE lets the server call.
start_dev_server e2e 18080 "$root/artifacts/e2e-server.log" TRUST_PROXY=true WEBHOOKS_ALLOW_PRIVATE=true SMTP_URL="$SMTP_URL" MAIL_FROM="OpenAffiliate <no-reply@localhost>"
trap 'stop_dev_server; stop_mail_catcher' EXIT

cd frontend
BASE_URL="http://127.0.0.1:$port" MAILPIT_URL="$MAILPIT_URL" SCREENSHOT_DIR="$root/artifacts/screenshots" CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" npm run --silent e2e
echo "screenshots: $(ls "$root/artifacts/screenshots" | tr '\n' ' ')"
