/// <reference types="vitest/config" />
import path from "node:path";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { localWalletModule, resolveAppEnv } from "./vite.env.ts";
import { shellPlugin } from "./build/shell.ts";
import { addressesPlugin } from "./build/addresses.ts";
import { inlineCssPlugin } from "./build/inlineCss.ts";

const root = import.meta.dirname;

export default defineConfig(({ command, mode }) => {
  const appEnv = resolveAppEnv(process.env.VITE_APP_ENV, mode === "test" ? "serve" : command);
  return {
    base: "/",
    plugins: [
      react(),
      shellPlugin(root),
      inlineCssPlugin(),
      addressesPlugin(path.resolve(root, "../deployments/deployedContracts.ts")),
    ],
    define: { "import.meta.env.VITE_APP_ENV": JSON.stringify(appEnv) },
    resolve: {
      alias: {
        "@deployments": path.resolve(root, "../deployments/deployedContracts.ts"),
        "virtual:local-test-wallet": localWalletModule(appEnv, root),
      },
    },
    server: { host: "127.0.0.1", port: 5173, fs: { allow: [path.resolve(root, "..")] } },
    build: { target: "es2022", sourcemap: false, manifest: true, chunkSizeWarningLimit: 900 },
    test: {
      environment: "node",
      include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "build/**/*.test.ts"],
      setupFiles: ["src/test/setup.ts"],
    },
  };
});
