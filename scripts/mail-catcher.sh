# Sourced by scripts that run the binary with mail (run.sh, e2e.sh): start_mail_catcher SMTP_PORT WEB_PORT DB
# starts a Mailpit (scripts/mailpit.sh installs it) on the first free ports from those given, and
# sets $SMTP_URL for the server and $MAILPIT_URL for reading the mail; it stops when the shell exits.
start_mail_catcher() {
  local bin smtp_port web_port
  bin=$(scripts/mailpit.sh)
  smtp_port=$(scripts/free-port.sh "$1")
  web_port=$(scripts/free-port.sh "$2")
  [ "$web_port" != "$smtp_port" ] || web_port=$(scripts/free-port.sh $((smtp_port + 1)))
  mkdir -p "$(dirname "$3")"
  "$bin" --disable-version-check --quiet --database "$3" --smtp "127.0.0.1:$smtp_port" --listen "127.0.0.1:$web_port" \
    --smtp-auth-accept-any --smtp-auth-allow-insecure &
  mail_catcher_pid=$!
  SMTP_URL="smtp://127.0.0.1:$smtp_port?tls=none"
  MAILPIT_URL="http://127.0.0.1:$web_port"
  for _ in $(seq 1 100); do
    curl -fsS "$MAILPIT_URL/api/v1/messages" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "mailpit did not start (SMTP 127.0.0.1:$smtp_port, web $MAILPIT_URL)" >&2
  return 1
}

stop_mail_catcher() { kill "${mail_catcher_pid:-}" 2>/dev/null || true; }
