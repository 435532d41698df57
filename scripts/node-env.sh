# Sourced by the project's shell scripts: puts the bootstrapped Node 24 (if any) first on PATH.
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -x "$_root/.tools/node_modules/.bin/node" ]; then
  export PATH="$_root/.tools/node_modules/.bin:$PATH"
fi
export HARDHAT_DISABLE_TELEMETRY=true
unset _root
