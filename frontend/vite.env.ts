// Build-time environment selection, shared by vite.config.ts and its tests.
import path from "node:path";

/** The build environments: each selects a chain pair (src/config/env.ts). */
const APP_ENVS = ["local", "testnet", "production"] as const;
export type AppEnv = (typeof APP_ENVS)[number];

/** `VITE_APP_ENV` wins; otherwise the dev server runs against the local chains and a build targets production. */
export function resolveAppEnv(value: string | undefined, command: "serve" | "build"): AppEnv {
  if (value && (APP_ENVS as readonly string[]).includes(value)) return value as AppEnv;
  if (value) throw new Error(`VITE_APP_ENV must be one of ${APP_ENVS.join(", ")}; got "${value}"`);
  return command === "serve" ? "local" : "production";
}

/**
 * The "Local test wallet" holds a well-known Hardhat key. Only the local environment resolves the module that
 * contains it; every other build resolves a stub, so the key cannot reach a testnet or production bundle.
 */
export function localWalletModule(env: AppEnv, root: string): string {
  return path.resolve(root, env === "local" ? "src/chain/localTestWallet.ts" : "src/chain/localTestWallet.stub.ts");
}
