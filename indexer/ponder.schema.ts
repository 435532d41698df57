/**
 * What the indexer keeps: one row per event a buyer or an owner cares about, plus the little state the handlers need
 * to interpret the next event (each chain's position on its share of the ladder, each Ethereum buyer's current leg).
 * Every table is an onchain table: Ponder reverts its rows on a reorg and resumes it after a restart, so nothing here
 * lives in memory between events. Addresses are lowercase hex; token amounts are whole tokens (docs/CONVENTIONS.md,
 * Units) except claims and staking (sale-token wei); `usd` is USD with 18 decimals as the contracts emit it.
 */
import { index, onchainTable, primaryKey, type PgColumnsBuilders } from "ponder";

/** The columns every event's row starts with: which event (`<chainId>:<txHash>:<logIndex>`), where and when. */
const eventColumns = (t: PgColumnsBuilders) => ({
  id: t.text().primaryKey(),
  chainId: t.integer().notNull(),
  txHash: t.hex().notNull(),
  blockNumber: t.bigint().notNull(),
  timestamp: t.bigint().notNull(),
});

/**
 * A purchase on either chain (`TokensBought`) and the rounds it was priced in. An Ethereum purchase's way to Base is
 * not stored on it: it is carried by the first relay of its buyer after it (a relay always carries all of a buyer's
 * unrelayed tokens), found by position (block, log index) when read, so no event ever rewrites older rows.
 */
export const purchase = onchainTable(
  "purchase",
  (t) => ({
    ...eventColumns(t),
    logIndex: t.integer().notNull(),
    /** Who sent it (a card purchase: the card provider). */
    buyer: t.hex().notNull(),
    /** Who owns the tokens as the purchase named them (on Ethereum: the Base recipient). */
    recipient: t.hex().notNull(),
    /** Zero address for ETH. */
    payToken: t.hex().notNull(),
    paid: t.bigint().notNull(),
    tokens: t.bigint().notNull(),
    usd: t.bigint().notNull(),
    staked: t.boolean().notNull(),
    /** A card purchase (Base, sent by someone else for the recipient). */
    card: t.boolean().notNull(),
    /** First and last round (0-based) the tokens were priced in. */
    firstRound: t.integer().notNull(),
    lastRound: t.integer().notNull(),
  }),
  (table) => ({
    // "My activity": a wallet's purchases as buyer (on Ethereum: also those of buyers pointed at it) or recipient.
    buyerIdx: index().on(table.buyer, table.chainId),
    recipientIdx: index().on(table.recipient),
    // The console's export pages through every purchase in (timestamp, id) order: read in index order, not sorted.
    timeIdIdx: index().on(table.timestamp, table.id),
  }),
);

/** What a purchase bought in each round it spanned. */
export const purchaseRound = onchainTable(
  "purchase_round",
  (t) => ({
    purchaseId: t.text().notNull(),
    chainId: t.integer().notNull(),
    round: t.integer().notNull(),
    tokens: t.bigint().notNull(),
    usd: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.purchaseId, table.round] }),
    chainRoundIdx: index().on(table.chainId, table.round),
  }),
);

/** What each chain sold in each round (the sum of `purchase_round`, kept as purchases arrive: the console reads it). */
export const roundSales = onchainTable(
  "round_sales",
  (t) => ({
    chainId: t.integer().notNull(),
    round: t.integer().notNull(),
    purchases: t.integer().notNull(),
    tokens: t.bigint().notNull(),
    usd: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.round] }) }),
);

/** A report Ethereum sent to Base (`Relayed`; `closeSale` sends one too), with the messenger's copy of it. */
export const relay = onchainTable(
  "relay",
  (t) => ({
    /** `id`: the `Relayed` event's. */
    ...eventColumns(t),
    sender: t.hex().notNull(),
    buyers: t.integer().notNull(),
    tokensSold: t.bigint().notNull(),
    usdRaised: t.bigint().notNull(),
    closed: t.boolean().notNull(),
    /** The L1 messenger's nonce of the message (null when the messenger's event was not seen). */
    messageNonce: t.bigint(),
    gasLimit: t.bigint(),
    /** Ethereum's quota and use of each round as reported (JSON arrays of decimal strings). */
    quotas: t.json().$type<string[]>(),
    used: t.json().$type<string[]>(),
  }),
  (table) => ({ timeIdx: index().on(table.timestamp) }),
);

/** One buyer's leg carried by a relay: the leg's cumulative total, for its recipient. */
export const relayLeg = onchainTable(
  "relay_leg",
  (t) => ({
    relayId: t.text().notNull(),
    /** The relay's position on Ethereum: the purchases of `buyer` before it and after the previous one are in it. */
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    buyer: t.hex().notNull(),
    leg: t.integer().notNull(),
    recipient: t.hex().notNull(),
    /** Cumulative whole tokens of the leg relayed so far (what Base credits up to). */
    tokens: t.bigint().notNull(),
    /** Whole tokens this relay added to the leg. */
    added: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.relayId, table.buyer] }),
    buyerPosIdx: index().on(table.buyer, table.blockNumber, table.logIndex),
    legIdx: index().on(table.buyer, table.leg),
    recipientIdx: index().on(table.recipient),
  }),
);

/** Base credited a relayed leg (`RemoteDepositImported`). */
export const depositImport = onchainTable(
  "deposit_import",
  (t) => ({
    ...eventColumns(t),
    recipient: t.hex().notNull(),
    buyer: t.hex().notNull(),
    leg: t.integer().notNull(),
    /** The leg's cumulative total after this import. */
    tokens: t.bigint().notNull(),
    credited: t.bigint().notNull(),
  }),
  (table) => ({
    legIdx: index().on(table.buyer, table.leg),
    recipientIdx: index().on(table.recipient),
  }),
);

/** A report delivered on Base (`EthereumReportReceived`). */
export const reportReceived = onchainTable(
  "report_received",
  (t) => ({
    ...eventColumns(t),
    deposits: t.integer().notNull(),
    tokensSold: t.bigint().notNull(),
    usdRaised: t.bigint().notNull(),
    closed: t.boolean().notNull(),
  }),
  (table) => ({ timeIdx: index().on(table.timestamp) }),
);

/** Claims on Base (`TokensClaimed`), to the wallet or into staking. Sale-token wei. */
export const claim = onchainTable(
  "claim",
  (t) => ({
    ...eventColumns(t),
    user: t.hex().notNull(),
    amount: t.bigint().notNull(),
    staked: t.boolean().notNull(),
  }),
  (table) => ({ userIdx: index().on(table.user) }),
);

/** Staking's own events for a user: deposits, harvests, withdrawals. Sale-token wei. */
export const stakingEvent = onchainTable(
  "staking_event",
  (t) => ({
    ...eventColumns(t),
    kind: t.text().$type<"stake" | "harvest" | "withdrawal">().notNull(),
    user: t.hex().notNull(),
    amount: t.bigint().notNull(),
    /** Deposits: made by the presale (buy-and-stake, claim-and-stake, card), and the unlock time set. */
    viaPresale: t.boolean(),
    unlockTime: t.bigint(),
  }),
  (table) => ({ userIdx: index().on(table.user), kindIdx: index().on(table.kind, table.timestamp) }),
);

/** Every owner, admin or role event on either presale or staking, as emitted (and the close of Ethereum's sale). */
export const ownerAction = onchainTable(
  "owner_action",
  (t) => ({
    ...eventColumns(t),
    contract: t.text().$type<"Presale" | "Staking">().notNull(),
    event: t.text().notNull(),
    /** The event's arguments, bigints as decimal strings. */
    args: t.json().$type<Record<string, unknown>>().notNull(),
    sender: t.hex().notNull(),
  }),
  (table) => ({ timeIdx: index().on(table.timestamp) }),
);

/** Each chain's position on its share of the ladder and its totals, as the events tell them. */
export const chainState = onchainTable("chain_state", (t) => ({
  chainId: t.integer().primaryKey(),
  roundCount: t.integer().notNull(),
  /** Each round's cap, price and Ethereum quota (decimal strings): what a purchase's walk needs, in the row it reads. */
  terms: t.json().$type<{ cap: string; price: string; ethereumQuota: string }[]>().notNull(),
  step: t.integer().notNull(),
  /** This chain's use of its share of the current round. */
  used: t.bigint().notNull(),
  tokensSold: t.bigint().notNull(),
  usdRaised: t.bigint().notNull(),
  purchases: t.integer().notNull(),
  buyers: t.integer().notNull(),
  paused: t.boolean().notNull(),
  /** Ethereum closed (`SaleFinalized`); Base: the claim start is set. */
  closed: t.boolean().notNull(),
  /**
   * The ladder events a purchase emits before its `TokensBought` (expired rounds, the new step), gathered until that
   * purchase reads them: `pendingTx` is the transaction they came from.
   */
  pendingTx: t.hex(),
  pendingExpired: t.json().$type<number[]>(),
  pendingStep: t.integer(),
  /** Ethereum: the messenger's copy of the report being sent in `pendingTx` (read by `Relayed`). */
  pendingReport: t.json().$type<PendingReport>(),
}));

export interface PendingReport {
  txHash: `0x${string}`;
  nonce: string;
  gasLimit: string;
  /** Who sent the message (the Ethereum presale for a genuine report). */
  sender: `0x${string}`;
  legs: { buyer: `0x${string}`; leg: number; recipient: `0x${string}`; tokens: string }[];
  quotas: string[];
  used: string[];
}

/** Each round as this chain knows it: cap (cumulative), price, end time and this chain's share of it. */
export const ladderRound = onchainTable(
  "ladder_round",
  (t) => ({
    chainId: t.integer().notNull(),
    round: t.integer().notNull(),
    cap: t.bigint().notNull(),
    price: t.bigint().notNull(),
    endTime: t.bigint().notNull(),
    /** Ethereum's quota of the round as this chain holds it (Base: the lowest reported). */
    ethereumQuota: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.round] }) }),
);

/** An Ethereum buyer's current leg, as `buyerInfo` holds it: which purchases are not on their way to Base yet. */
export const ethBuyer = onchainTable("eth_buyer", (t) => ({
  buyer: t.hex().primaryKey(),
  recipient: t.hex().notNull(),
  leg: t.integer().notNull(),
  tokens: t.bigint().notNull(),
  relayed: t.bigint().notNull(),
  /** When the oldest unrelayed purchase was made (null when everything is relayed). */
  waitingSince: t.bigint(),
}));

/** One row per (chain, buyer): the buyer count and per-buyer totals for the console. */
export const buyer = onchainTable(
  "buyer",
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    purchases: t.integer().notNull(),
    tokens: t.bigint().notNull(),
    usd: t.bigint().notNull(),
    firstAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.address] }) }),
);

/** Sales per chain, UTC day and payment token: the console's daily chart and USD per token. */
export const dailySales = onchainTable(
  "daily_sales",
  (t) => ({
    chainId: t.integer().notNull(),
    /** Unix seconds of the UTC day's start. */
    day: t.bigint().notNull(),
    payToken: t.hex().notNull(),
    purchases: t.integer().notNull(),
    tokens: t.bigint().notNull(),
    usd: t.bigint().notNull(),
    paid: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.day, table.payToken] }) }),
);
