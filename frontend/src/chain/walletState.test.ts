import { describe, expect, it } from "vitest";
import { hasStoredWallet, WAGMI_STORAGE_KEY } from "./walletState.ts";

const storage = (keys: string[]) => () => ({ length: keys.length, key: (i: number) => keys[i] ?? null });

describe("whether the wallet layer starts by itself", () => {
  it("only when wagmi stored something to restore", () => {
    expect(hasStoredWallet(storage([]))).toBe(false);
    expect(hasStoredWallet(storage(["currentlang", "shaft.reloaded", "shaft.wagmix"]))).toBe(false);
    expect(hasStoredWallet(storage(["currentlang", `${WAGMI_STORAGE_KEY}.recentConnectorId`]))).toBe(true);
    expect(hasStoredWallet(storage([`${WAGMI_STORAGE_KEY}.store`]))).toBe(true);
  });
  it("never with storage missing or blocked", () => {
    expect(hasStoredWallet(() => undefined)).toBe(false);
    const blocked = () => {
      throw new Error("SecurityError"); // what reading window.localStorage throws when the browser blocks it
    };
    expect(hasStoredWallet(blocked)).toBe(false);
  });
});
