import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without types
import { findForbidden } from "./check-bundle.mjs";
// @ts-expect-error plain ESM script without types
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
    "index.html": { file: "assets/index.js", imports: ["_a.js"], dynamicImports: ["_lazy.js"], isEntry: true },
    "_a.js": { file: "assets/a.js", imports: ["_b.js"] },
    "_b.js": { file: "assets/b.js" },
    "_lazy.js": { file: "assets/lazy.js", imports: ["_b.js"] },
  };
  it("counts the entry and its static imports, transitively, not dynamic imports", () => {
    expect(initialChunks(manifest).sort()).toEqual(["assets/a.js", "assets/b.js", "assets/index.js"]);
  });
  it("also counts the start-up module and its static and dynamic imports, but not the app's lazy chunks", () => {
    const withBoot = {
      "index.html": { file: "assets/index.js", dynamicImports: ["src/app/boot.tsx"], isEntry: true },
      "src/app/boot.tsx": { file: "assets/boot.js", imports: ["_a.js"], dynamicImports: ["_step.js"], isDynamicEntry: true },
      "_a.js": { file: "assets/a.js" },
      "_step.js": { file: "assets/step.js", imports: ["_b.js"], dynamicImports: ["_lazy.js"] },
      "_b.js": { file: "assets/b.js" },
      "_lazy.js": { file: "assets/lazy.js" },
    };
    expect(initialChunks(withBoot).sort()).toEqual(["assets/a.js", "assets/b.js", "assets/boot.js", "assets/index.js", "assets/step.js"]);
  });
  it("sums gzipped sizes", () => {
    const d = dist({ ".vite/manifest.json": JSON.stringify(manifest), "assets/index.js": "x".repeat(1000), "assets/a.js": "a", "assets/b.js": "b", "assets/lazy.js": "y".repeat(5000) });
    const r = measureBundle(d);
    expect(r.initialJsFiles).toHaveLength(3);
    expect(r.initialJsGzipBytes).toBeGreaterThan(0);
    expect(r.initialJsGzipBytes).toBeLessThan(200);
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
