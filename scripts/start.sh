#!/usr/bin/env bash
# The README's start command: installs what is missing, then brings the local stack up (scripts/local/start.ts).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh"
source "$root/scripts/node-env.sh"
cd "$root"
exec npx tsx scripts/local/start.ts --no-compile "$@"
