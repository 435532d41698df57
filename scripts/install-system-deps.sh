#!/usr/bin/env bash
# Installs the Debian packages the test suites use when they are missing: Chromium (+ CJK fonts) for the browser
# tests, PostgreSQL for the server's second storage backend and Redis for the shared rate-limit test. A no-op where all are present.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium fonts-noto-cjk)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then as_root=(); elif sudo -n true 2>/dev/null; then as_root=(sudo -n); else
  echo "install-system-deps: please install: ${need[*]} (apt-get install -y ${need[*]})" >&2; exit 1
fi
echo "install-system-deps: installing ${need[*]}"
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
