#!/usr/bin/env bash
# Every test the project has, as `make test` runs it: generated code is current, Go vet,
# formatting and golangci-lint, the contract lint, the frontend's type check, ESLint and unit
# tests, the Go tests against a real PostgreSQL, and the browser flows against the built binary.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
step() { printf '\n==> %s\n' "$*"; }

step "dependencies"
scripts/deps.sh browser
PATH="$(scripts/node.sh):$PATH"
(cd frontend && npm ci --no-audit --no-fund --loglevel=error)
(cd tools && npm ci --no-audit --no-fund --loglevel=error)

step "Go toolchain install on a machine without Go (scripts/go.sh)"
scripts/test-go-install.sh

step "generated code is current"
scripts/check-generated.sh

step "contract lint (spectral and redocly)"
tools/node_modules/.bin/spectral lint openapi.yaml --ruleset api/spectral.yaml --fail-severity error --display-only-failures
tools/node_modules/.bin/redocly lint openapi.yaml --format=stylish

step "frontend type check, lint (eslint) and unit tests"
(cd frontend && npm run --silent typecheck && npm run --silent lint && npm test)

step "build"
make --no-print-directory build

step "go vet and gofmt"
unformatted=$(gofmt -l api db frontend/embed.go gen server)
[ -z "$unformatted" ] || { echo "gofmt needed: $unformatted" >&2; exit 1; }
go vet ./...

step "go lint (golangci-lint)"
go tool -modfile=tools/go.mod golangci-lint run ./...

step "Go tests (real PostgreSQL) and browser flows"
scripts/with-db.sh bash -c 'go test -count=1 -timeout 10m ./... && scripts/e2e.sh'
