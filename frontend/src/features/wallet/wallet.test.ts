// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { env } from "../../config/env.ts";
import { partnerDeepLink } from "./connect.ts";
import { qrPath } from "./QrCode.tsx";
import { sameWalletState, type WalletState } from "../../chain/index.ts";

describe("wallet helpers", () => {
  it("builds the partner wallet deep link with the WalletConnect URI, callback and browser", () => {
    const link = partnerDeepLink("wc:abc@2?relay-protocol=irn", "https://site.example/ru");
    expect(link.startsWith(`${env.bwDeepLink}wc?uri=`)).toBe(true);
    const q = new URLSearchParams(link.split("?").slice(1).join("?"));
    expect(q.get("uri")).toBe("wc:abc@2?relay-protocol=irn");
    expect(q.get("callback")).toBe("https://site.example/ru");
    expect(q.get("browser")).toBeTruthy();
  });
  it("generates QR codes locally", () => {
    const { size, d } = qrPath("https://best.wallet/download");
    expect(size).toBeGreaterThanOrEqual(21);
    expect(d.length).toBeGreaterThan(100);
  });
});

describe("wallet store", () => {
  const base: WalletState = {
    status: "connected",
    address: "0x00000000000000000000000000000000000000a1",
    chainId: 1,
    connectorId: "x",
    isConnected: true,
  };
  it("treats a re-read of the same connection as no change (no re-render of every consumer)", () => {
    expect(sameWalletState(base, { ...base })).toBe(true);
    for (const change of [
      { status: "reconnecting" },
      { address: "0x00000000000000000000000000000000000000a2" },
      { chainId: 8453 },
      { connectorId: "y" },
      { isConnected: false },
    ] as Partial<WalletState>[])
      expect(sameWalletState(base, { ...base, ...change }), JSON.stringify(change)).toBe(false);
  });
});

describe("WalletLifecycle", () => {
  it("reloads the presale data when the account, chain or connection changes, not at mount", async () => {
    const { createElement } = await import("react");
    const { act, render } = await import("@testing-library/react");
    const { QueryClient, QueryClientProvider } = await import("@tanstack/react-query");
    const { WalletLifecycle } = await import("./WalletLifecycle.tsx");
    const { walletState } = await import("../../chain/index.ts");
    const qc = new QueryClient();
    const invalidate = vi.spyOn(qc, "invalidateQueries").mockResolvedValue();
    walletState.set({ status: "disconnected", isConnected: false });
    const view = render(createElement(QueryClientProvider, { client: qc }, createElement(WalletLifecycle)));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => walletState.set({ status: "reconnecting", isConnected: false }));
    expect(invalidate).not.toHaveBeenCalled(); // not settled yet
    act(() =>
      walletState.set({
        status: "connected",
        address: "0x00000000000000000000000000000000000000a1",
        chainId: 1,
        isConnected: true,
      }),
    );
    expect(invalidate).toHaveBeenCalledTimes(1);
    act(() =>
      walletState.set({
        status: "connected",
        address: "0x00000000000000000000000000000000000000a1",
        chainId: 8453,
        isConnected: true,
      }),
    );
    expect(invalidate).toHaveBeenCalledTimes(2);
    view.unmount();
    walletState.set({ status: "disconnected", isConnected: false });
  });
});
