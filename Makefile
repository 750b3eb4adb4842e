# OpenAffiliate. `make run` serves the product; `make test` runs every test. See README.md.
SHELL := /bin/bash
# Go (go.mod's version) and Node 24 first on PATH for every target and the scripts it runs: the
# machine's own when new enough, else installed into .tools/ (scripts/go.sh, scripts/node.sh).
GO_BIN := $(shell scripts/go.sh)
NODE_BIN := $(shell scripts/node.sh)
export PATH := $(GO_BIN):$(NODE_BIN):$(PATH)
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)

.PHONY: run test test-citus generate check-generated build frontend lint e2e bench bench-redirect bench-redirect-cores bench-ingest bench-analytics lighthouse clean

run:
	scripts/run.sh

test:
	scripts/test.sh

# The Go tests on a local Citus cluster (a coordinator and two workers): docs/scaling.md.
test-citus:
	scripts/test-citus.sh

generate:
	scripts/generate.sh

check-generated:
	scripts/check-generated.sh

frontend/node_modules: frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund --loglevel=error
	touch frontend/node_modules

frontend: frontend/node_modules
	cd frontend && npm run --silent build

build: frontend
	go build -trimpath -ldflags "-X github.com/openaffiliate/platform/server.Version=$(VERSION)" -o bin/openaffiliate ./server/cmd/openaffiliate

tools/node_modules: tools/package-lock.json
	cd tools && npm ci --no-audit --no-fund --loglevel=error
	touch tools/node_modules

lint: tools/node_modules
	tools/node_modules/.bin/spectral lint openapi.yaml --ruleset api/spectral.yaml --fail-severity error

e2e: build
	scripts/with-db.sh scripts/e2e.sh

bench: bench-redirect bench-ingest bench-analytics

bench-redirect: build
	scripts/bench-redirect.sh

# One row of the per-core table: make bench-redirect-cores CORES=4 (docs/benchmarks.md).
bench-redirect-cores: build
	scripts/bench-redirect-cores.sh $(or $(CORES),1)

bench-ingest: build
	scripts/bench-ingest.sh

# Analytics and dashboards at 100 thousand and 10 million clicks (SMALL_CLICKS, BIG_CLICKS).
bench-analytics: build
	scripts/bench-analytics.sh

# Lighthouse (mobile) on cold loads of /auth and /dashboard; a measurement, not part of make test.
lighthouse: build
	scripts/with-db.sh scripts/lighthouse.sh

clean:
	rm -rf bin frontend/dist artifacts
