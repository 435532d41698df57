#!/usr/bin/env bash
# The README's start command: installs what is missing, then brings the local stack up (scripts/local/start.ts),
# which compiles in-process (from Hardhat's cache when nothing changed) while its two chains boot.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh" --no-compile
source "$root/scripts/node-env.sh"
cd "$root"
exec node_modules/.bin/tsx scripts/local/start.ts "$@"
