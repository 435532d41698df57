#!/usr/bin/env bash
# npm's `prepare`, run after every `npm ci` and `npm install` at the root: records the install for scripts/setup.sh
# (so a set-up checkout never installs again, and works offline), then installs the Git hooks (.husky/).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# `npm ci --dry-run` runs this too, and installs nothing.
if [ "${npm_config_dry_run:-}" = true ] || [ ! -d node_modules ]; then exit 0; fi
bash scripts/install-stamp.sh "${npm_node_execpath:-node}" >node_modules/.setup-stamp
# Husky sets core.hooksPath; it says so and changes nothing without a .git (an archive) or with HUSKY=0. It is absent
# from a production install (--omit=dev), which needs no hooks.
if [ -x node_modules/.bin/husky ]; then node_modules/.bin/husky; fi
