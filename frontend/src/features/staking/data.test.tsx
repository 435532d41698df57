// @vitest-environment jsdom
// Stake data (PRODUCT.md §3) derived from the Base read, the 500 ms staking poll, and the two entry points owned by
// the app shell / buy widget. (The staking calls' place in the Base presale multicall: presale/reads.test.ts.)
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { focusManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TIMINGS } from "../../config/constants.ts";
import { env } from "../../config/env.ts";
import type { PresaleView } from "../../presale/index.ts";
import { dispatchSwap } from "../buy/index.ts";
import { stakeView } from "./useStakingData.ts";

const en = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../public/assets/i18n/en.json"), "utf8"),
) as Record<string, unknown>;
beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

describe("stakeView", () => {
  const data = (staking: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ({
      baseClaimable: 7,
      base: {
        claimStart: 100,
        staking: {
          apy: 15,
          totalStaked: 400,
          lockTime: 60,
          claimsLocked: false,
          userStaked: 100,
          unlockTime: 500,
          rewards: 2,
          depositsLocked: false,
          withdrawalsLocked: false,
          ...staking,
        },
        user: { saleTokenBal: 33 },
      },
      ...extra,
    }) as unknown as PresaleView;
  const on = { isConnected: true, chainId: env.base.chainIdInt };
  it("derives canUnstake, pool share, isClaimEnabled and the claim phase", () => {
    const v = stakeView(data({}), on, 499);
    expect(v).toMatchObject({
      userStaked: 100,
      userBal: 33,
      baseClaimable: 7,
      canUnstake: false,
      userPoolPercent: 25,
      isClaimEnabled: true,
      claimLive: true,
      onBase: true,
    });
    expect(stakeView(data({}), on, 500).canUnstake).toBe(true);
    expect(stakeView(data({ claimsLocked: true }), on, 1).isClaimEnabled).toBe(false);
    expect(stakeView(data({}), on, 99).claimLive).toBe(false);
  });
  it("hides user figures when not connected", () => {
    const v = stakeView(data({}), { isConnected: false }, 1000);
    expect(v).toMatchObject({
      userStaked: 0,
      userReward: 0,
      userBal: 0,
      baseClaimable: 0,
      canUnstake: false,
      connected: false,
    });
    expect(v.totalStaked).toBe(400);
  });
});

describe("500 ms staking poll on the same query", () => {
  it("adds an observer with the staking interval to the Base presale query (no second request key), paused while the tab is hidden", async () => {
    vi.resetModules();
    const readChainData = vi.fn(() => Promise.resolve({ chainId: env.base.chainIdInt }));
    vi.doMock("../../presale/chainReads.ts", () => ({ readChainData }));
    const { useStakingPoll } = await import("./useStakingData.ts");
    const qc = new QueryClient();
    function Probe() {
      useStakingPoll();
      return null;
    }
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <QueryClientProvider client={qc}>
        <Probe />
      </QueryClientProvider>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMINGS.stakingPollMs * 4 + 50);
    });
    const keys = qc
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey);
    expect(keys).toEqual([["presale", env.base.chainIdInt, null]]);
    expect(readChainData.mock.calls.length).toBeGreaterThanOrEqual(4);
    // tab hidden: no polling (refetchIntervalInBackground: false)
    focusManager.setFocused(false);
    const before = readChainData.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMINGS.stakingPollMs * 6);
    });
    expect(readChainData.mock.calls.length).toBe(before);
    focusManager.setFocused(undefined);
    vi.useRealTimers();
    vi.doUnmock("../../chain/walletState.ts");
  });
});

describe("entry points", () => {
  it("Stake now after a successful purchase on Base leads to the staking page", async () => {
    const { StatusView } = await import("../buy/index.ts");
    const router = createMemoryRouter(
      [
        {
          path: "*",
          element: (
            <StatusView
              s={{ status: "complete", chainId: env.base.chainIdInt, tokens: 10, stake: false }}
              inModal={false}
            />
          ),
        },
      ],
      { initialEntries: ["/es"] },
    );
    render(<RouterProvider router={router} />);
    await act(() => Promise.resolve(void fireEvent.click(screen.getByTestId("stake-now"))));
    expect(router.state.location.pathname).toBe("/es/staking");
    dispatchSwap({ type: "RESET" });
  });
  it("the header's Buy now on the staking page scrolls up and opens the connect modal", async () => {
    const { Header } = await import("../layout/index.ts");
    const { walletUi } = await import("../wallet/index.ts"); // the instance Header uses (modules were reset above)
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as never;
    const router = createMemoryRouter([{ path: "*", element: <Header /> }], { initialEntries: ["/staking"] });
    render(<RouterProvider router={router} />);
    walletUi.set((s) => ({ ...s, connectOpen: false }));
    await act(() => Promise.resolve(void fireEvent.click(screen.getByTestId("header-buy-now"))));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(walletUi.get().connectOpen).toBe(true);
  });
});
