// @vitest-environment jsdom
// The staking page and its modals rendered for real (English translations, memory router, a fake chain adapter):
// cards and buttons, the tabs at 1024 px and below, every rule's effect (connect modal, switch-to-Base popup,
// claim_not_live popup), the stake modal form and every status view, withdraw, and the claim modal.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { Address } from "viem";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { env } from "../../config/env.ts";
import { type ErasedCall, walletState } from "../../chain/index.ts";
import type { PresaleView } from "../../presale/index.ts";
import { buyUi } from "../buy/index.ts";
import { walletUi } from "../wallet/index.ts";
import { closePopup, popupStore } from "../../shared/popup.ts";
import { DEFAULT_TOAST_OPTIONS, toastOptionsStore, toastStore } from "../../shared/toast.ts";
import { Toasts } from "../../shared/Toasts.tsx";

// ---- fake chain: every write is recorded; behaviour per function name is set by each test
const chain = {
  allowance: 0n,
  writeErrors: {} as Record<string, Error>,
  receipts: {} as Record<string, "success" | "reverted">,
  hold: null as null | Promise<void>,
  writes: [] as ErasedCall[],
};
vi.mock("../../chain/wagmiIO.ts", async () => {
  const { fakeChainIO } = await import("../../test/fakeChainIO.ts");
  return {
    wagmiIO: () =>
      fakeChainIO({
        read: () => chain.allowance,
        write: async (a) => {
          if (chain.hold) await chain.hold;
          if (chain.writeErrors[a.functionName]) throw chain.writeErrors[a.functionName];
          chain.writes.push(a);
          return `0x${String(chain.writes.length).padStart(64, "0")}` as const;
        },
        waitForReceipt: (hash) => ({
          status: chain.receipts[chain.writes[Number(hash) - 1].functionName] ?? "success",
        }),
      }),
  };
});

// A wallet without EIP-5792 batches or typed-data signatures: the approval transaction of the sequential flow.
vi.mock("../../chain/wagmiWalletIO.ts", () => ({
  wagmiWalletIO: () => ({
    canBatch: () => Promise.resolve(false),
    canSignTypedData: () => false,
    sendCalls: () => Promise.reject(new Error("no batches")),
    waitForCalls: () => Promise.reject(new Error("no batches")),
    signTypedData: () => Promise.reject(new Error("no typed data")),
    noteUnavailable: () => undefined,
    chainTime: () => Promise.resolve(0n),
  }),
}));

const { StakingView, TABS } = await import("./StakingPage.tsx");
const { default: ClaimActions } = await import("./ClaimActions.tsx");
const { flowStore, INITIAL_FLOW } = await import("./stakingMachine.ts");
const { stakingUi } = await import("./stakingUi.ts");
// The flows load on the first action (useStakingActions): loaded here, the first test's findBy waits for the flow, not
// for the flows' first transform on a busy machine.
await import("./flows.ts");
/**
 * How long a stake flow's next view may take to appear: the flow runs through promises and a lazy chunk, which a
 * machine busy with other test files slows well past Testing Library's 1 s default. The condition is the view itself.
 */
const FLOW_WAIT = { timeout: 10_000 };

const en = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../public/assets/i18n/en.json"), "utf8"),
) as {
  popup: Record<string, string>;
  staking: { errors: Record<string, string> };
};
beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});

const USER = "0x00000000000000000000000000000000000000a1" as Address;
const NOW = Math.floor(Date.now() / 1000);
type Over = {
  staked?: number;
  unlockTime?: number;
  rewards?: number;
  bal?: number;
  claimable?: number;
  claimsLocked?: boolean;
  claimStart?: number;
  withdrawalsLocked?: boolean;
  held?: number;
};

function presale(o: Over = {}): PresaleView {
  return {
    loaded: true,
    stale: false,
    eth: undefined,
    rounds: [],
    currentStep: 0,
    totalTokensSold: 0,
    usdRaised: 0,
    maxUsd: 0,
    raisedPercent: 0,
    price: 0.006,
    nextPrice: undefined,
    userClaimable: o.claimable ?? 0,
    baseClaimable: o.claimable ?? 0,
    stakeable: o.claimable ?? 0,
    apy: 15,
    refetch: vi.fn(() => Promise.resolve([])),
    base: {
      chainId: env.base.chainIdInt,
      updatedAt: 0,
      totalTokensSold: 0,
      usdRaised: 0,
      maxTokensToBuy: 1e6,
      currentStep: 0,
      rounds: [],
      remaining: [],
      quotePer1000: {},
      claimStart: o.claimStart ?? NOW - 10,
      user: {
        balances: { native: 10n ** 18n, usdc: 0n },
        allowances: { usdc: 0n },
        deposits: o.claimable ?? 0,
        remoteImported: 0,
        saleTokenBal: o.bal ?? 0,
      },
      staking: {
        apy: 15,
        totalStaked: 1_000_000,
        lockTime: 30 * 86400,
        claimsLocked: o.claimsLocked ?? false,
        userStaked: o.staked ?? 0,
        heldUntilClaim: o.held ?? 0,
        unlockTime: o.unlockTime ?? 0,
        rewards: o.rewards ?? 0,
        depositsLocked: false,
        withdrawalsLocked: o.withdrawalsLocked ?? false,
      },
    },
  } as unknown as PresaleView;
}

function connect(chainId = env.base.chainIdInt) {
  walletState.set({ status: "connected", address: USER, chainId, isConnected: true });
}

function show(data: PresaleView, el: "page" | "claim" = "page", path = "/staking") {
  const router = createMemoryRouter(
    [{ path: "*", element: el === "page" ? <StakingView data={data} /> : <ClaimActions data={data} /> }],
    { initialEntries: [path] },
  );
  // The app shell's one toast list, as on the real page.
  render(
    <>
      <RouterProvider router={router} />
      <Toasts />
    </>,
  );
  return router;
}

const click = async (id: string) => {
  await act(() => Promise.resolve(void fireEvent.click(screen.getByTestId(id))));
};

let mobile = false;
beforeEach(() => {
  Object.assign(chain, { allowance: 0n, writeErrors: {}, receipts: {}, hold: null, writes: [] });
  toastStore.set([]);
  flowStore.set(INITIAL_FLOW);
  stakingUi.set({ modal: null });
  walletState.set({ status: "disconnected", isConnected: false });
  walletUi.set((s) => ({ ...s, connectOpen: false }));
  buyUi.set((s) => ({ ...s, swapModal: null }));
  mobile = false;
  window.matchMedia = ((q: string) => ({
    matches: mobile && q.includes("1024"),
    media: q,
    addEventListener() {},
    removeEventListener() {},
  })) as never;
});
afterEach(() => {
  closePopup(false);
  cleanup();
});

describe("page", () => {
  it("shows title, description and the five cards with stable test ids", () => {
    show(presale());
    for (const id of [
      "staking-title",
      "staking-description",
      "card-staked",
      "card-stakeable",
      "card-rewards",
      "card-total-staked",
      "card-apy",
    ]) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
    expect(screen.getByTestId("staking-title").textContent).toBe("Stake SHAFT");
    expect(screen.getByTestId("apy-value").textContent).toBe("15%");
    expect(screen.getByTestId("total-staked").textContent).toContain("1,000,000");
    expect(screen.getByTestId("staking-page").dataset.layout).toBe("cards");
  });
  it("shows dashes, not zeros, until the first read has arrived", () => {
    connect();
    const data = presale();
    (data as unknown as { base: undefined }).base = undefined;
    show(data);
    expect(screen.getByTestId("apy-value").textContent).toBe("—");
    expect(screen.getByTestId("total-staked").textContent).toContain("—");
    expect(screen.getByTestId("staked-amount").textContent).toContain("—");
    // The APY in sentences too: no made-up 0 % before Base answers.
    expect(screen.getByTestId("buy-and-stake-open").textContent).not.toMatch(/\b0%/);
    expect(screen.getByTestId("card-rewards").textContent).not.toMatch(/\b0%/);
    expect(screen.getByTestId("buy-and-stake-open").textContent).toContain("—");
  });
  it("stakeable card: Add stake when baseClaimable > 0, otherwise Buy and stake", () => {
    show(presale({ claimable: 0 }));
    expect(screen.queryByTestId("add-stake")).toBeNull();
    expect(screen.getByTestId("buy-and-stake-open").textContent).toBe("Buy and stake for 15% APY");
    cleanup();
    connect();
    show(presale({ claimable: 250 }));
    expect(screen.getByTestId("add-stake")).toBeTruthy();
    expect(screen.queryByTestId("buy-and-stake-open")).toBeNull();
    expect(screen.getByTestId("stakeable-amount").textContent).toContain("250");
  });
  it("shows the unlock time as a date and a countdown while locked", () => {
    connect();
    show(presale({ staked: 100, unlockTime: NOW + 2 * 86400 + 3600 + 1800 }));
    expect(screen.getByTestId("unlock-date").textContent).toMatch(/\d/);
    expect(screen.getByTestId("unlock-countdown-days").textContent).toBe("02");
    expect(screen.getByTestId("unlock-countdown-hours").textContent).toBe("01");
  });
  it("says unlocked once the unlock time has passed", () => {
    connect();
    show(presale({ staked: 100, unlockTime: NOW - 5 }));
    expect(screen.getByTestId("unlock-status").textContent).toContain("Unlocked since");
    expect(screen.queryByTestId("unlock-countdown")).toBeNull();
  });
  it("at 1024 px and below the cards become the tabs Stake, Rewards, Info", async () => {
    mobile = true;
    show(presale());
    expect(screen.getByTestId("staking-page").dataset.layout).toBe("tabs");
    expect(TABS).toEqual(["stake", "rewards", "info"]);
    expect(screen.getByTestId("staking-tab-stake").textContent).toBe("Stake");
    expect(screen.getByTestId("card-staked")).toBeTruthy();
    expect(screen.queryByTestId("card-rewards")).toBeNull();
    await click("staking-tab-rewards");
    expect(screen.getByTestId("card-rewards")).toBeTruthy();
    expect(screen.queryByTestId("card-staked")).toBeNull();
    await click("staking-tab-info");
    expect(screen.getByTestId("card-apy")).toBeTruthy();
    expect(screen.getByTestId("card-total-staked")).toBeTruthy();
  });
});

describe("rules on the page", () => {
  it("not connected: every action opens the connect modal", async () => {
    show(presale({ claimable: 10 }));
    for (const id of ["withdraw-open", "claim-rewards", "buy-and-stake-open", "staking-connect"]) {
      walletUi.set((s) => ({ ...s, connectOpen: false }));
      await click(id);
      expect(walletUi.get().connectOpen, id).toBe(true);
    }
  });
  it("wrong chain: a popup asks to switch to Base", async () => {
    connect(env.eth.chainIdInt);
    show(presale({ rewards: 5 }));
    expect(screen.getByTestId("staking-wrong-chain")).toBeTruthy();
    await click("claim-rewards");
    expect(popupStore.get()?.testId).toBe("popup-switch-base");
    expect(popupStore.get()?.description).toContain(env.base.chainName);
  });
  it("claims locked: Claim rewards shows the claim_not_live popup", async () => {
    connect();
    show(presale({ rewards: 5, claimsLocked: true }));
    expect(screen.getByTestId("claims-locked-note")).toBeTruthy();
    await click("claim-rewards");
    expect(popupStore.get()?.testId).toBe("popup-claim-not-live");
    expect(popupStore.get()?.description).toBe(en.popup.claim_not_live);
  });
  it("presale claim not started: Add stake shows the claim_not_live popup", async () => {
    connect();
    show(presale({ claimable: 10, claimStart: 0 }));
    await click("add-stake");
    expect(popupStore.get()?.testId).toBe("popup-claim-not-live");
  });
  it("nothing to claim / nothing staked: the buttons are disabled when connected", () => {
    connect();
    show(presale());
    expect(screen.getByTestId<HTMLButtonElement>("claim-rewards").disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>("withdraw-open").disabled).toBe(true);
  });
  it("Buy and stake opens the swap form in native, non-card, modal mode", async () => {
    connect();
    show(presale());
    await click("buy-and-stake-open");
    expect(buyUi.get().swapModal).toEqual({ stakeOnly: true });
  });
});

describe("stake modal", () => {
  async function openStake(o: Over = {}) {
    connect();
    show(presale({ bal: 1000, ...o }));
    await click("stake-open");
    return screen.getByTestId("stake-modal");
  }
  it("has balance, amount with Max, the hint, Cancel and Stake", async () => {
    const m = await openStake();
    expect(within(m).getByTestId("stake-balance").textContent).toContain("1,000");
    expect(within(m).getByTestId("stake-hint")).toBeTruthy();
    expect(within(m).getByTestId<HTMLButtonElement>("stake-submit").disabled).toBe(true);
    await click("stake-max");
    expect(within(m).getByTestId<HTMLInputElement>("stake-amount").value).toBe("999.9999");
    expect(within(m).getByTestId<HTMLButtonElement>("stake-submit").disabled).toBe(false);
    await click("stake-cancel");
    expect(stakingUi.get().modal).toBeNull();
  });
  it("refuses the whole balance (strictly below); filters the input, refusing an exponent or a letter", async () => {
    const m = await openStake();
    const input = within(m).getByTestId<HTMLInputElement>("stake-amount");
    fireEvent.change(input, { target: { value: "1000" } });
    expect(within(m).getByTestId("stake-error-balance")).toBeTruthy();
    expect(within(m).getByTestId<HTMLButtonElement>("stake-submit").disabled).toBe(true);
    fireEvent.change(input, { target: { value: "12.3456789" } });
    expect(input.value).toBe("12.345678");
    // An exponent or a letter is refused, not stripped: "5e3" must not become 53.
    fireEvent.change(input, { target: { value: "5e3" } });
    expect(input.value).toBe("12.345678");
    fireEvent.change(input, { target: { value: "12a" } });
    expect(input.value).toBe("12.345678");
  });
  it("creation: authorise view, then complete with View transaction and Done", async () => {
    const m = await openStake();
    fireEvent.change(within(m).getByTestId("stake-amount"), { target: { value: "250" } });
    let release!: () => void;
    chain.hold = new Promise<void>((r) => (release = r));
    await click("stake-submit");
    expect(await screen.findByTestId("staking-status-approval_pending", {}, FLOW_WAIT)).toBeTruthy();
    chain.hold = null;
    release();
    expect(await screen.findByTestId("staking-status-complete", {}, FLOW_WAIT)).toBeTruthy();
    expect(screen.getByTestId("staking-view-tx")).toBeTruthy();
    expect(chain.writes.map((w) => w.functionName)).toEqual(["approve", "deposit"]);
    expect(chain.writes[1].args).toEqual([250n * 10n ** 18n]);
    expect(screen.getByTestId("toast-success")).toBeTruthy();
    // The staking page's toast options: bottom-right, one at a time, 4 s (its progress bar runs as long).
    expect(screen.getByTestId("toasts").className).toContain("toasts-bottom-right");
    expect(toastStore.get().map((x) => x.timeoutMs)).toEqual([4000]);
    await click("staking-done");
    expect(flowStore.get()).toEqual(INITIAL_FLOW);
  });
  it("extension: confirm view, no approval when the allowance is there", async () => {
    chain.allowance = 10n ** 30n;
    const m = await openStake({ staked: 50, unlockTime: NOW + 100 });
    expect(screen.getByText("Add to your stake", { selector: ".modal-title" })).toBeTruthy();
    expect(within(m).getByTestId("stake-lock-note").textContent).toContain("restarts");
    fireEvent.change(within(m).getByTestId("stake-amount"), { target: { value: "5" } });
    let release!: () => void;
    chain.hold = new Promise<void>((r) => (release = r));
    await click("stake-submit");
    expect(await screen.findByTestId("staking-status-confirm_pending", {}, FLOW_WAIT)).toBeTruthy();
    release();
    await screen.findByTestId("staking-status-complete", {}, FLOW_WAIT);
    expect(chain.writes.map((w) => w.functionName)).toEqual(["deposit"]);
    expect(flowStore.get()).toMatchObject({ kind: "extend", status: "complete" });
  });
  it("rejection at the approval step shows the rejected view", async () => {
    chain.writeErrors.approve = Object.assign(new Error("User rejected the request."), { code: 4001 });
    const m = await openStake();
    fireEvent.change(within(m).getByTestId("stake-amount"), { target: { value: "5" } });
    await click("stake-submit");
    expect(await screen.findByTestId("staking-status-rejected", {}, FLOW_WAIT)).toBeTruthy();
    expect(chain.writes).toHaveLength(0);
    await click("staking-retry");
    expect(screen.getByTestId("stake-form")).toBeTruthy();
  });
  it("rejection at the deposit step shows the rejected view", async () => {
    chain.writeErrors.deposit = Object.assign(new Error("User rejected the request."), { code: 4001 });
    const m = await openStake();
    fireEvent.change(within(m).getByTestId("stake-amount"), { target: { value: "5" } });
    await click("stake-submit");
    expect(await screen.findByTestId("staking-status-rejected", {}, FLOW_WAIT)).toBeTruthy();
    expect(chain.writes.map((w) => w.functionName)).toEqual(["approve"]);
  });
  it("the page's toast options last while it is mounted: leaving it restores the default ones", () => {
    show(presale());
    expect(toastOptionsStore.get()).toMatchObject({ timeoutMs: 4000, max: 1, placement: "bottom-right" });
    cleanup();
    expect(toastOptionsStore.get()).toBe(DEFAULT_TOAST_OPTIONS);
  });
  it("a reverted deposit shows the failed view and an error toast", async () => {
    chain.receipts.deposit = "reverted";
    const m = await openStake();
    fireEvent.change(within(m).getByTestId("stake-amount"), { target: { value: "5" } });
    await click("stake-submit");
    expect(await screen.findByTestId("staking-status-failed")).toBeTruthy();
    expect(screen.getByTestId("toast-error")).toBeTruthy();
  });
  it("in progress view while the receipt is awaited", async () => {
    chain.allowance = 10n ** 30n;
    const m = await openStake();
    fireEvent.change(within(m).getByTestId("stake-amount"), { target: { value: "5" } });
    flowStore.set({ status: "in_progess", kind: "stake", amount: 5, hash: `0x${"1".repeat(64)}` });
    expect(await screen.findByTestId("staking-status-in_progess")).toBeTruthy();
    void m;
  });
});

describe("withdraw", () => {
  it("modal shows the staked amount and text; Withdraw disabled until unlock", async () => {
    connect();
    show(presale({ staked: 100, unlockTime: NOW + 3600 }));
    await click("withdraw-open");
    const m = screen.getByTestId("withdraw-modal");
    expect(within(m).getByTestId("withdraw-staked").textContent).toContain("100");
    expect(within(m).getByTestId("withdraw-text")).toBeTruthy();
    expect(within(m).getByTestId("withdraw-locked")).toBeTruthy();
    expect(within(m).getByTestId<HTMLButtonElement>("withdraw-submit").disabled).toBe(true);
  });
  it("unlocked: withdraws directly, progress and success in the claim modal", async () => {
    connect();
    show(presale({ staked: 100, unlockTime: NOW - 10 }));
    await click("withdraw-open");
    await click("withdraw-submit");
    await screen.findByTestId("staking-status-complete");
    expect(stakingUi.get().modal).toBe("tx");
    const m = screen.getByTestId("claim-modal");
    expect(within(m).getByTestId("staking-status-complete").textContent).toContain("Stake withdrawn");
    expect(chain.writes.map((w) => w.functionName)).toEqual(["withdraw"]);
    expect(within(m).queryByTestId("claim-to-staking")).toBeNull();
  });
  it("held until the claim starts: the card says so; Withdraw pays the rest", async () => {
    connect();
    show(presale({ staked: 100, held: 40, unlockTime: NOW - 10, claimStart: 0 }));
    expect(screen.getByTestId("held-until-claim").textContent).toBe(
      "40 SHAFT stay staked until claims open (bought and staked during the sale).",
    );
    await click("withdraw-open");
    const m = screen.getByTestId("withdraw-modal");
    expect(within(m).getByTestId("withdraw-held").textContent).toContain("pays out 60 SHAFT");
    expect(within(m).queryByTestId("withdraw-text")).toBeNull(); // not "all"
    expect(within(m).getByTestId<HTMLButtonElement>("withdraw-submit").disabled).toBe(false);
  });
  it("only held tokens staked: Withdraw disabled with the reason", async () => {
    connect();
    show(presale({ staked: 100, held: 100, unlockTime: NOW - 10, claimStart: NOW + 3600 }));
    await click("withdraw-open");
    const m = screen.getByTestId("withdraw-modal");
    expect(within(m).getByTestId("withdraw-held").textContent).toContain("stay staked until claims open");
    expect(within(m).getByTestId<HTMLButtonElement>("withdraw-submit").disabled).toBe(true);
  });
  it("once the claim started, held tokens are withdrawn with the rest", async () => {
    connect();
    show(presale({ staked: 100, held: 100, unlockTime: NOW - 10, claimStart: NOW - 5 }));
    expect(screen.queryByTestId("held-until-claim")).toBeNull();
    await click("withdraw-open");
    const m = screen.getByTestId("withdraw-modal");
    expect(within(m).queryByTestId("withdraw-held")).toBeNull();
    expect(within(m).getByTestId<HTMLButtonElement>("withdraw-submit").disabled).toBe(false);
  });
  it("rejected withdraw shows the rejection", async () => {
    chain.writeErrors.withdraw = Object.assign(new Error("denied"), { code: 4001 });
    connect();
    show(presale({ staked: 100, unlockTime: NOW - 10 }));
    await click("withdraw-open");
    await click("withdraw-submit");
    expect(await screen.findByTestId("staking-status-rejected")).toBeTruthy();
  });
});

describe("claim rewards and claim modal", () => {
  it("harvest: in progress, then complete", async () => {
    connect();
    show(presale({ rewards: 3.5 }));
    let release!: () => void;
    chain.hold = new Promise<void>((r) => (release = r));
    await click("claim-rewards");
    expect(await screen.findByTestId("staking-status-in_progess")).toBeTruthy();
    release();
    expect((await screen.findByTestId("staking-status-complete")).textContent).toContain("Rewards claimed");
    expect(chain.writes[0].functionName).toBe("harvestRewards");
  });
  it("a failed claim names the contract error", async () => {
    chain.writeErrors.claimAndStake = Object.assign(new Error("reverted"), {
      // viem's shape: ContractFunctionRevertedError with the decoded custom error.
      cause: { name: "ContractFunctionRevertedError", data: { errorName: "NothingToClaim" } },
    });
    connect();
    show(presale({ claimable: 10 }));
    await click("add-stake");
    expect((await screen.findByTestId("staking-failed-reason")).textContent).toBe(en.staking.errors.NothingToClaim);
  });
});

describe("home widget claim buttons", () => {
  it("hidden without claimable tokens or wallet", () => {
    show(presale({ claimable: 10 }), "claim", "/");
    expect(screen.queryByTestId("claim-actions")).toBeNull();
  });
  it("claim and stake: success with a link to the staking page", async () => {
    connect();
    const router = show(presale({ claimable: 10 }), "claim", "/ru");
    await click("claim-and-stake");
    await screen.findByTestId("staking-status-complete");
    const m = screen.getByTestId("claim-modal");
    expect(within(m).getByTestId("staking-status-complete")).toBeTruthy();
    await click("claim-to-staking");
    expect(router.state.location.pathname).toBe("/ru/staking");
  });
  it("claim: rejection view", async () => {
    chain.writeErrors.claim = Object.assign(new Error("x"), { code: 4001 });
    connect();
    show(presale({ claimable: 10 }), "claim", "/");
    await click("claim-tokens");
    expect(await screen.findByTestId("staking-status-rejected")).toBeTruthy();
  });
  it("claim before the claim start: claim_not_live popup", async () => {
    connect();
    show(presale({ claimable: 10, claimStart: NOW + 1000 }), "claim", "/");
    await click("claim-tokens");
    expect(popupStore.get()?.testId).toBe("popup-claim-not-live");
    expect(chain.writes).toHaveLength(0);
  });
});
