// @vitest-environment jsdom
// The card flow end to end in the page: session request (and its failure paths), modal phases, widget opening,
// cancel, load timeout, Continue on wert_inprogress, and the seam used by the swap form.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getSwapState, swapStore, INITIAL_SWAP, type SwapState } from "../buy/index.ts";
import { cancelCard, cardUi, continueCard } from "./cardUi.ts";
import { resetCardFlow, runCardFlow, openCardWidget } from "./flow.ts";
import { PARTNER_ID_REQUIRED } from "./options.ts";
import { CardSessionError, checkSession, requestCardSession } from "./session.ts";
import { BUYER, okResponse, PRESALE, sessionData, testConfig, testDeps, TX } from "./testSupport.ts";

const REQ = { address: BUYER, tokens: 1000, stake: false, lang: "en" };
const iframeCount = () => document.querySelectorAll('iframe[data-testid="card-widget-iframe"]').length;
const widgetWindow = () =>
  document.querySelector<HTMLIFrameElement>('iframe[data-testid="card-widget-iframe"]')!.contentWindow!;
const fromWidget = (data: unknown) =>
  window.dispatchEvent(new MessageEvent("message", { data, source: widgetWindow() }));

async function until(cond: () => boolean, ms = 2_000) {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 2));
  }
}

const goodFetch = (data = sessionData()) =>
  vi.fn(() => Promise.resolve(okResponse({ data, meta: { chainId: 31338 } })));

beforeEach(() => {
  resetCardFlow();
  swapStore.set(INITIAL_SWAP);
  document.body.style.overflow = "";
});
afterEach(() => {
  resetCardFlow();
  document.querySelectorAll("iframe").forEach((f) => f.remove());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("session request failure: not_started with the mount error flagged", () => {
  it("network failure: the modal never opens, no widget", async () => {
    const t = testDeps(INITIAL_SWAP, { fetch: vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))) });
    await runCardFlow(REQ, t.deps);
    expect(t.events.map((e) => e.type)).toEqual(["START", "CARD_MOUNT_ERROR"]);
    expect(t.state).toMatchObject({ status: "not_started", payment: "card", mountError: true });
    expect(cardUi.get().phase).toBe("idle");
    expect(iframeCount()).toBe(0);
  });

  it("the server refuses (HTTP 422 with a reason): mount error, the reason is logged", async () => {
    const t = testDeps(INITIAL_SWAP, {
      fetch: vi.fn(() =>
        Promise.resolve(
          okResponse({ error: "purchase_not_possible", reason: "buyWithETHWert reverted: SalePaused" }, 422),
        ),
      ),
    });
    await runCardFlow(REQ, t.deps);
    expect(t.state).toMatchObject({ status: "not_started", mountError: true });
    expect(String((t.deps.log!.warn as ReturnType<typeof vi.fn>).mock.calls[0])).toContain("SalePaused");
  });

  it("an answer that credits another wallet is refused: mount error", async () => {
    const t = testDeps(INITIAL_SWAP, {
      fetch: goodFetch(sessionData({ user: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65" })),
    });
    await runCardFlow(REQ, t.deps);
    expect(t.state).toMatchObject({ status: "not_started", mountError: true });
    expect(iframeCount()).toBe(0);
  });

  it("a failure that arrives while the disclaimer is open closes the modal", async () => {
    let fail!: (e: unknown) => void;
    const fetch = vi.fn(() => new Promise<Response>((_, reject) => (fail = reject)));
    const t = testDeps(INITIAL_SWAP, { fetch });
    const run = runCardFlow(REQ, t.deps);
    await until(() => cardUi.get().phase === "disclaimer");
    fail(new TypeError("Failed to fetch"));
    await run;
    expect(cardUi.get().phase).toBe("idle");
    expect(t.state).toMatchObject({ status: "not_started", mountError: true });
  });

  it("the widget package cannot be loaded: mount error", async () => {
    const t = testDeps(INITIAL_SWAP, {
      fetch: goodFetch(),
      loadWidget: () => Promise.reject(new Error("chunk load failed")),
    });
    await runCardFlow(REQ, t.deps);
    expect(t.state).toMatchObject({ status: "not_started", mountError: true });
  });

  it("no partner id anywhere: the product's error, mount error, nothing mounted", async () => {
    const t = testDeps(INITIAL_SWAP, {
      fetch: goodFetch(sessionData({ partner_id: undefined })),
      config: testConfig({ partnerId: "" }),
    });
    const run = runCardFlow(REQ, t.deps);
    await until(() => cardUi.get().phase === "disclaimer");
    continueCard();
    await run;
    expect(t.state).toMatchObject({ status: "not_started", mountError: true });
    expect(String((t.deps.log!.warn as ReturnType<typeof vi.fn>).mock.calls[0])).toContain(PARTNER_ID_REQUIRED);
    expect(iframeCount()).toBe(0);
    expect(document.body.style.overflow).toBe("");
  });
});

describe("the session request", () => {
  it("posts address, token quantity and stake flag (the server recomputes the price)", async () => {
    const fetch = goodFetch(sessionData({ stake: true }));
    const s = await requestCardSession(
      "http://api/api/card/session",
      { address: BUYER, tokens: 1000, stake: true },
      { fetch, presale: PRESALE },
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("http://api/api/card/session");
    expect(init.method).toBe("POST");
    expect(typeof init.body).toBe("string");
    expect(JSON.parse(init.body as string)).toEqual({ address: BUYER, tokenAmount: 1000, stake: true });
    expect(s.data.commodity_amount).toBe(0.00230001);
  });

  it.each([
    ["another contract", { sc_address: "0x0000000000000000000000000000000000000001" }, /another contract/],
    ["another quantity", { tokens: 999 }, /999 tokens/],
    ["another stake flag", { stake: true }, /stake flag/],
    ["another commodity", { commodity: "USDC" }, /not ETH/],
    ["no signature", { signature: "" }, /signature/],
    ["no amount", { commodity_amount: 0 }, /commodity_amount/],
    ["not a buyWithETHWert call", { sc_input_data: "0xdeadbeef" }, /buyWithETHWert/],
  ] as const)("refuses an answer with %s", (_name, over, msg) => {
    expect(() =>
      checkSession({ data: sessionData(over as never) }, { address: BUYER, tokens: 1000, stake: false }, PRESALE),
    ).toThrowError(msg);
  });

  it("refuses an answer without data", () => {
    expect(() => checkSession({}, { address: BUYER, tokens: 1, stake: false })).toThrow(CardSessionError);
    expect(() => checkSession("x", { address: BUYER, tokens: 1, stake: false })).toThrow(CardSessionError);
  });
});

describe("modal and widget", () => {
  it("opens the modal after about the configured delay, Continue shows loading, the widget's loaded closes it", async () => {
    const t = testDeps(INITIAL_SWAP, { fetch: goodFetch(), config: testConfig({ modalDelayMs: 60 }) });
    const run = runCardFlow(REQ, t.deps);
    await new Promise((r) => setTimeout(r, 20));
    expect(cardUi.get().phase).toBe("idle"); // not yet
    await until(() => cardUi.get().phase === "disclaimer");
    expect(t.state).toMatchObject({
      status: "not_started",
      payment: "card",
      chainId: 31338,
      tokens: 1000,
      stake: false,
    });
    await until(() => cardUi.get().ethAmount === 0.00230001);
    continueCard();
    await until(() => cardUi.get().phase === "loading");
    await until(() => iframeCount() === 1);
    expect(cardUi.get().phase).toBe("loading"); // the loading view stays until the widget says loaded
    expect(openCardWidget()).toBeDefined();
    expect(document.body.style.overflow).toBe("hidden");
    fromWidget({ type: "loaded" });
    expect(t.state.status).toBe("confirm_pending");
    expect(cardUi.get().phase).toBe("idle");
    fromWidget({ type: "close" });
    await run;
    expect(t.state.status).toBe("rejected");
    expect(iframeCount()).toBe(0);
    expect(document.body.style.overflow).toBe("");
  });

  it("closing the modal at the disclaimer abandons the purchase: no widget, no status change", async () => {
    const t = testDeps(INITIAL_SWAP, { fetch: goodFetch() });
    const run = runCardFlow(REQ, t.deps);
    await until(() => cardUi.get().phase === "disclaimer");
    cancelCard();
    await run;
    expect(iframeCount()).toBe(0);
    expect(t.state.status).toBe("not_started");
    expect(t.state.mountError).toBeFalsy();
  });

  it("closing the modal while the widget is loading takes the widget away without a status change", async () => {
    const t = testDeps(INITIAL_SWAP, { fetch: goodFetch() });
    const run = runCardFlow(REQ, t.deps);
    await until(() => cardUi.get().phase === "disclaimer");
    continueCard();
    await until(() => iframeCount() === 1);
    cancelCard();
    await run;
    expect(iframeCount()).toBe(0);
    expect(document.body.style.overflow).toBe("");
    expect(t.state.status).toBe("not_started");
  });

  it("a widget that never says loaded is taken away after the timeout: mount error", async () => {
    const t = testDeps(INITIAL_SWAP, { fetch: goodFetch(), config: testConfig({ loadTimeoutMs: 50 }) });
    const run = runCardFlow(REQ, t.deps);
    await until(() => cardUi.get().phase === "disclaimer");
    continueCard();
    await run;
    expect(iframeCount()).toBe(0);
    expect(t.state).toMatchObject({ status: "not_started", mountError: true });
    expect(cardUi.get().phase).toBe("idle");
  });

  it("does nothing while another purchase is on screen (status not not_started)", async () => {
    const fetch = goodFetch();
    const t = testDeps({ status: "confirm_pending", payment: "native" }, { fetch });
    await runCardFlow(REQ, t.deps);
    expect(fetch).not.toHaveBeenCalled();
    expect(t.events).toEqual([]);
  });

  it("a second start while a flow runs is ignored", async () => {
    const fetch = goodFetch();
    const t = testDeps(INITIAL_SWAP, { fetch });
    const run = runCardFlow(REQ, t.deps);
    await runCardFlow(REQ, t.deps);
    expect(fetch).toHaveBeenCalledTimes(1);
    await until(() => cardUi.get().phase === "disclaimer");
    cancelCard();
    await run;
  });
});

describe("Continue on wert_inprogress follows the payment under way", () => {
  const pending: SwapState = {
    status: "wert_inprogress",
    payment: "card",
    chainId: 31338,
    tokens: 1000,
    stake: false,
    hash: TX,
  };

  it("with a tx hash: the receipt is checked again, no new session", async () => {
    const fetch = goodFetch();
    const t = testDeps(pending, { fetch });
    await runCardFlow(REQ, t.deps);
    expect(fetch).not.toHaveBeenCalled();
    expect(t.deps.waitForReceipt).toHaveBeenCalledWith(TX, BUYER);
    await until(() => t.state.status === "complete");
  });

  it("a receipt that is not there yet keeps wert_inprogress; the log says why in the flows' one wording", async () => {
    const { TransactionReceiptNotFoundError } = await import("viem");
    const missing = new TransactionReceiptNotFoundError({ hash: TX });
    const t = testDeps(pending, { waitForReceipt: vi.fn(async () => Promise.reject(missing)) });
    await runCardFlow(REQ, t.deps);
    await new Promise((r) => setTimeout(r, 5));
    expect(t.state.status).toBe("wert_inprogress");
    expect((t.deps.log!.warn as ReturnType<typeof vi.fn>).mock.calls[0]).toContain(missing.shortMessage);
  });

  it("without a tx hash: back to the form (the tokens arrive with the provider's transaction)", async () => {
    const fetch = goodFetch();
    const t = testDeps({ ...pending, hash: undefined }, { fetch });
    await runCardFlow(REQ, t.deps);
    expect(fetch).not.toHaveBeenCalled();
    expect(t.state.status).toBe("not_started");
  });
});

describe("the seam (features/card/index.ts)", () => {
  it("startCardPurchase drives the shared swap store; a failing session flags the mount error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { startCardPurchase, CARD_WIDGET_READY } = await import("./index.ts");
    expect(CARD_WIDGET_READY).toBe(true);
    await startCardPurchase(REQ);
    expect(getSwapState()).toMatchObject({ status: "not_started", payment: "card", mountError: true });
  });
});
