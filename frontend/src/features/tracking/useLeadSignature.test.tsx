// @vitest-environment jsdom
// The hook asks a connected wallet once, with tracking on, and waits while a purchase is asking the wallet.
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { walletState } from "../../chain/index.ts";
import { swapStore } from "../buy/index.ts";
import { useLeadSignature } from "./useLeadSignature.ts";

const askWalletForLead = vi.fn((address: string) => {
  sessionStorage.setItem(`shaft:lead:${address.toLowerCase()}`, JSON.stringify({ state: "refused" }));
  return Promise.resolve("refused");
});
vi.mock("./askWallet.ts", () => ({ askWalletForLead }));

const ADDRESS = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const connect = () =>
  walletState.set({ status: "connected", address: ADDRESS, chainId: 8453, connectorId: "injected", isConnected: true });

afterEach(() => {
  askWalletForLead.mockClear();
  sessionStorage.clear();
  walletState.set({ status: "disconnected", isConnected: false });
  swapStore.set({ status: "not_started" });
});

describe("useLeadSignature", () => {
  it("asks nothing with tracking off", async () => {
    connect();
    renderHook(() => useLeadSignature(false));
    await new Promise((r) => setTimeout(r, 20));
    expect(askWalletForLead).not.toHaveBeenCalled();
  });

  it("waits while a purchase asks the wallet, then asks once; a refusal is not asked again", async () => {
    swapStore.set({ status: "confirm_pending", payment: "native" });
    connect();
    const { rerender } = renderHook(() => useLeadSignature(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(askWalletForLead).not.toHaveBeenCalled();
    act(() => swapStore.set({ status: "complete", payment: "native" }));
    await waitFor(() => expect(askWalletForLead).toHaveBeenCalledTimes(1));
    expect(askWalletForLead).toHaveBeenCalledWith(ADDRESS, 8453);
    act(() => walletState.set({ ...walletState.get(), chainId: 1 }));
    rerender();
    await new Promise((r) => setTimeout(r, 20));
    expect(askWalletForLead).toHaveBeenCalledTimes(1);
  });
});
