#!/usr/bin/env bash
# Installs everything the project needs and compiles the contracts; `npm start` and `npm test` run it first.
# Idempotent and offline when nothing changed: the install is skipped while a stamp of the lockfile, every workspace
# manifest and the Node in use matches, and the compile is served from Hardhat's cache. `--no-compile`: install only
# (`npm start` compiles in-process, while its chains boot).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash "$root/scripts/bootstrap-node.sh"
# shellcheck source=scripts/node-env.sh
source "$root/scripts/node-env.sh"
hash -r
echo "setup: using Node $(node --version)"
# One npm workspace (root, frontend, server, indexer, packages/*): one lockfile, installed exactly as committed. `npm ci` never
# rewrites it, and its `prepare` step stores the install's stamp: while that matches, nothing is installed (offline).
stamp="node_modules/.setup-stamp"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$(bash scripts/install-stamp.sh node)" ]; then
  echo "setup: npm ci (workspace: root, frontend, server, indexer, packages/*)"
  npm ci --no-audit --no-fund
  bash scripts/install-stamp.sh node >"$stamp" # also where npm runs no scripts (ignore-scripts)
fi
[ "${1:-}" = --no-compile ] && exit 0
echo "setup: compiling contracts (the first compile takes a few minutes: viaIR on 2 cores)"
# A failed compile stops here: nothing may run on stale artifacts. Hardhat's transient-storage notes are filtered out.
compile_log="$(mktemp)"
if ! npx hardhat compile --quiet >"$compile_log" 2>&1; then
  cat "$compile_log" >&2
  rm -f "$compile_log"
  echo "setup: contract compilation failed" >&2
  exit 1
fi
grep -vE "^(Warning: Transient|   -->|    \||[0-9]+ \||\s*$)" "$compile_log" || true
rm -f "$compile_log"
