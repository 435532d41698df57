// @vitest-environment jsdom
// Every widget message of PRODUCT.md §4 "Card flow", sent as a real postMessage event through the real
// @wert-io/widget-initializer (the package the dapp ships) into the card listeners and the real swap reducer.
import type { Hash } from "viem";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SwapState } from "../buy/index.ts";
import { cardUi } from "./cardUi.ts";
import { errorEvent, paymentOutcome, paymentStatusEvents, txHashOf } from "./events.ts";
import { cardListeners, type Flow } from "./flow.ts";
import { buildWidgetOptions } from "./options.ts";
import { BUYER, flush, ORIGIN, sessionData, testConfig, testDeps, TX } from "./testSupport.ts";
import { loadWertWidget, openWidget, WIDGET_IFRAME_TESTID, type WidgetHandle } from "./widgetHost.ts";

const CARD: SwapState = { status: "not_started", payment: "card", chainId: 31338, tokens: 1000, stake: false };

async function openTestWidget(initial: SwapState = CARD, receipt: "success" | "reverted" = "success") {
  const t = testDeps(initial, { waitForReceipt: vi.fn(() => Promise.resolve({ status: receipt })) });
  const flow: Flow = { id: 1, account: BUYER, loaded: false, done: false };
  const finish = vi.fn();
  const Ctor = await loadWertWidget();
  const handle: WidgetHandle = openWidget(
    Ctor,
    buildWidgetOptions(sessionData(), testConfig(), "en", cardListeners(flow, t.deps, finish)),
  );
  flow.handle = handle;
  const iframe = handle.iframe!;
  const widgetWindow = iframe.contentWindow!;
  const post = (data: unknown, source: MessageEventSource | null = widgetWindow) =>
    window.dispatchEvent(new MessageEvent("message", { data, source }));
  return {
    deps: t.deps,
    get state() {
      return t.state;
    },
    flow,
    finish,
    handle,
    iframe,
    widgetWindow,
    post,
  };
}

const iframes = () => document.querySelectorAll(`iframe[data-testid="${WIDGET_IFRAME_TESTID}"]`);

beforeEach(() => {
  document.body.innerHTML = "";
  document.body.style.overflow = "";
  cardUi.set({ phase: "loading", flowId: 1, tokens: 1000 });
});
afterEach(() => {
  document.querySelectorAll("iframe").forEach((f) => f.remove());
  vi.restoreAllMocks();
});

describe("widget lifecycle (created, open, closed)", () => {
  it("open attaches the iframe with the embedding of PRODUCT.md §7 and disables page scrolling", async () => {
    const w = await openTestWidget();
    expect(iframes()).toHaveLength(1);
    const url = new URL(w.iframe.src);
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe("/local-partner/widget");
    const q = url.searchParams;
    expect(q.get("click_id")).toBe(sessionData().click_id);
    expect(q.get("lang")).toBe("en");
    expect(q.get("theme")).toBe("dark");
    expect(q.get("currency")).toBe("USD");
    expect(q.get("commodity")).toBe("ETH");
    expect(q.get("network")).toBe("base");
    expect(q.get("commodity_amount")).toBe("0.00230001");
    expect(q.get("address")).toBe(BUYER);
    expect(q.get("sc_address")).toBe(sessionData().sc_address);
    expect(q.get("sc_input_data")).toBe(sessionData().sc_input_data);
    expect(q.get("signature")).toBe(sessionData().signature);
    expect(q.has("partner_id")).toBe(false); // in the path, not the query
    expect(q.has("origin")).toBe(false);
    expect(w.iframe.getAttribute("allow")).toMatch(/camera.*microphone.*payment/);
    for (const s of ["allow-scripts", "allow-forms", "allow-popups", "allow-same-origin"])
      expect(w.iframe.getAttribute("sandbox")).toContain(s);
    expect(w.iframe.style.zIndex).toBe("10000");
    expect(w.iframe.getAttribute("title")).toBe("Card payment");
    expect(document.body.style.overflow).toBe("hidden");
  });

  it("a close message removes the iframe, restores scrolling and reports the close once", async () => {
    const w = await openTestWidget();
    w.post({ type: "close" });
    expect(iframes()).toHaveLength(0);
    expect(document.body.style.overflow).toBe("");
    expect(w.handle.closed).toBe(true);
    expect(w.finish).toHaveBeenCalledTimes(1);
    w.handle.close(); // idempotent
    expect(w.finish).toHaveBeenCalledTimes(1);
  });

  it("detach closes without reporting a user close (a flow abandoning a widget that never loaded)", async () => {
    const w = await openTestWidget();
    w.handle.detach();
    expect(iframes()).toHaveLength(0);
    expect(document.body.style.overflow).toBe("");
    expect(w.finish).not.toHaveBeenCalled();
    expect(w.state.status).toBe("not_started");
  });
});

describe("widget messages -> swap status", () => {
  it("loaded: confirm_pending, the card modal closes, and the host replies allow-redirect / extra / parent-hostname", async () => {
    const w = await openTestWidget();
    const replies = vi.spyOn(w.widgetWindow, "postMessage");
    w.post({ type: "loaded" });
    expect(w.state.status).toBe("confirm_pending");
    expect(cardUi.get().phase).toBe("idle");
    const sent = replies.mock.calls.map((c) => c[0] as { type: string; data: unknown });
    expect(sent).toContainEqual({ type: "allow-redirect", data: { redirectAllowed: false } });
    expect(sent).toContainEqual({ type: "extra", data: { item_info: { name: "SHAFT", category: "Presale" } } });
    expect(sent.map((m) => m.type)).toContain("parent-hostname");
    for (const c of replies.mock.calls) expect(c[1]).toBe(ORIGIN);
  });

  it("a second loaded (after a 3-D Secure redirect) changes nothing", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    w.post({ type: "payment-status", data: { status: "pending" } });
    w.post({ type: "loaded" });
    expect(w.state.status).toBe("in_progess");
  });

  it.each(["pending", "progress", "failover"])("payment-status %s: in_progess", async (status) => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    w.post({ type: "payment-status", data: { status, payment_id: "p1", order_id: "o1", external_order_id: "x" } });
    expect(w.state.status).toBe("in_progess");
  });

  it("payment-status with a tx id: wert_inprogress, and the receipt of that hash on Base decides (complete)", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    w.post({ type: "payment-status", data: { status: "pending", tx_id: TX } });
    expect(w.state.status).toBe("wert_inprogress");
    expect(w.state.hash).toBe(TX);
    expect(w.deps.waitForReceipt).toHaveBeenCalledWith(TX, BUYER);
    await flush();
    expect(w.state.status).toBe("complete");
  });

  it("payment-status success: wert_inprogress, the widget closes, the receipt is checked -> complete", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    w.post({ type: "payment-status", data: { status: "pending" } });
    w.post({ type: "payment-status", data: { status: "success", tx_id: TX } });
    expect(w.state.status).toBe("wert_inprogress");
    expect(iframes()).toHaveLength(0); // the widget closed itself
    expect(document.body.style.overflow).toBe("");
    expect(w.deps.waitForReceipt).toHaveBeenCalledWith(TX, BUYER);
    await flush();
    expect(w.state).toMatchObject({ status: "complete", hash: TX, payment: "card" });
  });

  it("payment-status success with a reverted receipt -> failed", async () => {
    const w = await openTestWidget(CARD, "reverted");
    w.post({ type: "loaded" });
    w.post({ type: "payment-status", data: { status: "success", tx_id: TX } });
    await flush();
    expect(w.state.status).toBe("failed");
  });

  it("payment-status success without a tx id: wert_inprogress (Continue follows it), widget closed, no receipt", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    w.post({ type: "payment-status", data: { status: "success" } });
    expect(w.state.status).toBe("wert_inprogress");
    expect(iframes()).toHaveLength(0);
    expect(w.deps.waitForReceipt).not.toHaveBeenCalled();
  });

  it("payment-status canceled (Cancel in the widget): rejected with card wording, and the widget closes", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    w.post({ type: "payment-status", data: { status: "canceled" } });
    expect(w.state).toMatchObject({ status: "rejected", cardReason: "cancelled" });
    expect(iframes()).toHaveLength(0);
  });

  it("payment-status failed: failed", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    w.post({ type: "payment-status", data: { status: "failed" } });
    expect(w.state).toMatchObject({ status: "failed", cardReason: "declined" });
  });

  it("any other payment-status carrying a tx id: wert_inprogress", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    w.post({ type: "payment-status", data: { status: "some_new_status", tx_id: TX } });
    expect(w.state).toMatchObject({ status: "wert_inprogress", hash: TX });
  });

  it("close before completion: rejected", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    w.post({ type: "close" });
    expect(w.state.status).toBe("rejected");
  });

  it("close while the payment is in progress (no tx id yet): rejected", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    w.post({ type: "payment-status", data: { status: "pending" } });
    w.post({ type: "close" });
    expect(w.state.status).toBe("rejected");
  });

  it("close once wert_inprogress: stays wert_inprogress (the payment goes on)", async () => {
    const w = await openTestWidget();
    vi.mocked(w.deps.waitForReceipt).mockImplementation(() => new Promise(() => undefined));
    w.post({ type: "loaded" });
    w.post({ type: "payment-status", data: { status: "pending", tx_id: TX } });
    w.post({ type: "close" });
    expect(w.state.status).toBe("wert_inprogress");
  });

  it("close once complete: stays complete", async () => {
    const w = await openTestWidget({ ...CARD, status: "complete", hash: TX });
    w.post({ type: "close" });
    expect(w.state.status).toBe("complete");
  });

  it("error: failed, passed to the registered error listener", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    const data = { name: "PaymentError", message: "card declined" };
    w.post({ type: "error", data });
    expect(w.state).toMatchObject({ status: "failed", error: "card declined" });
    expect(w.deps.onWidgetError).toHaveBeenCalledWith(data);
  });

  it("3ds-start turns the widget background white, 3ds-end transparent, without touching the status", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    w.post({ type: "3ds-start" });
    expect(w.iframe.style.backgroundColor).toMatch(/^(#fff|rgb\(255, 255, 255\))$/);
    w.post({ type: "3ds-end" });
    expect(w.iframe.style.backgroundColor).toBe("transparent");
    expect(w.state.status).toBe("confirm_pending");
  });

  it("position and rate-update change nothing", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    w.post({ type: "position", data: { step: "card" } });
    w.post({ type: "rate-update", data: { ticker: "ETH", commodity_amount: "0.0023" } });
    expect(w.state.status).toBe("confirm_pending");
  });

  it("a message from another window is ignored", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" }, window); // the page itself
    w.post({ type: "loaded" }, null); // no source at all
    const other = document.createElement("iframe");
    document.body.appendChild(other);
    w.post({ type: "loaded" }, other.contentWindow); // a different frame
    w.post({ type: "close" }, other.contentWindow);
    expect(w.state.status).toBe("not_started");
    expect(iframes()).toHaveLength(1);
    w.post({ type: "loaded" }); // the widget's own window still works
    expect(w.state.status).toBe("confirm_pending");
  });

  it("a non-object message is ignored", async () => {
    const w = await openTestWidget();
    for (const data of ["loaded", JSON.stringify({ type: "loaded" }), 42, true, null, undefined]) w.post(data);
    expect(w.state.status).toBe("not_started");
    w.post({ type: "loaded" });
    w.post("close");
    expect(w.state.status).toBe("confirm_pending");
    expect(iframes()).toHaveLength(1);
  });

  it("after the widget has closed, its messages are no longer heard", async () => {
    const w = await openTestWidget();
    w.post({ type: "loaded" });
    w.post({ type: "close" });
    w.post({ type: "payment-status", data: { status: "pending" } });
    expect(w.state.status).toBe("rejected");
  });
});

describe("pure mapping", () => {
  it("payment statuses", () => {
    expect(paymentOutcome("PENDING")).toBe("progress");
    expect(paymentOutcome("cancelled")).toBe("canceled");
    expect(paymentOutcome(3)).toBe("other");
    expect(paymentStatusEvents({ status: "pending" })).toEqual([{ type: "CARD_PAYMENT_STATUS", status: "pending" }]);
    expect(paymentStatusEvents({ status: "progress", tx_id: TX })).toEqual([
      { type: "CARD_PAYMENT_STATUS", status: "progress", hash: TX },
    ]);
    expect(paymentStatusEvents({ status: "success", tx_id: TX })).toEqual([
      { type: "CARD_PAYMENT_STATUS", status: "success", hash: TX },
    ]);
    expect(paymentStatusEvents({ status: "canceled", tx_id: TX })).toEqual([
      { type: "CARD_PAYMENT_STATUS", status: "canceled" },
    ]);
    expect(paymentStatusEvents({ status: "failed" })).toEqual([{ type: "CARD_PAYMENT_STATUS", status: "failed" }]);
    expect(paymentStatusEvents({ status: "weird" })).toEqual([]);
    expect(paymentStatusEvents({ status: "weird", tx_id: TX })).toEqual([{ type: "CARD_TX", hash: TX }]);
    expect(paymentStatusEvents("pending")).toEqual([]);
    expect(paymentStatusEvents(null)).toEqual([]);
  });

  it("tx ids and errors", () => {
    expect(txHashOf(TX)).toBe(TX);
    expect(txHashOf("0x1234")).toBeUndefined();
    expect(txHashOf(`${TX}00` as Hash)).toBeUndefined();
    expect(errorEvent({ name: "E", message: "m" })).toEqual({ type: "CARD_ERROR", message: "m" });
    expect(errorEvent("boom")).toEqual({ type: "CARD_ERROR" });
  });
});
