/**
 * Schema of the per-network deployment parameter files (deploy/params/<network>.json) and their resolution into
 * the exact values sent on chain. Every file is checked here before anything is sent: addresses, round table
 * (strictly increasing caps and end times, non-decreasing prices), splits (<= 100 %), chain-specific fields.
 *
 * Units in the files: token amounts in WHOLE tokens, prices in USD as decimal strings ("0.006"), times either
 * absolute unix seconds or "+<n>[s|m|h|d|w]" relative to `sale.anchor` ("deploy" = the chain's time at deploy).
 */
import fs from "node:fs";
import { roundTableErrors } from "@shaft/owner-actions";
import { getAddress, isAddress, parseUnits, ZeroAddress } from "ethers";
import { z } from "zod/v4";

/** An address, or one of the given keywords ("deployer", "mock"). One string schema so errors stay precise. */
const addressOr = (...keywords: string[]) =>
  z
    .string()
    // abort: getAddress below throws on what this check refused, so nothing after it may run.
    .refine((v) => keywords.includes(v) || isAddress(v), {
      abort: true,
      error: (issue) =>
        `"${String(issue.input)}" is not a valid address (checksum or length wrong)${keywords.length ? ` nor one of ${keywords.map((k) => `"${k}"`).join(", ")}` : ""}`,
    })
    .refine((v) => v.toLowerCase() !== ZeroAddress, { message: "the zero address is not allowed here" })
    .transform((v) => (keywords.includes(v) ? v : getAddress(v)));
const address = addressOr();
const addressOrDeployer = addressOr("deployer");
/** A contract that is either deployed from contracts/mocks ("mock") or already exists at an address. */
const source = addressOr("mock");
/** Base's L2CrossDomainMessenger predeploy (the same address on every OP Stack chain). */
export const L2_MESSENGER_PREDEPLOY = "0x4200000000000000000000000000000000000007";
/** Chain ids of the local pair: the only ones where the deploy installs the messengers itself ("mock"). */
const LOCAL_CHAIN_IDS = [31337, 31338];
const relTime = z.string().regex(/^\+\d+[smhdw]?$/, 'relative times look like "+3d", "+12h", "+0"');
const timeSpec = z.union([z.number().int().positive(), relTime]);
const whole = z.union([z.number().int().nonnegative().safe(), z.string().regex(/^\d+$/, "whole tokens: digits only")]);
const usd = z.string().regex(/^\d+(\.\d{1,18})?$/, 'USD price as a decimal string, e.g. "0.0065"');

/**
 * One round: cumulative cap, price, end time, and optionally Ethereum's quota of it in whole tokens (otherwise the
 * file's `sale.ethereumShareBps` of the round's size, rounded down). Both files of a pair carry the same table.
 */
export const roundSchema = z
  .object({ cap: whole, price: usd, endTime: timeSpec, ethereumQuota: whole.optional() })
  .strict();
export const splitSchema = z.object({ wallet: address, bps: z.number().int().min(1).max(10_000) }).strict();

/** The real contracts a chain needs, each an address, "mock" (a stand-in this project deploys) or null (none there). */
export const externalSchema = z
  .object({
    usdt: source.nullable(),
    usdc: source,
    ethUsdFeed: source,
    sequencerFeed: source.nullable(),
    sanctionsList: source.nullable(),
    multicall3: source,
    /**
     * OP Stack cross-domain messenger: on Ethereum Base's L1CrossDomainMessenger, on Base the L2 predeploy. "mock"
     * (local chains only): OP's own contracts from @eth-optimism/contracts-bedrock, deployed by the deploy (the
     * L1 messenger behind its portal; on Base the L2 messenger installed at the predeploy).
     */
    messenger: source,
  })
  .strict();

/** A field of `external` (deploy/canonical.ts keys its table by them). */
export type ExternalField = keyof z.infer<typeof externalSchema>;

export const paramsSchema = z
  .object({
    $schema: z.string().optional(),
    notes: z.union([z.string(), z.array(z.string())]).optional(),
    network: z.string(),
    chainId: z.number().int().positive(),
    chain: z.enum(["eth", "base"]),
    /** Owner/admin delay of AccessControlDefaultAdminRules (seconds). */
    adminDelay: z
      .number()
      .int()
      .nonnegative()
      .max(30 * 86_400),
    accounts: z
      .object({
        /** Base side only: the card on-ramps' buying accounts (CARD_PROVIDER_ROLE); empty on Ethereum. */
        cardProviders: z.array(address),
        paymentWallet: addressOrDeployer,
      })
      .strict(),
    splits: z.array(splitSchema),
    external: externalSchema,
    priceFeed: z
      .object({
        heartbeat: z.number().int().positive(),
        /** Answer of the mock ETH/USD feed (USD, decimal string); ignored for a real feed. */
        mockAnswer: usd.optional(),
      })
      .strict(),
    sequencer: z.object({ gracePeriod: z.number().int().nonnegative() }).strict().optional(),
    sanctionsEnabled: z.boolean(),
    sale: z
      .object({
        anchor: z.union([z.literal("deploy"), z.number().int().positive()]),
        startTime: timeSpec,
        endTime: timeSpec,
        maxTokensToBuy: whole,
        /**
         * Ethereum's quota of each round in basis points of the round's size (rounded down); a round's own
         * `ethereumQuota` overrides it. Base sells the rest. The same on both files of a pair.
         */
        ethereumShareBps: z.number().int().min(0).max(10_000).optional(),
        rounds: z.array(roundSchema).min(1).max(50),
      })
      .strict(),
    saleToken: z
      .object({
        name: z.string().min(1),
        symbol: z.string().min(1),
        supply: whole,
        /** Sale tokens sent to the presale at deploy (claims and buy-and-stake). */
        presaleFunding: whole,
      })
      .strict()
      .optional(),
    staking: z
      .object({
        apyBps: z.number().int().min(0).max(100_000),
        lockTime: z.number().int().nonnegative(),
        endTime: timeSpec,
        maxDepositLimit: whole,
        rewardFunding: whole,
      })
      .strict()
      .optional(),
    /** Dotted paths of values that could not be verified from an authoritative source; public deploys refuse them. */
    unverified: z.array(z.string()).optional(),
    /**
     * Testnets only: the `external` fields where a stand-in this project deploys ("mock") is wanted, each with why
     * (no canonical contract exists there). A public deploy refuses "mock" anywhere else, and on a mainnet id always.
     */
    standIns: z.partialRecord(externalSchema.keyof(), z.string().min(1)).optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
    if (p.chain === "eth") {
      if (p.external.usdt === null) issue(["external", "usdt"], "the Ethereum-side presale needs USDT");
      if (p.external.sequencerFeed !== null) issue(["external", "sequencerFeed"], "no sequencer feed on an L1");
      if (p.saleToken !== undefined) issue(["saleToken"], "no sale token on the Ethereum side (claims are on Base)");
      if (p.staking !== undefined) issue(["staking"], "no staking on the Ethereum side");
      if (p.accounts.cardProviders.length > 0)
        issue(["accounts", "cardProviders"], "card purchases exist on Base only: leave the list empty on Ethereum");
      if (p.external.messenger === L2_MESSENGER_PREDEPLOY)
        issue(["external", "messenger"], "the Ethereum side needs Base's L1CrossDomainMessenger, not the L2 predeploy");
    } else {
      if (p.external.messenger !== "mock" && p.external.messenger !== L2_MESSENGER_PREDEPLOY) {
        issue(
          ["external", "messenger"],
          `on Base the messenger is the L2CrossDomainMessenger predeploy ${L2_MESSENGER_PREDEPLOY}`,
        );
      }
      if (p.external.usdt !== null) issue(["external", "usdt"], "USDT is not sold on Base: set null");
      if (p.external.sequencerFeed === null)
        issue(["external", "sequencerFeed"], "Base needs the L2 sequencer uptime feed");
      if (p.sequencer === undefined) issue(["sequencer"], "Base needs sequencer.gracePeriod");
      if (p.saleToken === undefined) issue(["saleToken"], "Base needs the sale token");
      if (p.staking === undefined) issue(["staking"], "Base needs staking parameters");
    }
    if (p.external.messenger === "mock" && !LOCAL_CHAIN_IDS.includes(p.chainId)) {
      issue(
        ["external", "messenger"],
        "the deploy installs the OP Stack messengers only on the local chains: set the real OP Stack messenger address",
      );
    }
    if (p.sanctionsEnabled && p.external.sanctionsList === null)
      issue(["sanctionsEnabled"], "sanctions screening needs external.sanctionsList");
    // Round table: strictly increasing caps; non-decreasing prices; end times checked after resolution; each
    // round's Ethereum quota within its size.
    if (p.sale.ethereumShareBps === undefined && p.sale.rounds.some((r) => r.ethereumQuota === undefined))
      issue(
        ["sale", "ethereumShareBps"],
        "Ethereum's quota of each round is needed: set sale.ethereumShareBps (or an ethereumQuota on every round)",
      );
    let prevCap = 0n;
    let prevPrice = 0n;
    p.sale.rounds.forEach((r, i) => {
      const cap = BigInt(r.cap);
      const price = parseUnits(r.price, 18);
      if (cap <= prevCap)
        issue(
          ["sale", "rounds", i, "cap"],
          `round ${i + 1}: cap ${cap} is not above the previous cap ${prevCap} (caps are cumulative and strictly increasing)`,
        );
      if (r.ethereumQuota !== undefined && cap > prevCap && BigInt(r.ethereumQuota) > cap - prevCap)
        issue(
          ["sale", "rounds", i, "ethereumQuota"],
          `round ${i + 1}: Ethereum's quota ${r.ethereumQuota} is more than the round holds (${cap - prevCap})`,
        );
      if (price === 0n) issue(["sale", "rounds", i, "price"], `round ${i + 1}: price is zero`);
      if (price < prevPrice)
        issue(["sale", "rounds", i, "price"], `round ${i + 1}: price ${r.price} is below the previous round's`);
      prevCap = cap;
      prevPrice = price;
    });
    const max = BigInt(p.sale.maxTokensToBuy);
    if (max === 0n) issue(["sale", "maxTokensToBuy"], "maxTokensToBuy must be positive");
    if (max > prevCap) issue(["sale", "maxTokensToBuy"], `maxTokensToBuy ${max} exceeds the whole ladder (${prevCap})`);
    // Splits: at most 100 % in total, one entry per wallet.
    const total = p.splits.reduce((s, x) => s + x.bps, 0);
    if (total > 10_000) issue(["splits"], `splits add up to ${total / 100}% (> 100%)`);
    const seen = new Set<string>();
    p.splits.forEach((s, i) => {
      if (seen.has(s.wallet)) issue(["splits", i, "wallet"], `wallet ${s.wallet} appears twice`);
      seen.add(s.wallet);
    });
    if (p.saleToken !== undefined && p.staking !== undefined) {
      const used = BigInt(p.saleToken.presaleFunding) + BigInt(p.staking.rewardFunding);
      if (used > BigInt(p.saleToken.supply))
        issue(
          ["saleToken", "supply"],
          `presaleFunding + rewardFunding (${used}) exceed the supply (${p.saleToken.supply})`,
        );
    }
  });

export type DeployParams = z.infer<typeof paramsSchema>;

export class ParamsError extends Error {
  override name = "ParamsError";
}

function formatIssues(file: string, error: z.ZodError): string {
  return [
    `invalid parameters in ${file}:`,
    ...error.issues.map((i) => `  - ${i.path.join(".") || "(root)"}: ${i.message}`),
  ].join("\n");
}

/** Parses and validates a parameter object (already read from JSON). */
export function validateParams(raw: unknown, label = "parameters"): DeployParams {
  const parsed = paramsSchema.safeParse(raw);
  if (!parsed.success) throw new ParamsError(formatIssues(label, parsed.error));
  return parsed.data;
}

export function loadParams(file: string): DeployParams {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new ParamsError(`cannot read ${file}: ${(e as Error).message}`);
  }
  return validateParams(raw, file);
}

// ------------------------------------------------------------------ resolution

const UNIT: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

export function resolveTime(spec: number | string, anchor: number): number {
  if (typeof spec === "number") return spec;
  const m = /^\+(\d+)([smhdw]?)$/.exec(spec);
  if (m === null) throw new ParamsError(`bad time "${spec}"`);
  return anchor + Number(m[1]) * UNIT[m[2] || "s"];
}

export interface ResolvedRound {
  cap: bigint;
  price: bigint;
  endTime: bigint;
}

/** Exactly what goes on chain. Token amounts stay whole tokens except the `*Wei` fields. */
export interface ResolvedParams {
  network: string;
  chainId: number;
  chain: "eth" | "base";
  anchor: number;
  adminDelay: number;
  cardProviders: string[];
  paymentWallet: string;
  splits: { wallet: string; bps: number }[];
  external: DeployParams["external"];
  priceFeedHeartbeat: bigint;
  mockEthUsdAnswer: bigint; // 8 decimals
  sequencerGracePeriod: bigint;
  sanctionsEnabled: boolean;
  startTime: bigint;
  endTime: bigint;
  maxTokensToBuy: bigint;
  rounds: ResolvedRound[];
  /** Ethereum's quota of each round (whole tokens): the same array on both chains of a pair. */
  ethereumQuotas: bigint[];
  saleToken?: { name: string; symbol: string; supplyWei: bigint; presaleFundingWei: bigint };
  staking?: { apyBps: bigint; lockTime: bigint; endTime: bigint; maxDepositLimitWei: bigint; rewardFundingWei: bigint };
  unverified: string[];
}

export function resolveRounds(
  rounds: { cap: number | string; price: string; endTime: number | string }[],
  anchor: number,
): ResolvedRound[] {
  const out = rounds.map((r) => ({
    cap: BigInt(r.cap),
    price: parseUnits(r.price, 18),
    endTime: BigInt(resolveTime(r.endTime, anchor)),
  }));
  checkRounds(out);
  return out;
}

/**
 * Ethereum's quota of each round in whole tokens: the round's own `ethereumQuota`, else `ethereumShareBps` of its size
 * rounded down (Base sells the rest of the round).
 */
export function ethereumQuotasOf(sale: Pick<DeployParams["sale"], "ethereumShareBps" | "rounds">): bigint[] {
  let prevCap = 0n;
  return sale.rounds.map((r) => {
    const size = BigInt(r.cap) - prevCap;
    prevCap = BigInt(r.cap);
    if (r.ethereumQuota !== undefined) return BigInt(r.ethereumQuota);
    return (size * BigInt(sale.ethereumShareBps ?? 0)) / 10_000n;
  });
}

/** The round-table rules on resolved values: @shaft/owner-actions' roundTableErrors, as `admin set-rounds` and /owner check them. */
export function checkRounds(rounds: ResolvedRound[]): void {
  const errs = roundTableErrors(rounds);
  if (errs.length > 0) throw new ParamsError(`round table refused:\n  - ${errs.join("\n  - ")}`);
}

/**
 * Resolves relative times against `now` (the chain's latest block time when `sale.anchor` is "deploy") and
 * "deployer" against the deployer's address. Throws ParamsError on anything inconsistent.
 */
export function resolveParams(
  p: DeployParams,
  opts: { deployer: string; now: number; anchor?: number },
): ResolvedParams {
  const anchor = opts.anchor ?? (p.sale.anchor === "deploy" ? opts.now : p.sale.anchor);
  const who = (a: string) => (a === "deployer" ? getAddress(opts.deployer) : a);
  const rounds = resolveRounds(p.sale.rounds, anchor);
  const startTime = BigInt(resolveTime(p.sale.startTime, anchor));
  const endTime = BigInt(resolveTime(p.sale.endTime, anchor));
  const errs: string[] = [];
  if (startTime >= endTime) errs.push(`sale.startTime (${startTime}) must be before sale.endTime (${endTime})`);
  if (rounds[0].endTime <= startTime)
    errs.push(`round 1 ends (${rounds[0].endTime}) before the sale starts (${startTime})`);
  if (rounds[rounds.length - 1].endTime > endTime) errs.push(`the last round ends after sale.endTime`);
  if (endTime <= BigInt(opts.now))
    errs.push(`sale.endTime (${new Date(Number(endTime) * 1000).toISOString()}) is already in the past`);
  const staking = p.staking && {
    apyBps: BigInt(p.staking.apyBps),
    lockTime: BigInt(p.staking.lockTime),
    endTime: BigInt(resolveTime(p.staking.endTime, anchor)),
    maxDepositLimitWei: BigInt(p.staking.maxDepositLimit) * 10n ** 18n,
    rewardFundingWei: BigInt(p.staking.rewardFunding) * 10n ** 18n,
  };
  if (staking !== undefined && staking.endTime <= BigInt(opts.now)) errs.push("staking.endTime is already in the past");
  if (errs.length > 0) throw new ParamsError(`parameters of ${p.network} refused:\n  - ${errs.join("\n  - ")}`);
  return {
    network: p.network,
    chainId: p.chainId,
    chain: p.chain,
    anchor,
    adminDelay: p.adminDelay,
    cardProviders: p.accounts.cardProviders,
    paymentWallet: who(p.accounts.paymentWallet),
    splits: p.splits,
    external: p.external,
    priceFeedHeartbeat: BigInt(p.priceFeed.heartbeat),
    mockEthUsdAnswer: parseUnits(p.priceFeed.mockAnswer ?? "3000", 8),
    sequencerGracePeriod: BigInt(p.sequencer?.gracePeriod ?? 0),
    sanctionsEnabled: p.sanctionsEnabled,
    startTime,
    endTime,
    maxTokensToBuy: BigInt(p.sale.maxTokensToBuy),
    rounds,
    ethereumQuotas: ethereumQuotasOf(p.sale),
    saleToken: p.saleToken && {
      name: p.saleToken.name,
      symbol: p.saleToken.symbol,
      supplyWei: BigInt(p.saleToken.supply) * 10n ** 18n,
      presaleFundingWei: BigInt(p.saleToken.presaleFunding) * 10n ** 18n,
    },
    staking,
    unverified: p.unverified ?? [],
  };
}

/** `T` as it reads back from JSON after `toJsonSafe`: bigints become decimal strings. */
export type JsonSafe<T> = T extends bigint
  ? string
  : T extends readonly (infer U)[]
    ? JsonSafe<U>[]
    : T extends object
      ? { [K in keyof T]: JsonSafe<T[K]> }
      : T;

/** JSON-safe copy (bigints as decimal strings). */
export function toJsonSafe<T>(v: T): JsonSafe<T> {
  return JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? x.toString() : x))) as JsonSafe<T>;
}

/**
 * The parameters a deployment record keeps: the resolved values, JSON-safe. A local chain's record keeps its parameter
 * file's anchor and relative times instead, so that it reads the same after every restart.
 */
export type RecordedParams = Omit<
  JsonSafe<ResolvedParams>,
  "anchor" | "startTime" | "endTime" | "rounds" | "staking"
> & {
  anchor: number | "deploy";
  startTime: TimeSpec;
  endTime: TimeSpec;
  rounds: (Omit<JsonSafe<ResolvedRound>, "endTime"> & { endTime: TimeSpec })[];
  staking?: Omit<JsonSafe<NonNullable<ResolvedParams["staking"]>>, "endTime"> & { endTime: TimeSpec };
};
/** Unix seconds, a decimal string of them, or a time relative to the anchor ("+30d"). */
type TimeSpec = number | string;
