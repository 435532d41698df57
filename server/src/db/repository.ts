/**
 * Storage: one repository interface, two implementations (embedded SQLite through node:sqlite, and PostgreSQL
 * through pg) sharing the SQL below and the migration set in migrations.ts. Queries are written with `?`
 * placeholders; the PostgreSQL driver numbers them.
 */
import { migrations } from "./migrations.ts";

/** What a lead and a conversion both record: the purchase and where the visitor came from. */
export interface Attribution {
  purchaseType?: string;
  purchaseTokens?: string;
  purchaseTypeAmount?: string;
  purchaseUsdAmount?: string;
  /** The request's own IP; `clientIpAddress` is the one the client reported. */
  ipAddress?: string;
  clientIpAddress?: string;
  clickId?: string;
  source?: string;
}

export interface LeadRecord extends Attribution {
  dedupKey: string;
  walletAddress: string;
  event: string;
  iid?: string;
  pid?: string;
  tid?: string;
  referrer?: string;
  userAgent?: string;
  acceptLanguage?: string;
  /** The EIP-4361 message the wallet signed, its signature and the chain it names (the lead's proof). */
  chainId: number;
  signedMessage: string;
  signature: string;
  /** Each configured chain's latest block number when the lead was recorded (a chain that did not answer is absent). */
  chainHeads: Record<number, bigint>;
}

/** Where and when a purchase was mined: a lead attributes it only if recorded before that block. */
export interface PurchaseBlock {
  chainId: number;
  blockNumber: bigint;
  /** The block's time (ms), for a lead recorded while the chain did not answer. */
  blockTime: number;
}

/** Where a visitor came from, as its lead recorded it. */
export interface LeadAttribution {
  /** The lead's dedup key. */
  leadKey: string;
  clickId?: string;
  source?: string;
  pid?: string;
  tid?: string;
  referrer?: string;
}

export interface ConversionRecord extends Attribution {
  chainId: number;
  pid?: string;
  tid?: string;
  referrer?: string;
  /** The dedup key of the lead the attribution was taken from, if any. */
  attributionLead?: string;
  txHash: string;
  publicAddress: string;
  event: string;
  presaleName?: string;
  isBw: boolean;
  extra?: string;
  txFrom: string;
  blockNumber: bigint;
  /** The block's time (ms): the attribution is the wallet's signed lead recorded before it. */
  blockTime: number;
  onchainTokens?: string;
  buyer: string;
  recipient: string;
  paymentToken: string;
}

export interface CardSessionRecord {
  clickId: string;
  address: string;
  tokenAmount: string;
  stake: boolean;
  chainId: number;
  scAddress: string;
  ethNeededWei: string;
  commodityAmount: string;
  ipAddress?: string;
}

export interface Referral {
  walletAddress: string;
  code: string;
  iid: string | null;
  createdAt: number;
}

export interface Repository {
  readonly kind: "sqlite" | "postgres";
  migrate(): Promise<number[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Returns the wallet's referral, creating it with `newCode()` (retried on a code collision) if absent. */
  getOrCreateReferral(
    walletAddress: string,
    iid: string | undefined,
    newCode: () => string,
  ): Promise<{ referral: Referral; created: boolean }>;
  findReferralByCode(code: string): Promise<Referral | undefined>;
  /** Inserts the lead, or bumps last_seen/seen_count of the existing one with the same dedup key. */
  recordLead(lead: LeadRecord): Promise<{ duplicate: boolean; seenCount: number }>;
  countLeads(): Promise<number>;
  /**
   * The wallet's first signed lead that carries any attribution (click id, source, pid, tid, referrer) and was
   * recorded before the purchase's block (that chain's head then was below it), if any.
   */
  firstTouch(walletAddress: string, purchase: PurchaseBlock): Promise<LeadAttribution | undefined>;
  /** Records a lead message's nonce; false if it was seen before (a replay). Forgets nonces past their expiry. */
  useLeadNonce(nonce: string, walletAddress: string, expiresAt: number): Promise<boolean>;
  /** Stores a lead session (the hash of its token) for the wallet until `expiresAt` (ms). */
  createLeadSession(tokenHash: string, walletAddress: string, expiresAt: number): Promise<void>;
  /** The wallet of an unexpired lead session, if any. */
  leadSessionWallet(tokenHash: string): Promise<string | undefined>;
  findConversion(chainId: number, txHash: string): Promise<StoredConversion | undefined>;
  /** Inserts the conversion unless one with the same (chainId, txHash) exists. */
  recordConversion(c: ConversionRecord): Promise<{ duplicate: boolean }>;
  countConversions(): Promise<number>;
  recordCardSession(s: CardSessionRecord): Promise<void>;
  countCardSessions(): Promise<number>;
  /** Stores a sign-in nonce the server handed out, valid until `expiresAt` (ms). Forgets long-expired ones. */
  issueOwnerNonce(nonce: string, expiresAt: number): Promise<void>;
  /**
   * Marks the nonce used if it was issued, is unused and has not expired: "ok" for exactly one caller, whichever
   * instance it runs on; otherwise why not.
   */
  useOwnerNonce(nonce: string): Promise<"ok" | "unknown" | "used" | "expired">;
  /** Stores an owner session (the hash of its token) for the wallet until `expiresAt` (ms). */
  createOwnerSession(tokenHash: string, walletAddress: string, expiresAt: number): Promise<void>;
  /** The wallet and expiry of an unexpired owner session, if any. */
  ownerSession(tokenHash: string): Promise<{ walletAddress: string; expiresAt: number } | undefined>;
  endOwnerSession(tokenHash: string): Promise<void>;
  /** Conversions attributed to a referral code, newest first, with the wallet that owns the code. */
  referralConversions(limit: number): Promise<ReferralConversion[]>;
}

/** A conversion whose attribution names a referral code: who referred whom, where, for how much. */
export interface ReferralConversion {
  chainId: number;
  txHash: string;
  /** The wallet the conversion belongs to (the buyer; a card purchase's customer). */
  buyer: string;
  /** The code in the buyer's signed lead, and the wallet it belongs to (null: a code this server never issued). */
  referrerCode: string;
  referrerWallet: string | null;
  purchaseType: string | null;
  paid: string | null;
  tokens: string | null;
  usd: string | null;
  /** The purchase's block time (ms), else when the conversion was recorded. */
  time: number;
}

/** The store cannot be reached or cannot write right now (connection lost, server down, disk full, locked). */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
  constructor(cause: unknown) {
    super(`database unavailable: ${String((cause as Error)?.message ?? cause).split("\n")[0]}`, { cause });
  }
}

const UNAVAILABLE_ERRNO = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
  "ENETUNREACH",
]);
const UNAVAILABLE_MESSAGE =
  /connection terminated|timeout exceeded when trying to connect|query read timeout|cannot use a pool after calling end|connection error|database is not open|database is locked|disk i\/o error|database or disk is full|unable to open database|readonly database/i;

/**
 * An error from a store, as StoreUnavailableError when it means "down or unreachable" (PostgreSQL SQLSTATE classes
 * 08 connection, 53 resources, 57P shutdown, 57014 statement timeout; the client's query timeout; socket errors;
 * SQLite closed/locked/full/I/O), else unchanged.
 */
export function classifyStoreError(e: unknown): unknown {
  const { code: rawCode, message: rawMessage } = (typeof e === "object" && e !== null ? e : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const code = typeof rawCode === "string" || typeof rawCode === "number" ? String(rawCode) : "";
  const message = typeof rawMessage === "string" ? rawMessage : "";
  if (UNAVAILABLE_ERRNO.has(code) || /^(08|53|57P|57014)/.test(code) || UNAVAILABLE_MESSAGE.test(message))
    return new StoreUnavailableError(e);
  return e;
}

export interface StoredConversion {
  publicAddress: string;
  event: string;
  createdAt: number;
  attribution: Omit<LeadAttribution, "leadKey"> & { leadKey?: string };
}

export type Param = string | number | bigint | null;
export type Row = Record<string, unknown>;

/** Shared SQL; the two stores differ only in how a statement is run and how a transaction is held. */
export abstract class SqlRepository implements Repository {
  abstract readonly kind: "sqlite" | "postgres";
  protected abstract all(sql: string, params?: Param[]): Promise<Row[]>;
  protected abstract run(sql: string, params?: Param[]): Promise<number>;
  /** Runs the pending migrations under whatever lock the store has, returning the ids applied. */
  abstract migrate(): Promise<number[]>;
  abstract close(): Promise<void>;

  protected now(): number {
    return Date.now();
  }

  /** Applies pending migrations through `exec`; the caller holds the transaction/lock. */
  protected async applyMigrations(exec: (sql: string, params?: Param[]) => Promise<Row[]>): Promise<number[]> {
    await exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`,
    );
    const done = new Set((await exec(`SELECT id FROM schema_migrations`)).map((r) => Number(r.id)));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      for (const s of m.statements) await exec(s);
      await exec(`INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)`, [m.id, m.name, this.now()]);
      applied.push(m.id);
    }
    return applied;
  }

  async ping(): Promise<void> {
    await this.all(`SELECT 1 AS ok`);
  }

  async getOrCreateReferral(walletAddress: string, iid: string | undefined, newCode: () => string) {
    const existing = await this.findReferral(walletAddress);
    if (existing) return { referral: existing, created: false };
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = newCode();
      const inserted = await this.run(
        `INSERT INTO referrals (wallet_address, code, iid, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [walletAddress, code, iid ?? null, this.now()],
      );
      const row = await this.findReferral(walletAddress);
      if (row) return { referral: row, created: inserted > 0 && row.code === code };
      // Neither our insert nor a concurrent one for this wallet landed: the code collided; try another.
    }
    throw new Error("could not allocate a unique referral code");
  }

  private async findReferral(walletAddress: string): Promise<Referral | undefined> {
    const rows = await this.all(
      `SELECT wallet_address, code, iid, created_at FROM referrals WHERE wallet_address = ?`,
      [walletAddress],
    );
    return rows[0] ? toReferral(rows[0]) : undefined;
  }

  async findReferralByCode(code: string): Promise<Referral | undefined> {
    const rows = await this.all(`SELECT wallet_address, code, iid, created_at FROM referrals WHERE code = ?`, [code]);
    return rows[0] ? toReferral(rows[0]) : undefined;
  }

  async recordLead(l: LeadRecord) {
    const now = this.now();
    const rows = await this.all(
      `INSERT INTO leads (dedup_key, wallet_address, event, iid, purchase_type, purchase_tokens, purchase_type_amount,
         purchase_usd_amount, ip_address, client_ip_address, click_id, source, pid, tid, referrer, user_agent,
         accept_language, chain_id, signed_message, signature, chain_heads, first_seen, last_seen, seen_count)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
       ON CONFLICT (dedup_key) DO UPDATE SET last_seen = excluded.last_seen, seen_count = leads.seen_count + 1
       RETURNING seen_count`,
      [
        l.dedupKey,
        l.walletAddress,
        l.event,
        n(l.iid),
        n(l.purchaseType),
        n(l.purchaseTokens),
        n(l.purchaseTypeAmount),
        n(l.purchaseUsdAmount),
        n(l.ipAddress),
        n(l.clientIpAddress),
        n(l.clickId),
        n(l.source),
        n(l.pid),
        n(l.tid),
        n(l.referrer),
        n(l.userAgent),
        n(l.acceptLanguage),
        l.chainId,
        l.signedMessage,
        l.signature,
        JSON.stringify(Object.fromEntries(Object.entries(l.chainHeads).map(([k, v]) => [k, v.toString()]))),
        now,
        now,
      ],
    );
    const seenCount = Number(rows[0]?.seen_count ?? 1);
    return { duplicate: seenCount > 1, seenCount };
  }

  async countLeads() {
    return this.count("leads");
  }

  async firstTouch(walletAddress: string, purchase: PurchaseBlock): Promise<LeadAttribution | undefined> {
    const rows = await this.all(
      `SELECT dedup_key, click_id, source, pid, tid, referrer, chain_heads, first_seen FROM leads
       WHERE wallet_address = ? AND signature IS NOT NULL
         AND (click_id IS NOT NULL OR source IS NOT NULL OR pid IS NOT NULL OR tid IS NOT NULL OR referrer IS NOT NULL)
       ORDER BY first_seen, dedup_key`,
      [walletAddress],
    );
    const before = (r: Row) => {
      const head = (JSON.parse(text(r.chain_heads ?? "{}")) as Record<string, string>)[purchase.chainId];
      return head !== undefined ? BigInt(head) < purchase.blockNumber : Number(r.first_seen) < purchase.blockTime;
    };
    const r = rows.find(before);
    return r ? { leadKey: String(r.dedup_key), ...attributionOf(r) } : undefined;
  }

  async useLeadNonce(nonce: string, walletAddress: string, expiresAt: number): Promise<boolean> {
    const now = this.now();
    await this.run(`DELETE FROM lead_nonces WHERE expires_at < ?`, [now]);
    const inserted = await this.run(
      `INSERT INTO lead_nonces (nonce, wallet_address, expires_at, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [nonce, walletAddress, expiresAt, now],
    );
    return inserted > 0;
  }

  async createLeadSession(tokenHash: string, walletAddress: string, expiresAt: number): Promise<void> {
    const now = this.now();
    await this.run(`DELETE FROM lead_sessions WHERE expires_at < ?`, [now]);
    await this.run(
      `INSERT INTO lead_sessions (token_hash, wallet_address, expires_at, created_at) VALUES (?, ?, ?, ?)`,
      [tokenHash, walletAddress, expiresAt, now],
    );
  }

  async leadSessionWallet(tokenHash: string): Promise<string | undefined> {
    const rows = await this.all(`SELECT wallet_address FROM lead_sessions WHERE token_hash = ? AND expires_at > ?`, [
      tokenHash,
      this.now(),
    ]);
    return rows[0] ? text(rows[0].wallet_address) : undefined;
  }

  async findConversion(chainId: number, txHash: string): Promise<StoredConversion | undefined> {
    const rows = await this.all(
      `SELECT public_address, event, created_at, click_id, source, pid, tid, referrer, attribution_lead FROM conversions WHERE chain_id = ? AND tx_hash = ?`,
      [chainId, txHash],
    );
    const r = rows[0];
    if (!r) return undefined;
    const leadKey = r.attribution_lead == null ? undefined : text(r.attribution_lead);
    return {
      publicAddress: String(r.public_address),
      event: String(r.event),
      createdAt: Number(r.created_at),
      attribution: { leadKey, ...attributionOf(r) },
    };
  }

  async recordConversion(c: ConversionRecord) {
    const inserted = await this.run(
      `INSERT INTO conversions (chain_id, tx_hash, public_address, event, purchase_type, purchase_tokens,
         purchase_type_amount, purchase_usd_amount, ip_address, client_ip_address, click_id, source, pid, tid, referrer,
         attribution_lead, presale_name, is_bw, extra, tx_from, block_number, onchain_tokens, buyer, recipient,
         payment_token, block_time, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (chain_id, tx_hash) DO NOTHING`,
      [
        c.chainId,
        c.txHash,
        c.publicAddress,
        c.event,
        n(c.purchaseType),
        n(c.purchaseTokens),
        n(c.purchaseTypeAmount),
        n(c.purchaseUsdAmount),
        n(c.ipAddress),
        n(c.clientIpAddress),
        n(c.clickId),
        n(c.source),
        n(c.pid),
        n(c.tid),
        n(c.referrer),
        n(c.attributionLead),
        n(c.presaleName),
        c.isBw ? 1 : 0,
        n(c.extra),
        c.txFrom,
        c.blockNumber,
        n(c.onchainTokens),
        c.buyer,
        c.recipient,
        c.paymentToken,
        c.blockTime,
        this.now(),
      ],
    );
    return { duplicate: inserted === 0 };
  }

  async countConversions() {
    return this.count("conversions");
  }

  async recordCardSession(s: CardSessionRecord) {
    await this.run(
      `INSERT INTO card_sessions (click_id, address, token_amount, stake, chain_id, sc_address, eth_needed_wei,
         commodity_amount, ip_address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        s.clickId,
        s.address,
        s.tokenAmount,
        s.stake ? 1 : 0,
        s.chainId,
        s.scAddress,
        s.ethNeededWei,
        s.commodityAmount,
        n(s.ipAddress),
        this.now(),
      ],
    );
  }

  async countCardSessions() {
    return this.count("card_sessions");
  }

  async issueOwnerNonce(nonce: string, expiresAt: number): Promise<void> {
    const now = this.now();
    // Kept a day past expiry, so a late sign-in hears "expired" rather than "unknown".
    await this.run(`DELETE FROM owner_nonces WHERE expires_at < ?`, [now - 86_400_000]);
    await this.run(`INSERT INTO owner_nonces (nonce, issued_at, expires_at) VALUES (?, ?, ?)`, [nonce, now, expiresAt]);
  }

  async useOwnerNonce(nonce: string): Promise<"ok" | "unknown" | "used" | "expired"> {
    const now = this.now();
    // One statement decides: concurrent sign-ins with the same nonce, on any instance, cannot both update the row.
    const used = await this.run(
      `UPDATE owner_nonces SET used_at = ? WHERE nonce = ? AND used_at IS NULL AND expires_at > ?`,
      [now, nonce, now],
    );
    if (used > 0) return "ok";
    const rows = await this.all(`SELECT used_at FROM owner_nonces WHERE nonce = ?`, [nonce]);
    if (!rows[0]) return "unknown";
    return rows[0].used_at == null ? "expired" : "used";
  }

  async createOwnerSession(tokenHash: string, walletAddress: string, expiresAt: number): Promise<void> {
    const now = this.now();
    await this.run(`DELETE FROM owner_sessions WHERE expires_at < ?`, [now]);
    await this.run(
      `INSERT INTO owner_sessions (token_hash, wallet_address, expires_at, created_at) VALUES (?, ?, ?, ?)`,
      [tokenHash, walletAddress, expiresAt, now],
    );
  }

  async ownerSession(tokenHash: string) {
    const rows = await this.all(
      `SELECT wallet_address, expires_at FROM owner_sessions WHERE token_hash = ? AND expires_at > ?`,
      [tokenHash, this.now()],
    );
    return rows[0] ? { walletAddress: text(rows[0].wallet_address), expiresAt: Number(rows[0].expires_at) } : undefined;
  }

  async endOwnerSession(tokenHash: string): Promise<void> {
    await this.run(`DELETE FROM owner_sessions WHERE token_hash = ?`, [tokenHash]);
  }

  async referralConversions(limit: number): Promise<ReferralConversion[]> {
    const rows = await this.all(
      `SELECT c.chain_id, c.tx_hash, c.public_address, c.referrer, r.wallet_address AS referrer_wallet,
         c.purchase_type, c.purchase_type_amount, c.onchain_tokens, c.purchase_usd_amount,
         COALESCE(c.block_time, c.created_at) AS time
       FROM conversions c LEFT JOIN referrals r ON r.code = c.referrer
       WHERE c.referrer IS NOT NULL
       ORDER BY time DESC, c.chain_id, c.tx_hash
       LIMIT ?`,
      [limit],
    );
    const opt = (v: unknown) => (v == null ? null : text(v));
    return rows.map((r) => ({
      chainId: Number(r.chain_id),
      txHash: text(r.tx_hash),
      buyer: text(r.public_address),
      referrerCode: text(r.referrer),
      referrerWallet: opt(r.referrer_wallet),
      purchaseType: opt(r.purchase_type),
      paid: opt(r.purchase_type_amount),
      tokens: opt(r.onchain_tokens),
      usd: opt(r.purchase_usd_amount),
      time: Number(r.time),
    }));
  }

  private async count(table: "leads" | "conversions" | "card_sessions"): Promise<number> {
    const rows = await this.all(`SELECT COUNT(*) AS c FROM ${table}`);
    return Number(rows[0]?.c ?? 0);
  }
}

function n(v: string | undefined): string | null {
  return v === undefined || v === "" ? null : v;
}

function attributionOf(r: Row): Omit<LeadAttribution, "leadKey"> {
  const t = (v: unknown) => (v == null ? undefined : text(v));
  return { clickId: t(r.click_id), source: t(r.source), pid: t(r.pid), tid: t(r.tid), referrer: t(r.referrer) };
}

function toReferral(r: Row): Referral {
  return {
    walletAddress: text(r.wallet_address),
    code: text(r.code),
    iid: r.iid == null ? null : text(r.iid),
    createdAt: Number(r.created_at),
  };
}

/** A text column's value (both drivers return strings; numbers and bigints are written out). */
function text(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint") return v.toString();
  throw new TypeError(`expected a text column, got ${typeof v}`);
}
