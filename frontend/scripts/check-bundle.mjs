#!/usr/bin/env node
// Post-build guard: a non-local build must not contain the local test wallet (its mnemonic or its connector id).
// Runs as part of "npm run build". Importable: findForbidden(distDir, env).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const FORBIDDEN = [
  "test test test test test test test test test test test junk", // Hardhat's test mnemonic (local wallet)
  "localTestWallet",
];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (/\.(js|mjs|html|json|map)$/.test(name)) yield p;
  }
}

export function findForbidden(distDir, env) {
  if (env === "local") return [];
  const hits = [];
  for (const f of files(distDir)) {
    const text = readFileSync(f, "utf8");
    for (const needle of FORBIDDEN) if (text.includes(needle)) hits.push({ file: path.relative(distDir, f), needle });
  }
  return hits;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "dist");
  const env = process.env.VITE_APP_ENV || "production";
  const hits = findForbidden(dist, env);
  if (hits.length) {
    console.error(`check-bundle: the ${env} build contains local-only code:`, hits);
    process.exit(1);
  }
  console.log(`check-bundle: ${env} build is free of the local test wallet`);
}
