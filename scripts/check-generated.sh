#!/usr/bin/env bash
# Fails when a generated file differs from what `make generate` writes from openapi.yaml and the SQL
# (db/schema.sql included: a migration without it regenerated fails here).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/generate.sh
paths=(gen frontend/src/api/generated docs/contract.md db/schema.sql)
if [ -n "$(git status --porcelain -- "${paths[@]}")" ]; then
  echo "Generated files are stale: run 'make generate' and commit the result." >&2
  git status --short -- "${paths[@]}" >&2
  git --no-pager diff --stat -- "${paths[@]}" >&2
  exit 1
fi
echo "generated files are up to date"
