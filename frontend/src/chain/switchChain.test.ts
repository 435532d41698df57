import { describe, expect, it } from "vitest";
import { env } from "../config/env.ts";
import { ChainNotConfiguredError, switchOrAddChain, type Eip1193 } from "./switchChain.ts";

function provider(script: Record<string, (() => unknown)[]>) {
  const calls: string[] = [];
  const p: Eip1193 = {
    request: ({ method }) => {
      calls.push(method);
      const next = script[method]?.shift();
      return new Promise((resolve) => resolve(next ? next() : null)); // a scripted throw becomes a rejection
    },
  };
  return { p, calls };
}
const err = (code: number) => () => {
  throw Object.assign(new Error(`code ${code}`), { code });
};

describe("switch chain", () => {
  it("switches directly when the wallet knows the chain", async () => {
    const { p, calls } = provider({});
    await switchOrAddChain(p, env.base);
    expect(calls).toEqual(["wallet_switchEthereumChain"]);
  });
  it("on 4902 adds the chain, then retries the switch", async () => {
    const { p, calls } = provider({ wallet_switchEthereumChain: [err(4902)] });
    await switchOrAddChain(p, env.base);
    expect(calls).toEqual(["wallet_switchEthereumChain", "wallet_addEthereumChain", "wallet_switchEthereumChain"]);
  });
  it("rethrows other errors (rejection)", async () => {
    const { p } = provider({ wallet_switchEthereumChain: [err(4001)] });
    await expect(switchOrAddChain(p, env.base)).rejects.toMatchObject({ code: 4001 });
  });
  it("an unknown chain is a chain-not-configured error", async () => {
    const { p } = provider({});
    await expect(switchOrAddChain(p, undefined, 999)).rejects.toBeInstanceOf(ChainNotConfiguredError);
  });
});
