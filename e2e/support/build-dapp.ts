/** Builds the dapp for the local environment against the suite's stack (a production build, not the dev server). */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { ROOT, URLS } from "./config.ts";

export function dappBuildEnv(): Record<string, string> {
  return {
    VITE_APP_ENV: "local",
    VITE_ETH_RPC_URL: URLS.eth,
    VITE_ETH_BACKUP_RPC_URL: URLS.eth,
    VITE_BASE_RPC_URL: URLS.base,
    VITE_BASE_BACKUP_RPC_URL: URLS.base,
    VITE_API_URL: URLS.api,
    VITE_WERT_ORIGIN: URLS.widget,
    VITE_SITE_DOMAIN: URLS.dapp,
  };
}

/** Vite's command-line entry as the dapp resolves it (the workspace may hoist it to the root's node_modules). */
export function viteCli(): string {
  const frontend = path.join(ROOT, "frontend");
  try {
    return path.join(
      path.dirname(createRequire(path.join(frontend, "package.json")).resolve("vite/package.json")),
      "bin/vite.js",
    );
  } catch {
    throw new Error("vite is not installed: run npm install at the repository root (scripts/setup.sh does)");
  }
}

export function buildDapp(outDir: string, log: (m: string) => void = () => {}): void {
  const frontend = path.join(ROOT, "frontend");
  const vite = viteCli();
  const t0 = Date.now();
  execFileSync(process.execPath, [vite, "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: frontend,
    env: { ...process.env, ...dappBuildEnv() },
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  log(
    `dapp built for the local environment in ${((Date.now() - t0) / 1000).toFixed(1)} s -> ${path.relative(ROOT, outDir)}`,
  );
}
