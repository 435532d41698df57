#!/usr/bin/env node
// Computes initialJsGzipBytes for "/": the JavaScript of the first render, gzipped at level 9: the entry chunk of
// index.html and the start-up steps it runs after the first paint (src/app/boot.tsx, react-dom, i18n, the app's
// mount), each with every chunk it imports statically. The two layers that load next are reported on their own:
// the presale reads (viem; fetched during start-up, in parallel, to fill in the numbers) and the wallet layer
// (wagmi; loaded when the page is idle). Wallet SDKs, modals and the staking route load on demand and are not counted.
// Usage: node scripts/measure-bundle.mjs [distDir]  -> prints JSON; exit 0. Importable: measureBundle(distDir).
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

/** Manifest keys (source modules) of each layer, in load order. */
export const LAYERS = {
  firstRender: [
    "index.html",
    "src/app/boot.tsx",
    "node_modules/react-dom/client.js",
    "src/features/i18n/i18n.ts",
    "src/app/mount.tsx",
  ],
  presaleReads: ["src/presale/chainReads.ts"],
  wallet: ["src/chain/web3.ts"],
};

/** Files of `keys` and everything they import statically, transitively, minus the files in `exclude`. */
export function initialChunks(manifest, keys = LAYERS.firstRender, exclude = new Set()) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    seen.add(key);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  // A dependency's key depends on where it is installed (node_modules/..., or ../node_modules/... in a workspace).
  const resolve = (key) => (manifest[key] ? key : (Object.keys(manifest).find((k) => k.endsWith(`/${key}`)) ?? key));
  for (const key of keys) visit(resolve(key));
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith(".js") && !exclude.has(f));
}

export function measureBundle(distDir) {
  const manifestPath = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} missing: run "npm run build" first`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const sized = (files) =>
    files.map((file) => {
      const buf = readFileSync(path.join(distDir, file));
      return { file, bytes: buf.length, gzipBytes: gzipSync(buf, { level: 9 }).length };
    });
  const sum = (files, k) => files.reduce((a, f) => a + f[k], 0);
  const counted = new Set();
  const layer = (keys) => {
    const files = sized(initialChunks(manifest, keys, counted));
    for (const f of files) counted.add(f.file);
    return files;
  };
  const first = layer(LAYERS.firstRender);
  const reads = layer(LAYERS.presaleReads);
  const wallet = layer(LAYERS.wallet);
  const allJs = Object.values(manifest).filter((c) => c.file.endsWith(".js"));
  return {
    initialJsGzipBytes: sum(first, "gzipBytes"),
    initialJsBytes: sum(first, "bytes"),
    initialJsFiles: first,
    presaleReadsJsGzipBytes: sum(reads, "gzipBytes"),
    walletLayerJsGzipBytes: sum(wallet, "gzipBytes"),
    totalJsChunks: allJs.length,
    budgetBytes: 180000,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "dist"));
  const r = measureBundle(dist);
  console.log(JSON.stringify(r, null, 2));
}
