import path from "node:path";
import { describe, expect, it } from "vitest";
import { localWalletModule, resolveAppEnv } from "../../vite.env.ts";
import { buildEnvConfig } from "./env.ts";

describe("environment configuration (PRODUCT.md §3)", () => {
  it("local uses chain ids 31337 / 31338 on 8545 / 8546", () => {
    const c = buildEnvConfig("local", {});
    expect([c.eth.chainIdInt, c.base.chainIdInt]).toEqual([31337, 31338]);
    expect([c.eth.chainId, c.base.chainId]).toEqual(["0x7a69", "0x7a6a"]);
    expect([c.eth.rpcURL, c.base.rpcURL]).toEqual(["http://127.0.0.1:8545", "http://127.0.0.1:8546"]);
    expect(c.production).toBe(false);
    expect(c.apiUrl).toBe("http://127.0.0.1:8787");
  });
  it("testnet is Sepolia / Base Sepolia; production Ethereum / Base", () => {
    const t = buildEnvConfig("testnet", {});
    expect([t.eth.chainIdInt, t.base.chainIdInt]).toEqual([11155111, 84532]);
    const p = buildEnvConfig("production", {});
    expect([p.eth.chainIdInt, p.base.chainIdInt]).toEqual([1, 8453]);
    expect(p.production).toBe(true);
    expect(p.base.blockExplorerURL).toBe("https://basescan.org/tx/");
  });
  it("per-chain block fields", () => {
    const c = buildEnvConfig("production", {});
    expect(c.eth).toMatchObject({
      gasFees: 0.005,
      purchaseToken: "ETH",
      hasStaking: false,
    });
    expect(c.base).toMatchObject({ gasFees: 0.00001, purchaseToken: "BASE", hasStaking: true, contracts: {} });
    expect(c.base.chainInfo).toMatchObject({ chainId: "0x2105", nativeCurrency: { symbol: "ETH", decimals: 18 } });
    expect(c.minToken).toBe(10);
    expect(c.notificationTimeout).toBe(7000);
    expect(c.presaleStartDate).toBe(1746439200000);
  });
  it("URLs come from VITE_ variables with defaults", () => {
    const c = buildEnvConfig("testnet", {
      VITE_BASE_RPC_URL: "https://rpc.example",
      VITE_API_URL: "https://api.example/",
    });
    expect(c.base.rpcURL).toBe("https://rpc.example");
    expect(c.referUrl).toBe("https://api.example/api/referral");
    expect(c.leadUrl).toBe("https://api.example/api/track/lead");
  });
  it("addresses come from the generated map only (local chains are in it)", () => {
    const c = buildEnvConfig("local", {});
    expect(c.eth.presaleAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(c.base.contracts.USDC?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(c.base.contracts.USDT).toBeUndefined();
  });
});

describe("build environment and the local test wallet", () => {
  it("dev server defaults to local, builds to production, explicit values win", () => {
    expect(resolveAppEnv(undefined, "serve")).toBe("local");
    expect(resolveAppEnv(undefined, "build")).toBe("production");
    expect(resolveAppEnv("testnet", "build")).toBe("testnet");
    expect(() => resolveAppEnv("staging", "build")).toThrow();
  });
  it("only the local build resolves the module holding the test key", () => {
    expect(path.basename(localWalletModule("local", "/r"))).toBe("localTestWallet.ts");
    expect(path.basename(localWalletModule("testnet", "/r"))).toBe("localTestWallet.stub.ts");
    expect(path.basename(localWalletModule("production", "/r"))).toBe("localTestWallet.stub.ts");
  });
});
