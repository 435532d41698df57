#!/usr/bin/env node
// Computes initialJsGzipBytes for "/": the JavaScript of the first render, gzipped at level 9. That is the entry
// chunk of index.html, the start-up module (src/app/boot.tsx, imported after the first paint) and every chunk
// either imports (boot's imports are start-up steps, so its dynamic imports count too), transitively. Dynamic
// imports of the app itself (chain layer, wallet SDKs, modals, staking route) are not counted.
// Usage: node scripts/measure-bundle.mjs [distDir]  -> prints JSON; exit 0. Importable: measureBundle(distDir).
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

export function initialChunks(manifest, entryKey = "index.html", bootKey = "src/app/boot.tsx") {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    seen.add(key);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  visit(entryKey);
  if (manifest[bootKey]) {
    visit(bootKey);
    for (const step of manifest[bootKey].dynamicImports ?? []) visit(step);
  }
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
}

export function measureBundle(distDir) {
  const manifestPath = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} missing: run "npm run build" first`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const files = initialChunks(manifest).map((file) => {
    const buf = readFileSync(path.join(distDir, file));
    return { file, bytes: buf.length, gzipBytes: gzipSync(buf, { level: 9 }).length };
  });
  const allJs = Object.values(manifest).filter((c) => c.file.endsWith(".js"));
  return {
    initialJsGzipBytes: files.reduce((a, f) => a + f.gzipBytes, 0),
    initialJsBytes: files.reduce((a, f) => a + f.bytes, 0),
    initialJsFiles: files,
    totalJsChunks: allJs.length,
    budgetBytes: 180000,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "dist"));
  const r = measureBundle(dist);
  console.log(JSON.stringify(r, null, 2));
}
