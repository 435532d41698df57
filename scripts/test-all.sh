#!/usr/bin/env bash
# The README's test command: every suite, in order, stopping at the first failure.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup.sh
bash scripts/install-system-deps.sh
source scripts/node-env.sh
run() { echo; echo "=== $1"; shift; "$@"; }
run "TypeScript: lint" npm run lint
run "format" npm run format:check
run "contracts: lint" npm run lint:sol
run "contracts: API reference current" npm run docs:contracts:check
run "contract tests: types" npm run typecheck:tests
run "contracts: tests" npm run test:contracts
run "tooling: types" npm run typecheck:tooling
[ -f frontend/package.json ] && run "dapp: types" npm --prefix frontend run typecheck
[ -f frontend/package.json ] && run "dapp: unit tests" npm run test:frontend
[ -f server/package.json ] && run "server: types" npm --prefix server run typecheck
[ -f server/package.json ] && run "server: tests" npm run test:server
[ -f indexer/package.json ] && run "indexer: types" npm --prefix indexer run typecheck
[ -f indexer/package.json ] && run "indexer: tests" npm --prefix indexer test
[ -f e2e/playwright.config.ts ] && run "end-to-end: types" npx tsc -p e2e/tsconfig.json
[ -f e2e/playwright.config.ts ] && run "end-to-end" npm run test:e2e
echo; echo "all suites passed"
