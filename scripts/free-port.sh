#!/usr/bin/env bash
# Prints the first TCP port from $1 upward that nothing on 127.0.0.1 listens on.
set -euo pipefail
port=${1:-20000}
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
  port=$((port + 1))
done
echo "$port"
