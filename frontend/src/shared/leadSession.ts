// The wallet's lead, signed once per wallet and browser session (server/README.md, "POST /api/track/lead"): what
// was decided for a wallet in this tab, and the session the server answered with (conversions are reported with it,
// shared/api.ts). Storage only: the asking is features/tracking's.

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
