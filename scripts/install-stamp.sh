#!/usr/bin/env bash
# Prints the fingerprint of an install: the lockfile, every workspace manifest and the Node that ran npm (argument 1;
# npm skips packages whose engines exclude that Node, e.g. Hardhat's EDR on Node 20). npm's `prepare` stores it after
# each `npm ci`/`npm install` (scripts/prepare.sh); scripts/setup.sh installs again only when it no longer matches.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
{
  "$1" -p 'process.version + " " + process.platform + " " + process.arch'
  cat package-lock.json package.json frontend/package.json server/package.json indexer/package.json packages/*/package.json
} | sha256sum | cut -d' ' -f1
