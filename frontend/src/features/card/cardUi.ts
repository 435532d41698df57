// UI state of the card on-ramp modal (PRODUCT.md §2 "Other modals"): idle (closed), disclaimer (with Continue),
// loading (while the widget opens). Kept outside React so the flow (features/card/flow.ts) can drive it.
import { createStore, useStore } from "../../shared/store.ts";

export type CardPhase = "idle" | "disclaimer" | "loading";
export type CardUi = {
  phase: CardPhase;
  /** Whole tokens and stake flag of the purchase the modal describes. */
  tokens?: number;
  stake?: boolean;
  /** ETH the card is charged for (the session's commodity_amount), once the session is there. */
  ethAmount?: number;
  /** Increments on every flow start, so a late answer of an old flow is never applied to a new one. */
  flowId: number;
};

export const cardUi = createStore<CardUi>({ phase: "idle", flowId: 0 });
export const useCardUi = () => useStore(cardUi);

export type CardChoice = "continue" | "cancel";
type Waiter = { flowId: number; resolve: (c: CardChoice) => void };
let waiter: Waiter | null = null;

/** Resolves when the user presses Continue or closes the modal (the flow awaits this during the disclaimer). */
export function waitForChoice(flowId: number): Promise<CardChoice> {
  waiter?.resolve("cancel");
  return new Promise((resolve) => {
    waiter = { flowId, resolve };
  });
}

function answer(choice: CardChoice) {
  const w = waiter;
  waiter = null;
  w?.resolve(choice);
}

/** The modal's Continue button. */
export const continueCard = () => answer("continue");

/** The modal's close icon / backdrop / Escape: the flow stops before the widget opens; nothing is charged. */
export function cancelCard() {
  answer("cancel");
  cancelListeners.forEach((fn) => fn());
  cardUi.set((s) => ({ ...s, phase: "idle" }));
}

const cancelListeners = new Set<() => void>();
/** Lets the flow hear a cancel that arrives while it is loading (after Continue). */
export function onCardCancel(fn: () => void): () => void {
  cancelListeners.add(fn);
  return () => cancelListeners.delete(fn);
}
