// The card flow (PRODUCT.md §2 "Other modals", 4 "Card flow", 7 "Card widget embedding"), loaded only when a
// buyer chooses to pay by card:
//
//   Buy with card -> START (card, Base, tokens, stake)
//                 -> session request and widget package load begin at once (in parallel)
//                 -> about 1 s later the card modal opens with its disclaimer
//                 -> Continue: loading view until the session and the package are there, then the widget opens
//                 -> widget events drive the swap machine (events.ts); loaded closes the modal
//   A failing session request (or a widget that cannot be opened) ends in not_started with mountError flagged.
//   Closing the modal before the widget has loaded abandons the purchase without changing the status.
import type { Address, Hash } from "viem";
import { toast } from "../../shared/toast.ts";
import { classifyError } from "../../chain/index.ts";
import type { SwapEvent, SwapState } from "../buy/index.ts";
import { cardUi, onCardCancel, waitForChoice } from "./cardUi.ts";
import { errorEvent, paymentOutcome, paymentStatusEvents, txHashOf } from "./events.ts";
import { buildWidgetOptions, type WidgetListeners } from "./options.ts";
import { requestCardSession, type CardSession } from "./session.ts";
import { openWidget, type WidgetCtor, type WidgetHandle } from "./widgetHost.ts";

export type CardFlowRequest = { address: Address; tokens: number; stake: boolean; lang: string };

export type CardFlowConfig = {
  sessionUrl: string;
  /** Widget origin for this environment (the stand-in locally, the real widget in production). */
  origin: string;
  partnerId: string;
  tokenSymbol: string;
  /** Card payments settle on Base. */
  chainId: number;
  /** The Base presale: the session must target it. */
  presale?: Address;
  /** The modal opens after about 1 s. */
  modalDelayMs: number;
  /** A widget that has not said "loaded" by then is taken away (it would otherwise cover the page). */
  loadTimeoutMs: number;
};

export type CardFlowDeps = {
  dispatch: (e: SwapEvent) => void;
  getState: () => SwapState;
  config: CardFlowConfig;
  fetch?: typeof fetch;
  loadWidget: () => Promise<WidgetCtor>;
  waitForReceipt: (hash: Hash, account: Address) => Promise<{ status: "success" | "reverted" }>;
  t: (key: string, opts?: Record<string, unknown>) => string;
  /** The registered error listener of PRODUCT.md §7 (widget error messages are passed to it). */
  onWidgetError?: (data: unknown) => void;
  log?: Pick<Console, "warn" | "error">;
};

export type Flow = {
  id: number;
  account: Address;
  handle?: WidgetHandle;
  loaded: boolean;
  done: boolean;
};

let current: Flow | null = null;
/** Transaction hashes whose receipt is being awaited (a hash is watched once at a time). */
const watching = new Set<Hash>();

/** The widget of the running flow, if it is open (tests and the Continue path use it). */
export const openCardWidget = (): WidgetHandle | undefined =>
  current?.handle && !current.handle.closed ? current.handle : undefined;

/** Test support: forget any flow state. */
export function resetCardFlow() {
  if (current?.handle && !current.handle.closed) current.handle.detach();
  current = null;
  watching.clear();
  cardUi.set((s) => ({ ...s, phase: "idle" }));
}

const never = new Promise<never>(() => undefined);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
type Failure = { failed: unknown };

function watchReceipt(hash: Hash, flow: Flow, deps: CardFlowDeps) {
  if (watching.has(hash)) return;
  watching.add(hash);
  deps
    .waitForReceipt(hash, flow.account)
    .then((r) => deps.dispatch({ type: "RECEIPT", success: r.status === "success", hash }))
    .catch((e) => {
      // Not found in time, or the read failed: the status stays wert_inprogress and its Continue button checks again.
      (deps.log ?? console).warn("card: receipt of", hash, "not available yet:", classifyError(e).message);
    })
    .finally(() => watching.delete(hash));
}

/** The listeners handed to the widget: every widget event of PRODUCT.md §4 "Card flow". */
export function cardListeners(flow: Flow, deps: CardFlowDeps, finish: () => void): WidgetListeners {
  const { dispatch } = deps;
  const closeModal = () => cardUi.set((s) => (s.phase === "idle" ? s : { ...s, phase: "idle" }));
  return {
    loaded: () => {
      flow.loaded = true;
      dispatch({ type: "CARD_LOADED" }); // -> confirm_pending
      closeModal();
      flow.handle?.focus();
    },
    "payment-status": (data) => {
      for (const e of paymentStatusEvents(data)) dispatch(e);
      const hash = txHashOf((data as { tx_id?: unknown } | undefined)?.tx_id);
      if (hash) watchReceipt(hash, flow, deps); // the receipt on Base decides complete / failed
      // A paid or cancelled payment is over: the widget closes and the status view shows the outcome.
      const outcome = paymentOutcome((data as { status?: unknown } | undefined)?.status);
      if (outcome === "success" || outcome === "canceled") flow.handle?.close();
    },
    position: () => undefined,
    "rate-update": () => undefined,
    error: (data) => {
      flow.loaded = true; // the widget is showing its error: no load timeout any more
      dispatch(errorEvent(data)); // -> failed
      closeModal();
      deps.onWidgetError?.(data);
      (deps.log ?? console).error("card widget error:", data);
    },
    close: () => {
      dispatch({ type: "CARD_CLOSED" }); // -> rejected, unless wert_inprogress or complete
      closeModal();
      finish();
    },
  };
}

function mountError(deps: CardFlowDeps, why: unknown) {
  (deps.log ?? console).warn("card: the widget could not be started:", why instanceof Error ? why.message : why);
  cardUi.set((s) => ({ ...s, phase: "idle" }));
  deps.dispatch({ type: "CARD_MOUNT_ERROR" });
}

/** Continue on wert_inprogress: follow the payment that is already under way, never start a second one. */
function resume(deps: CardFlowDeps, req: CardFlowRequest): void {
  if (openCardWidget()) return;
  const s = deps.getState();
  if (s.hash) {
    watchReceipt(s.hash, current ?? { id: 0, account: req.address, loaded: true, done: true }, deps);
    return;
  }
  // Paid, but the provider has not reported its transaction: the tokens arrive with it; the balance refresh shows them.
  toast("info", deps.t("card.processing_title"), deps.t("card.processing_desc"));
  deps.dispatch({ type: "RESET" });
}

export async function runCardFlow(req: CardFlowRequest, deps: CardFlowDeps): Promise<void> {
  const status = deps.getState().status;
  if (status === "wert_inprogress") return void resume(deps, req);
  if (status !== "not_started") return; // a finished purchase is reset with Start again first
  if (current && !current.done) return; // one card flow at a time
  const { config, dispatch } = deps;
  const flow: Flow = { id: cardUi.get().flowId + 1, account: req.address, loaded: false, done: false };
  current = flow;
  try {
    dispatch({ type: "START", payment: "card", chainId: config.chainId, stake: req.stake, tokens: req.tokens });
    cardUi.set({ phase: "idle", flowId: flow.id, tokens: req.tokens, stake: req.stake });

    const session = requestCardSession(
      config.sessionUrl,
      { address: req.address, tokens: req.tokens, stake: req.stake },
      { fetch: deps.fetch, presale: config.presale },
    );
    session.then(
      (s) => cardUi.set((u) => (u.flowId === flow.id ? { ...u, ethAmount: s.data.commodity_amount } : u)),
      () => undefined,
    );
    const widgetCtor = deps.loadWidget();
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => never,
        (failed: unknown): Failure => ({ failed }),
      );
    const failed = Promise.race([failure(session), failure(widgetCtor)]);

    // 1. The modal opens after about 1 s, unless the purchase has already proven impossible.
    const early = await Promise.race([sleep(config.modalDelayMs).then(() => null), failed]);
    if (early) return mountError(deps, early.failed);
    cardUi.set((s) => ({ ...s, phase: "disclaimer" }));

    // 2. Disclaimer: Continue or close.
    const choice = await Promise.race([waitForChoice(flow.id), failed]);
    if (typeof choice === "object") return mountError(deps, choice.failed);
    if (choice === "cancel") return void cardUi.set((s) => ({ ...s, phase: "idle" }));

    // 3. Loading view while the widget opens.
    cardUi.set((s) => ({ ...s, phase: "loading" }));
    let cancelled = false;
    const offEarly = onCardCancel(() => (cancelled = true));
    let ready: [CardSession, WidgetCtor];
    try {
      ready = await Promise.all([session, widgetCtor]);
    } catch (e) {
      return mountError(deps, e);
    } finally {
      offEarly();
    }
    if (cancelled) return;

    const served = ready[0].data.origin?.replace(/\/+$/, "");
    if (served && served !== config.origin.replace(/\/+$/, "")) {
      // The dapp's configured origin wins (it is where the extra data is posted); a mismatch is a deployment slip.
      (deps.log ?? console).warn(`card: the server names widget origin ${served}, this build uses ${config.origin}`);
    }

    let finish!: () => void;
    const closed = new Promise<void>((r) => (finish = r));
    const listeners = cardListeners(flow, deps, () => finish());
    try {
      const options = buildWidgetOptions(ready[0].data, config, req.lang, listeners);
      flow.handle = openWidget(ready[1], options, deps.t("card.widget_title"));
    } catch (e) {
      return mountError(deps, e);
    }

    // Closing the modal while the widget is still loading abandons it; so does a widget that never loads.
    const abandon = () => {
      if (flow.loaded) return;
      flow.handle?.detach();
      finish();
    };
    const offLoading = onCardCancel(abandon);
    const timer = setTimeout(() => {
      if (flow.loaded || flow.handle?.closed) return;
      abandon();
      mountError(deps, new Error(`the card widget did not load within ${config.loadTimeoutMs} ms`));
    }, config.loadTimeoutMs);
    await closed;
    clearTimeout(timer);
    offLoading();
  } finally {
    flow.done = true;
  }
}
