// @vitest-environment jsdom
// The swap form as a buyer uses it: typing, pasting, choosing a token, a refused chain switch, a paused sale.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { env } from "../../config/env.ts";
import { initTestI18n } from "../../test/i18nForTests.ts";
import { walletState } from "../../chain/index.ts";
import { buyUi } from "./buyUi.ts";
import type { ChainData, PresaleView } from "../../presale/index.ts";
import { INITIAL_SWAP, swapStore } from "./swapMachine.ts";

const ensure = vi.fn(() => Promise.resolve(true));
vi.mock("../wallet/useEnsureChain.ts", () => ({
  useEnsureChain: () => ({ ensure, switchTo: ensure, chainId: undefined }),
}));
const buy = vi.fn(() => Promise.resolve("complete"));
vi.mock("./useBuyAction.ts", () => ({ useBuyAction: () => buy }));
vi.mock("../card/index.ts", () => ({ CardBaseNotice: () => null, startCardPurchase: vi.fn() }));

// The contract's quote: a two-round ladder from position 4,000,000 (cap 4,500,000), USDC 6 decimals, ETH 18.
const PRICES = { r1: 6_000n, r2: 6_500n }; // USD-6 per token
function usdQuote(tokens: bigint): bigint {
  const inR1 = tokens < 500_000n ? tokens : 500_000n;
  return inR1 * PRICES.r1 + (tokens - inR1) * PRICES.r2;
}
const quoteCalls: bigint[] = [];
/** The connected account's code on Ethereum (`eth_getCode`): none, an EIP-7702 designator, or a contract's. */
const accountCode = { value: "0x" as string };
vi.mock("../../presale/chainReads.ts", () => ({
  readAccountCode: () => Promise.resolve(accountCode.value),
  readQuote: (_b: unknown, kind: string, tokens: bigint) => {
    quoteCalls.push(tokens);
    return Promise.resolve(kind === "native" ? (usdQuote(tokens) * 10n ** 12n) / 3000n : usdQuote(tokens));
  },
}));

const USER = "0x00000000000000000000000000000000000000a1" as const;
function chain(chainId: number, over: Partial<ChainData> = {}): ChainData {
  return {
    chainId,
    updatedAt: Date.now(),
    totalTokensSold: 4_000_000,
    usdRaised: 0,
    maxTokensToBuy: 5_000_000,
    currentStep: 0,
    rounds: [
      { cap: 4_500_000, price: 0.006, endTime: 4_000_000_000 },
      { cap: 10_000_000, price: 0.0065, endTime: 4_100_000_000 },
    ],
    remaining: [],
    quotePer1000: { native: 2n * 10n ** 15n, usdt: 6_000_000n, usdc: 6_000_000n },
    sale: { paused: false, startTime: 0, endTime: 4_000_000_000, closed: false },
    chainTime: Math.floor(Date.now() / 1000),
    claimStart: 0,
    user: {
      balances: { native: 10n * 10n ** 18n, usdt: 100_000n * 10n ** 6n, usdc: 100_000n * 10n ** 6n },
      allowances: { usdt: 0n, usdc: 0n },
      deposits: 0,
      remoteImported: 0,
      saleTokenBal: 0,
    },
    ...over,
  };
}
function view(over: Partial<ChainData> = {}): PresaleView {
  return {
    loaded: true,
    stale: false,
    eth: chain(env.eth.chainIdInt, over),
    base: chain(env.base.chainIdInt, over),
    rounds: [],
    currentStep: 0,
    totalTokensSold: 0,
    usdRaised: 0,
    maxUsd: 0,
    raisedPercent: 0,
    price: 0.006,
    nextPrice: 0.0065,
    userClaimable: 0,
    baseClaimable: 0,
    stakeable: 0,
    apy: 15,
    refetch: () => Promise.resolve([]),
  } as unknown as PresaleView;
}

const { SwapForm } = await import("./SwapForm.tsx");
const show = (data = view()) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SwapForm data={data} variant="dropdown" inModal={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const pay = () => screen.getByTestId<HTMLInputElement>("pay-amount");
const tokens = () => screen.getByTestId<HTMLInputElement>("token-amount");
const type = (el: HTMLInputElement, text: string) => fireEvent.change(el, { target: { value: text } });
/** Lets timers (debounce, Max delay) and the quote's promises run. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
async function choose(id: string) {
  fireEvent.click(screen.getByTestId("payment-method"));
  fireEvent.click(screen.getByTestId(`payment-option-${id}`));
  await act(async () => {
    await Promise.resolve();
  });
}

beforeAll(initTestI18n);
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  walletState.set({ status: "connected", isConnected: true, address: USER, chainId: env.eth.chainIdInt });
  buyUi.set({ mode: "crypto", tokenId: "eth-native", referOpen: false, swapModal: null });
  swapStore.set(INITIAL_SWAP);
  ensure.mockReset().mockResolvedValue(true);
  buy.mockClear();
  quoteCalls.length = 0;
  accountCode.value = "0x";
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("automatic fills never overwrite what the buyer typed", () => {
  it("type 1000 tokens during the Max delay after choosing USDC: the order stays 1,000 tokens", async () => {
    show();
    await choose("eth-usdc");
    await wait(300);
    type(tokens(), "1000");
    await wait(1_500); // past the 1 s Max delay and the debounce
    expect(tokens().value).toBe("1000");
    expect(pay().value).toBe("6"); // the contract's quote for 1,000 tokens, not Max (32,500 USDC)
  });
  it("type a pay amount during the Max delay: Max does not replace it", async () => {
    show();
    await choose("eth-usdc");
    await wait(200);
    type(pay(), "12");
    await wait(1_500);
    expect(pay().value).toBe("12");
  });
  it("untouched, Max fills the pay field after the delay", async () => {
    show();
    await choose("eth-usdc");
    expect(pay().value).toBe("");
    await wait(1_100);
    expect(pay().value).not.toBe("");
  });
  it("a quote computed for an older input is dropped when the buyer typed since", async () => {
    show();
    type(tokens(), "1000");
    await wait(400);
    type(pay(), "0.5"); // the buyer moved to the pay field before the tokens quote arrived
    await wait(200);
    expect(pay().value).toBe("0.5");
  });
});

describe("a token change the buyer did not make", () => {
  it("the wallet moves to Base while the buyer types a token quantity: the quantity stays and is quoted in BASE", async () => {
    show();
    type(tokens(), "1000");
    act(() => buyUi.set((u) => ({ ...u, tokenId: "base-native" }))); // what the widget does when the wallet's chain changes
    await wait(600);
    expect(tokens().value).toBe("1000");
    expect(quoteCalls.at(-1)).toBe(1000n);
    expect(pay().value).not.toBe("");
  });
  it("a pay amount typed in the old token is cleared", async () => {
    show();
    type(pay(), "0.5");
    act(() => buyUi.set((u) => ({ ...u, tokenId: "base-native" })));
    await wait(600);
    expect(pay().value).toBe("");
  });
});

describe("the token field takes whole tokens", () => {
  it("paste 250.75: 250 tokens, never 25,075", async () => {
    show();
    await choose("eth-usdc");
    fireEvent.paste(tokens(), { clipboardData: { getData: () => "250.75" } });
    await wait(600);
    expect(tokens().value).toBe("250");
    expect(quoteCalls).toContain(250n);
    expect(quoteCalls).not.toContain(25_075n);
  });
  it("type 1e5: refused with a message, no quote, Buy disabled", async () => {
    show();
    type(tokens(), "1e5");
    await wait(600);
    expect(screen.getByTestId("msg-token_not_digits")).toBeTruthy();
    expect(quoteCalls).toHaveLength(0);
    expect(screen.getByTestId<HTMLButtonElement>("buy-now").disabled).toBe(true);
  });
  it("type 100.5: 100 tokens while typing, the field shows 100 once left", async () => {
    show();
    type(tokens(), "100.5");
    await wait(600);
    expect(quoteCalls).toEqual([100n]);
    fireEvent.blur(tokens());
    expect(tokens().value).toBe("100");
  });
});

describe("the cost shown is the contract's quote", () => {
  it("quote across a boundary: 600,000 tokens from 4,000,000 cost 500,000 x 0.006 + 100,000 x 0.0065", async () => {
    show();
    await choose("eth-usdc");
    type(tokens(), "600000");
    await wait(600);
    expect(pay().value).toBe("3650"); // not 600,000 x 0.006 = 3,600
    expect(screen.getByTestId("quote-cost").textContent).toBe("3650");
    fireEvent.click(screen.getByTestId("buy-now"));
    await wait(0);
    expect(buy).toHaveBeenCalledWith(
      expect.objectContaining({ id: "eth-usdc" }),
      600_000n,
      3_650_000_000n,
      false,
      USER, // an account without code: its own address on Base
    );
  });
});

describe("the chains in different rounds (PRODUCT.md §1 One ladder on two chains)", () => {
  it("Ethereum sold its share of round 1: the widget says Ethereum sells round 2 and Base still round 1", () => {
    const d = view();
    d.eth = chain(env.eth.chainIdInt, { currentStep: 1 });
    show(d);
    expect(screen.getByTestId("round-notice").textContent).toBe(
      `${env.eth.chainName}'s share of round 1 is sold: ${env.eth.chainName} now sells round 2 at $0.0065; ` +
        `${env.base.chainName} still sells round 1 at $0.006.`,
    );
  });
  it("no notice when both chains sell the same round", () => {
    show();
    expect(screen.queryByTestId("round-notice")).toBeNull();
  });
});

describe("the Base recipient of an Ethereum purchase (PRODUCT.md §1 One ladder on two chains)", () => {
  const CHOSEN = "0x00000000000000000000000000000000000000b2";
  async function order1000() {
    type(tokens(), "1000");
    await wait(600);
  }
  it("an account without code: the order names its own address, no field", async () => {
    show();
    await order1000();
    expect(screen.getByTestId("order-recipient").textContent).toContain(USER);
    expect(screen.queryByTestId("recipient-input")).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>("buy-now").disabled).toBe(false);
  });
  it("an EIP-7702 account: its own address too (the same key controls it on Base)", async () => {
    accountCode.value = `0xef0100${"ab".repeat(20)}`;
    show();
    await order1000();
    expect(screen.getByTestId("recipient").dataset.kind).toBe("delegated");
    expect(screen.getByTestId("order-recipient").textContent).toContain(USER);
    expect(screen.queryByTestId("recipient-input")).toBeNull();
  });
  it("a contract account: Buy stays disabled until a Base address is typed and confirmed, then buys for it", async () => {
    accountCode.value = "0x6080604052";
    show();
    await order1000();
    const buyNow = () => screen.getByTestId<HTMLButtonElement>("buy-now");
    expect(screen.getByTestId("recipient-contract-notice")).toBeTruthy();
    expect(screen.queryByTestId("order-recipient")).toBeNull();
    expect(buyNow().disabled).toBe(true);
    type(screen.getByTestId("recipient-input"), "0x1234");
    expect(screen.getByTestId("recipient-issue-invalid")).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>("recipient-confirm").disabled).toBe(true);
    type(screen.getByTestId("recipient-input"), CHOSEN);
    expect(buyNow().disabled).toBe(true); // typed, not confirmed
    fireEvent.click(screen.getByTestId("recipient-confirm"));
    expect(screen.getByTestId("order-recipient").textContent).toContain(CHOSEN);
    expect(buyNow().disabled).toBe(false);
    fireEvent.click(buyNow());
    await wait(0);
    expect(buy).toHaveBeenCalledWith(
      expect.objectContaining({ id: "eth-native" }),
      1000n,
      expect.any(BigInt),
      false,
      CHOSEN,
    );
    // Editing the address takes the confirmation back.
    type(screen.getByTestId("recipient-input"), `${CHOSEN.slice(0, -1)}3`);
    expect(buyNow().disabled).toBe(true);
  });
  it("a contract account's confirmed address is remembered for that buyer", async () => {
    accountCode.value = "0x6080604052";
    show();
    await order1000();
    type(screen.getByTestId("recipient-input"), CHOSEN);
    fireEvent.click(screen.getByTestId("recipient-confirm"));
    cleanup();
    show();
    await order1000();
    expect(screen.getByTestId<HTMLInputElement>("recipient-input").value).toBe(CHOSEN);
    expect(screen.getByTestId<HTMLInputElement>("recipient-confirm").checked).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>("buy-now").disabled).toBe(false);
  });
  it("a checksum typo in a mixed-case address is refused", async () => {
    accountCode.value = "0x6080604052";
    show();
    await order1000();
    type(screen.getByTestId("recipient-input"), "0x5FbDB2315678afecb367f032d93F642f64180aA3"); // last A: wrong case
    await wait(50);
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    expect(screen.getByTestId("recipient-issue-checksum")).toBeTruthy();
    type(screen.getByTestId("recipient-input"), "0x5FbDB2315678afecb367f032d93F642f64180aa3");
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    expect(screen.queryByTestId("recipient-issue-checksum")).toBeNull();
  });
  it("unrelayed tokens bought for another address: the buyer is told they follow the new one", async () => {
    accountCode.value = "0x6080604052";
    const d = view();
    d.eth!.user!.ethBuyer = { recipient: USER, leg: 0, tokens: 900, relayed: 400 };
    show(d);
    await order1000();
    type(screen.getByTestId("recipient-input"), CHOSEN);
    fireEvent.click(screen.getByTestId("recipient-confirm"));
    expect(screen.getByTestId("recipient-repoint").textContent).toContain("500");
  });
  it("Base purchases name no recipient", async () => {
    walletState.set({ status: "connected", isConnected: true, address: USER, chainId: env.base.chainIdInt });
    buyUi.set({ mode: "crypto", tokenId: "base-native", referOpen: false, swapModal: null });
    show();
    await order1000();
    expect(screen.queryByTestId("recipient")).toBeNull();
  });
});

describe("choosing a token again after a refused switch", () => {
  it("type 1000 tokens right after the second choice: Max never replaces them", async () => {
    const { closePopup } = await import("../../shared/popup.ts");
    ensure.mockImplementationOnce(async () => {
      await new Promise((r) => setTimeout(r, 1_100));
      return false;
    });
    show();
    await choose("base-native");
    act(() => closePopup(true)); // are you sure?
    await wait(1_200); // the refused switch (with its popup) takes longer than the Max delay
    expect(buyUi.get().tokenId).toBe("eth-native");
    await wait(1_500);
    expect(pay().value).toBe("");
    ensure.mockImplementationOnce(() => {
      walletState.set({ ...walletState.get(), chainId: env.base.chainIdInt });
      return Promise.resolve(true);
    });
    await choose("base-native");
    act(() => closePopup(true));
    await wait(600);
    type(pay(), "");
    type(tokens(), "1000");
    await wait(2_000);
    expect(tokens().value).toBe("1000");
    expect(quoteCalls.at(-1)).toBe(1000n);
  });
});

describe("honest states", () => {
  it("buy while paused: the widget says so and Buy is disabled", async () => {
    show(view({ sale: { paused: true, startTime: 0, endTime: 4_000_000_000, closed: false } }));
    expect(screen.getByTestId("sale-paused").textContent).toContain("paused");
    type(tokens(), "1000");
    await wait(600);
    expect(screen.getByTestId<HTMLButtonElement>("buy-now").disabled).toBe(true);
  });
  it.each([
    ["not_started", { startTime: 4_000_000_000 }],
    ["ended", { endTime: 1 }],
    ["closed", { closed: true }],
  ] as const)("%s is shown before the buyer can act", (reason, sale) => {
    show(view({ sale: { paused: false, startTime: 0, endTime: 4_000_000_000, closed: false, ...sale } }));
    expect(screen.getByTestId(`sale-${reason}`)).toBeTruthy();
  });
  it("sold out is shown", () => {
    show(view({ currentStep: 2 }));
    expect(screen.getByTestId("sale-sold_out")).toBeTruthy();
  });
  it("fail a switch: the selection returns to a token of the wallet's chain, no Max fill follows", async () => {
    ensure.mockResolvedValue(false);
    show();
    await choose("base-usdc");
    // the are-you-sure popup (ETH -> Base): the buyer confirms
    const { closePopup } = await import("../../shared/popup.ts");
    act(() => closePopup(true));
    await wait(0);
    expect(buyUi.get().tokenId).toBe("eth-native");
    await wait(1_500);
    expect(pay().value).toBe("");
  });
});

describe("a typed pay amount is never cut to the maximum (PRODUCT.md §5, §8)", () => {
  const buyButton = () => screen.getByTestId<HTMLButtonElement>("buy-now");
  const popup = async () => (await import("../../shared/popup.ts")).popupStore;
  it("150 ETH with 10 ETH: the low-balance message, no popup, no quote of a capped order, Buy disabled", async () => {
    show();
    type(pay(), "150");
    expect(screen.getByTestId("msg-swap_error")).toBeTruthy(); // at once, from the balance
    await wait(1_200);
    expect(screen.getByTestId("msg-swap_error")).toBeTruthy();
    expect(screen.queryByTestId("msg-max_exceeded")).toBeNull();
    expect((await popup()).get()).toBeNull();
    expect(tokens().value).toBe(""); // never "5000000"
    expect(pay().value).toBe("150");
    expect(buyButton().disabled).toBe(true);
  });
  it("200,000 USDC with 100,000: low_usdt, Buy disabled", async () => {
    buyUi.set({ mode: "crypto", tokenId: "eth-usdc", referOpen: false, swapModal: null });
    show();
    type(pay(), "200000");
    await wait(1_200);
    expect(screen.getByTestId("msg-low_usdt")).toBeTruthy();
    expect((await popup()).get()).toBeNull();
    expect(buyButton().disabled).toBe(true);
  });
  it("40,000 USDC with 100,000 (about 6.1M tokens): the maximum-exceeded popup once, the line, Buy disabled", async () => {
    buyUi.set({ mode: "crypto", tokenId: "eth-usdc", referOpen: false, swapModal: null });
    show();
    type(pay(), "40000");
    await wait(1_200);
    const store = await popup();
    expect(store.get()?.testId).toBe("popup-max-tokens");
    expect(store.get()?.description).toContain("5,000,000");
    expect(screen.getByTestId("msg-max_exceeded")).toBeTruthy();
    expect(tokens().value).toBe("");
    expect(buyButton().disabled).toBe(true);
    expect(quoteCalls.every((n) => n <= 5_000_001n)).toBe(true);
    const { closePopup } = await import("../../shared/popup.ts");
    act(() => closePopup(true));
    await wait(11_000); // a data refresh re-quotes the same input: the popup stays closed
    expect(store.get()).toBeNull();
    type(pay(), "1000"); // within the maximum: an exact order, Buy enabled
    await wait(1_200);
    expect(screen.queryByTestId("msg-max_exceeded")).toBeNull();
    expect(tokens().value).not.toBe("");
    expect(buyButton().disabled).toBe(false);
  });
});
