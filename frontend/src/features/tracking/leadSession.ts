// The wallet's lead, signed once per wallet and browser session (server/README.md, "POST /api/track/lead"): what
// was decided for a wallet in this tab, and the session the server answered with (conversions are reported with it).
// Start-up safe: no wallet or signing code here (the request itself is in leadRequest.ts, loaded on demand).

/** What happened to a wallet's lead in this browser session. `asking` guards against a second prompt meanwhile. */
export type LeadRecord =
  | { state: "asking" }
  | { state: "signed"; session: string; expiresAt: string }
  | { state: "refused" }
  | { state: "failed" };

export type SessionStore = Pick<Storage, "getItem" | "setItem">;

const key = (address: string) => `shaft:lead:${address.toLowerCase()}`;

export function readLead(address: string, store: SessionStore): LeadRecord | undefined {
  try {
    const raw = store.getItem(key(address));
    return raw ? (JSON.parse(raw) as LeadRecord) : undefined;
  } catch {
    return undefined;
  }
}

export function writeLead(address: string, record: LeadRecord, store: SessionStore): void {
  try {
    store.setItem(key(address), JSON.stringify(record));
  } catch {
    // Storage full or disabled: the worst case is one more prompt in a later page load.
  }
}

/** The wallet's unexpired lead session, if it signed its lead in this browser session. */
export function leadSession(address: string, store: SessionStore, now = Date.now()): string | undefined {
  const r = readLead(address, store);
  return r?.state === "signed" && Date.parse(r.expiresAt) > now ? r.session : undefined;
}

/**
 * Whether to ask the wallet for its lead signature now: tracking on, a connected wallet, nothing asked yet in this
 * session, and no purchase, stake or card payment waiting on the wallet (the lead is never one of their prompts).
 */
export function shouldAskLead(p: {
  tracking: boolean;
  connected: boolean;
  address?: string;
  busy: boolean;
  store: SessionStore;
}): p is typeof p & { address: string } {
  return p.tracking && p.connected && p.address !== undefined && !p.busy && readLead(p.address, p.store) === undefined;
}

/** Statuses in which a flow is asking the wallet for something, or waiting for what it asked (PRODUCT.md §4). */
const WAITING = new Set(["in_progess", "confirm_pending", "approval_pending", "wert_inprogress"]);

/** A purchase, stake or card payment waiting on the wallet (a staking flow with a kind but no status is preparing). */
export function waitingOnWallet(swap: { status: string }, flow: { status: string; kind?: string }): boolean {
  return (
    WAITING.has(swap.status) || WAITING.has(flow.status) || (flow.status === "not_started" && flow.kind !== undefined)
  );
}
