/**
 * The one migration set, applied in order by both stores. The SQL is the common subset of SQLite and PostgreSQL:
 * TEXT, BIGINT, INTEGER, composite primary keys, ON CONFLICT upserts; no auto-increment ids (natural keys only);
 * timestamps are epoch milliseconds (BIGINT); booleans are INTEGER 0/1; token and money amounts are decimal TEXT.
 */
export interface Migration {
  id: number;
  name: string;
  statements: string[];
}

export const migrations: Migration[] = [
  {
    id: 1,
    name: "referrals, leads, conversions, card sessions",
    statements: [
      `CREATE TABLE referrals (
        wallet_address TEXT PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        iid TEXT,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE leads (
        dedup_key TEXT PRIMARY KEY,
        wallet_address TEXT NOT NULL,
        event TEXT NOT NULL,
        iid TEXT,
        purchase_type TEXT,
        purchase_tokens TEXT,
        purchase_type_amount TEXT,
        purchase_usd_amount TEXT,
        ip_address TEXT,
        client_ip_address TEXT,
        click_id TEXT,
        source TEXT,
        pid TEXT,
        tid TEXT,
        referrer TEXT,
        user_agent TEXT,
        accept_language TEXT,
        first_seen BIGINT NOT NULL,
        last_seen BIGINT NOT NULL,
        seen_count INTEGER NOT NULL
      )`,
      `CREATE INDEX leads_wallet ON leads (wallet_address)`,
      `CREATE TABLE conversions (
        chain_id INTEGER NOT NULL,
        tx_hash TEXT NOT NULL,
        public_address TEXT NOT NULL,
        event TEXT NOT NULL,
        purchase_type TEXT,
        purchase_tokens TEXT,
        purchase_type_amount TEXT,
        purchase_usd_amount TEXT,
        ip_address TEXT,
        client_ip_address TEXT,
        click_id TEXT,
        source TEXT,
        presale_name TEXT,
        is_bw INTEGER NOT NULL,
        extra TEXT,
        tx_from TEXT NOT NULL,
        block_number BIGINT NOT NULL,
        onchain_tokens TEXT,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (chain_id, tx_hash)
      )`,
      `CREATE INDEX conversions_address ON conversions (public_address)`,
      `CREATE TABLE card_sessions (
        click_id TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        token_amount TEXT NOT NULL,
        stake INTEGER NOT NULL,
        chain_id INTEGER NOT NULL,
        sc_address TEXT NOT NULL,
        eth_needed_wei TEXT NOT NULL,
        commodity_amount TEXT NOT NULL,
        ip_address TEXT,
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX card_sessions_address ON card_sessions (address)`,
    ],
  },
  {
    id: 2,
    name: "conversions take their attribution from the wallet's own first lead",
    statements: [
      `ALTER TABLE conversions ADD COLUMN pid TEXT`,
      `ALTER TABLE conversions ADD COLUMN tid TEXT`,
      `ALTER TABLE conversions ADD COLUMN referrer TEXT`,
      `ALTER TABLE conversions ADD COLUMN attribution_lead TEXT`,
      `CREATE INDEX leads_wallet_first_seen ON leads (wallet_address, first_seen)`,
    ],
  },
  {
    id: 3,
    name: "leads signed by their wallet, single-use lead nonces, lead sessions, conversions from the purchase event",
    statements: [
      // A signed lead keeps the message and signature that prove it (older rows have none and never attribute).
      `ALTER TABLE leads ADD COLUMN chain_id INTEGER`,
      `ALTER TABLE leads ADD COLUMN signed_message TEXT`,
      `ALTER TABLE leads ADD COLUMN signature TEXT`,
      // Each chain's latest block when the lead was recorded (JSON {chainId: block}): a purchase counts for the
      // lead only in a later block.
      `ALTER TABLE leads ADD COLUMN chain_heads TEXT`,
      `CREATE TABLE lead_nonces (
        nonce TEXT PRIMARY KEY,
        wallet_address TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE lead_sessions (
        token_hash TEXT PRIMARY KEY,
        wallet_address TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      // What the purchase event says: who sent it, who got the tokens, the payment token, the chain's own amounts.
      `ALTER TABLE conversions ADD COLUMN buyer TEXT`,
      `ALTER TABLE conversions ADD COLUMN recipient TEXT`,
      `ALTER TABLE conversions ADD COLUMN payment_token TEXT`,
      `ALTER TABLE conversions ADD COLUMN block_time BIGINT`,
    ],
  },
  {
    id: 4,
    name: "owner console sign-in: server-issued single-use nonces, owner sessions",
    statements: [
      // Issued by POST /api/owner/nonce; a sign-in uses one once (used_at), before it expires.
      `CREATE TABLE owner_nonces (
        nonce TEXT PRIMARY KEY,
        issued_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT
      )`,
      `CREATE INDEX owner_nonces_expires ON owner_nonces (expires_at)`,
      // Only the token's hash is stored: a copy of the database opens no session.
      `CREATE TABLE owner_sessions (
        token_hash TEXT PRIMARY KEY,
        wallet_address TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX conversions_referrer ON conversions (referrer)`,
    ],
  },
];
