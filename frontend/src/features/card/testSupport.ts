// Shared fixtures of the card tests (not shipped: only test files import it).
import { encodeFunctionData, type Address } from "viem";
import { vi } from "vitest";
import { abiOf } from "../../config/contracts.ts";
import { swapReducer, type SwapEvent, type SwapState } from "../buy/index.ts";
import type { CardFlowConfig, CardFlowDeps } from "./flow.ts";
import type { CardSessionData } from "./options.ts";

export const BUYER = "0x90F79bf6EB2c4f870365E785982E1f101E93b906" as Address;
export const PRESALE = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address;
export const ORIGIN = "http://127.0.0.1:8788";
export const TX = `0x${"ab".repeat(32)}` as const;
export const SESSION_CLICK_ID = "2f1c7a44-9b1e-4d3a-8c55-0a6c3c1b7e90";

export function sessionData(
  over: Partial<CardSessionData> & { tokens?: number; stake?: boolean; user?: Address } = {},
): CardSessionData {
  const { tokens = 1000, stake = false, user = BUYER, ...rest } = over;
  return {
    partner_id: "local-partner",
    origin: ORIGIN,
    click_id: SESSION_CLICK_ID,
    lang: "en",
    theme: "dark",
    currency: "USD",
    extra: { item_info: { name: "SHAFT", category: "Presale" } },
    address: BUYER,
    commodity: "ETH",
    commodity_amount: 0.00230001,
    network: "base",
    sc_address: PRESALE,
    sc_input_data: encodeFunctionData({
      abi: abiOf("Presale"),
      functionName: "buyWithETHWert",
      args: [user, BigInt(tokens), stake],
    }),
    signature: "cd".repeat(64),
    ...rest,
  };
}

export const testConfig = (over: Partial<CardFlowConfig> = {}): CardFlowConfig => ({
  sessionUrl: "http://127.0.0.1:8787/api/card/session",
  origin: ORIGIN,
  partnerId: "config-partner",
  tokenSymbol: "SHAFT",
  chainId: 31338,
  presale: PRESALE,
  modalDelayMs: 5,
  loadTimeoutMs: 2_000,
  ...over,
});

/** A swap machine of its own (the real reducer) plus fake chain and network access. */
export function testDeps(initial: SwapState = { status: "not_started" }, over: Partial<CardFlowDeps> = {}) {
  let state = initial;
  const events: SwapEvent[] = [];
  const dispatch = (e: SwapEvent) => {
    events.push(e);
    state = swapReducer(state, e);
  };
  const deps: CardFlowDeps = {
    dispatch,
    getState: () => state,
    config: testConfig(),
    loadWidget: async () => (await import("./widgetHost.ts")).loadWertWidget(),
    waitForReceipt: vi.fn(() => Promise.resolve({ status: "success" as const })),
    t: (k) => k,
    onWidgetError: vi.fn(),
    log: { warn: vi.fn(), error: vi.fn() },
    ...over,
  };
  return {
    deps,
    events,
    get state() {
      return state;
    },
    set state(s: SwapState) {
      state = s;
    },
  };
}

export const okResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export const flush = () => new Promise((r) => setTimeout(r, 0));
