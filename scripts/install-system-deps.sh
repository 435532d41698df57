#!/usr/bin/env bash
# Installs the system packages the test suites use when they are missing: Chromium (+ CJK fonts) for the browser
# tests, PostgreSQL for the server's second storage backend and Redis for the shared rate-limit test. A no-op where
# all are present. Installs on Debian and Ubuntu (apt-get); elsewhere it names what to install (README, "Platforms").
set -euo pipefail
chromium="${PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH:-${CHROMIUM_PATH:-/usr/bin/chromium}}"
need=()
[ -x "$chromium" ] || need+=(chromium fonts-noto-cjk)
[ -n "${DATABASE_URL:-}" ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
[ ${#need[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: missing: ${need[*]} (Debian names). This system has no apt-get: install them with its" >&2
  echo "  package manager as the README's \"Platforms\" says, then point PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH at Chromium" >&2
  echo "  or Chrome and DATABASE_URL at a PostgreSQL server if they are not where Debian puts them." >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then as_root=(); elif sudo -n true 2>/dev/null; then as_root=(sudo -n); else
  echo "install-system-deps: please install: ${need[*]} (apt-get install -y ${need[*]})" >&2
  exit 1
fi
echo "install-system-deps: installing ${need[*]}"
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
