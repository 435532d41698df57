// @vitest-environment jsdom
// The panel rendered for real (English, react-query, the wallet store) against a stubbed `fetch` standing in for the
// indexer's HTTP answer: an Ethereum purchase's three steps, and an unreachable indexer said plainly, not a crash.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { env } from "../../config/env.ts";
import { walletState } from "../../chain/index.ts";
import { initTestI18n } from "../../test/i18nForTests.ts";
import type { ActivityAnswer } from "./api.ts";
import ActivityPanel from "./ActivityPanel.tsx";

const ME = "0x00000000000000000000000000000000000000a1";

function answer(stage: "bought" | "sent" | "onBase"): ActivityAnswer {
  return {
    address: ME,
    chains: { ethereum: env.eth.chainIdInt, base: env.base.chainIdInt },
    now: 1700000100,
    cadence: { relayEverySec: 60, deliverySec: 10, lastRelayAt: 1700000050, samples: 2 },
    purchases: [
      {
        id: "eth-1",
        chainId: env.eth.chainIdInt,
        txHash: `0x${"e".repeat(64)}`,
        timestamp: "1700000000",
        buyer: ME,
        recipient: ME,
        payToken: "0x0000000000000000000000000000000000000000",
        paid: "100000000000000000",
        tokens: "2500",
        usd: "300000000000000000000",
        staked: false,
        card: false,
        firstRound: 0,
        lastRound: 1,
        journey: {
          stage,
          owner: ME,
          leg: 1,
          relay: stage === "bought" ? null : { id: "r1", txHash: `0x${"a".repeat(64)}`, timestamp: 1 },
          credit: stage === "onBase" ? { txHash: `0x${"c".repeat(64)}`, timestamp: 2 } : null,
          expectedAt: stage === "onBase" ? null : 1700000160,
        },
      },
    ],
    credits: [],
    claims: [],
    staking: [],
  };
}

function mount() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <ActivityPanel />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initTestI18n();
  walletState.set({ status: "connected", address: ME, chainId: env.eth.chainIdInt, isConnected: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("My activity", () => {
  it("asks the indexer for the connected wallet and shows an Ethereum purchase on its way to Base", async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(answer("sent")))));
    vi.stubGlobal("fetch", fetch);
    mount();
    const item = await screen.findByTestId("activity-purchase");
    expect(fetch.mock.calls[0]).toEqual([`${env.indexerUrl}/activity/${ME}`, expect.anything()]);
    expect(within(item).getByTestId("activity-tokens").textContent).toContain("2,500");
    expect(within(item).getByText(/round 1–2/)).toBeTruthy();
    expect(within(item).getByTestId("journey").dataset.stage).toBe("sent");
    expect(within(item).getByTestId("journey-bought").className).toBe("done");
    expect(within(item).getByTestId("journey-sent").className).toBe("current");
    expect(within(item).getByTestId("journey-onBase").className).toBe("");
    expect(within(item).getByTestId("journey-relay-tx")).toBeTruthy();
    expect(within(item).getByTestId("journey-expected").textContent).toMatch(/expected on Base around/);
    expect(screen.getByTestId("activity-in-flight").textContent).toContain("2,500");
    expect(screen.getByTestId("activity-on-base").textContent).toContain(": 0");
  });

  it("once credited on Base, the purchase is claimable there and no longer counted in flight", async () => {
    vi.stubGlobal("fetch", () => Promise.resolve(new Response(JSON.stringify(answer("onBase")))));
    mount();
    const j = await screen.findByTestId("journey");
    expect(j.dataset.stage).toBe("onBase");
    expect(within(j).getByTestId("journey-credit-tx")).toBeTruthy();
    expect(within(j).queryByTestId("journey-expected")).toBeNull();
    expect(screen.getByTestId("activity-on-base").textContent).toContain("2,500");
  });

  // The hook retries once, a second later, before it says so.
  it(
    "says the indexer is unreachable when it cannot be reached or answers with an error",
    { timeout: 10_000 },
    async () => {
      vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
      mount();
      expect((await screen.findByTestId("activity-unavailable", {}, { timeout: 4_000 })).textContent).toMatch(
        /activity service is unreachable/,
      );
      cleanup();
      vi.stubGlobal("fetch", () => Promise.resolve(new Response("<html>bad gateway</html>", { status: 502 })));
      mount();
      expect(await screen.findByTestId("activity-unavailable", {}, { timeout: 4_000 })).toBeTruthy();
      expect(screen.queryByTestId("activity-purchase")).toBeNull();
    },
  );
});
