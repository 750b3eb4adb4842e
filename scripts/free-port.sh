#!/usr/bin/env bash
# Prints the first TCP port from $1 upward that nothing on 127.0.0.1 listens on. Ports stay below
# 32768, where the kernel's ephemeral range starts, so an outgoing connection of a run that just
# ended cannot hold the port we are about to bind.
set -euo pipefail
port=${1:-20000}
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
  port=$((port + 1))
done
if [ "$port" -ge 32768 ]; then
  echo "free-port: no free port between $1 and 32767" >&2
  exit 1
fi
echo "$port"
