import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findForbidden } from "./check-bundle.mjs";
import { initialChunks, measureBundle } from "./measure-bundle.mjs";

function dist(files: Record<string, string>) {
  const d = mkdtempSync(path.join(os.tmpdir(), "dist-"));
  for (const [f, c] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(d, f)), { recursive: true });
    writeFileSync(path.join(d, f), c);
  }
  return d;
}

describe("measure-bundle", () => {
  const manifest = {
    "index.html": { file: "assets/index.js", imports: ["_a.js"], dynamicImports: ["src/app/boot.tsx"], isEntry: true },
    "src/app/boot.tsx": {
      file: "assets/boot.js",
      imports: ["_b.js"],
      dynamicImports: ["src/app/mount.tsx", "src/presale/chainReads.ts"],
      isDynamicEntry: true,
    },
    "node_modules/react-dom/client.js": { file: "assets/client.js", isDynamicEntry: true },
    "src/features/i18n/i18n.ts": { file: "assets/i18n.js", imports: ["_b.js"], isDynamicEntry: true },
    "src/app/mount.tsx": {
      file: "assets/mount.js",
      imports: ["_a.js"],
      dynamicImports: ["_lazy.js", "src/chain/web3.ts"],
      isDynamicEntry: true,
    },
    "src/presale/chainReads.ts": { file: "assets/reads.js", imports: ["_viem.js", "_b.js"], isDynamicEntry: true },
    "src/chain/web3.ts": { file: "assets/web3.js", imports: ["_viem.js", "_wagmi.js"], isDynamicEntry: true },
    "_a.js": { file: "assets/a.js", imports: ["_b.js"] },
    "_b.js": { file: "assets/b.js" },
    "_viem.js": { file: "assets/viem.js" },
    "_wagmi.js": { file: "assets/wagmi.js" },
    "_lazy.js": { file: "assets/lazy.js", imports: ["_b.js"] },
  };
  it("first render: the entry and the start-up steps with their static imports, not the app's dynamic imports", () => {
    expect(initialChunks(manifest).sort()).toEqual([
      "assets/a.js",
      "assets/b.js",
      "assets/boot.js",
      "assets/client.js",
      "assets/i18n.js",
      "assets/index.js",
      "assets/mount.js",
    ]);
  });
  it("sums gzipped sizes per layer, each file counted once, in the first layer that loads it", () => {
    const files = Object.fromEntries(Object.values(manifest).map((c) => [c.file, "x".repeat(100)]));
    const d = dist({
      ".vite/manifest.json": JSON.stringify(manifest),
      ...files,
      "assets/viem.js": "v".repeat(9000),
      "assets/lazy.js": "y".repeat(5000),
    });
    const r = measureBundle(d);
    expect(r.initialJsFiles).toHaveLength(7);
    expect(r.initialJsGzipBytes).toBeGreaterThan(0);
    expect(r.initialJsGzipBytes).toBeLessThan(7 * 60);
    expect(r.presaleReadsJsGzipBytes).toBeGreaterThan(0); // reads.js + viem.js (b.js already counted)
    expect(r.walletLayerJsGzipBytes).toBeGreaterThan(0); // web3.js + wagmi.js (viem.js already counted)
    expect(r.walletLayerJsGzipBytes).toBeLessThan(r.presaleReadsJsGzipBytes);
  });
});

describe("check-bundle (local test wallet cannot reach other builds)", () => {
  const mnemonic = "test test test test test test test test test test test junk";
  it("flags the test mnemonic in a production or testnet build", () => {
    const d = dist({ "assets/x.js": `const m="${mnemonic}"` });
    expect(findForbidden(d, "production")).toHaveLength(1);
    expect(findForbidden(d, "testnet")).toHaveLength(1);
    expect(findForbidden(d, "local")).toHaveLength(0);
  });
  it("passes a clean build", () => {
    expect(findForbidden(dist({ "assets/x.js": "console.log(1)" }), "production")).toEqual([]);
  });
});
