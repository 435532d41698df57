/**
 * Shared deployment fixtures for the mocha suites, the gas budget test and `scripts/bench/gas.ts`.
 *
 * Two in-process chains (see hardhat.config.ts): `hardhatEth` (l1, 31337, no sale token, USDT + USDC, no sequencer
 * feed) and `hardhatBase` (op, 31338, claim chain: sale token, staking, USDC only, sequencer uptime feed).
 * Accounts follow docs/CONVENTIONS.md: #0 owner, #1 keeper (relays; no role), #2 card provider, #3.. buyers; #9 payment wallet,
 * #8 split recipient.
 */
import { network } from "hardhat";
import type { ContractTransactionReceipt, ContractTransactionResponse } from "ethers";
import type { NetworkConnection } from "hardhat/types/network";
import type {
  BasePresale,
  EthereumPresale,
  HookToken,
  MockL1CrossDomainMessenger,
  MockL2CrossDomainMessenger,
  MockSanctionsList,
  MockUSDC,
  MockUSDT,
  MockV3Aggregator,
  SaleToken,
  Staking,
} from "../../../typechain-types/index.js";
import type { IBasePresale } from "../../../typechain-types/BasePresale.js";

export type ChainName = "hardhatEth" | "hardhatBase";
/** A connection to one simulated chain, with Hardhat's ethers (typed by typechain-types) and network helpers. */
export type Conn = NetworkConnection;
export type Signer = Awaited<ReturnType<Conn["ethers"]["getSigners"]>>[number];
/** Each chain's messenger stand-in: OP's L1 messenger on Ethereum, the L2 predeploy on Base. */
export type Messenger<N extends ChainName> = N extends "hardhatBase"
  ? MockL2CrossDomainMessenger
  : MockL1CrossDomainMessenger;
/** Each chain's presale: Ethereum's sells its quota for a named Base recipient, Base's sells the rest and pays out. */
export type PresaleOf<N extends ChainName> = N extends "hardhatBase" ? BasePresale : EthereumPresale;
/** The sale token: the real SaleToken, or in reentrancy tests a token that calls back into its recipients. */
export type SaleTokenLike = SaleToken | HookToken;

const connections = new Map<ChainName, Promise<Conn>>();

/** One cached connection per simulated chain (network.getOrCreate, not the deprecated connect). */
export function chain(name: ChainName): Promise<Conn> {
  let c = connections.get(name);
  if (c === undefined) {
    c = network.getOrCreate(name);
    connections.set(name, c);
  }
  return c;
}

// ------------------------------------------------------------------------------------------------ constants

export const TOKEN = 10n ** 18n; // sale-token wei per whole token
export const USD6 = 10n ** 6n;
export const DAY = 86_400n;
export const HEARTBEAT = 3_600n;
export const GRACE = 3_600n;
export const ETH_USD_8 = 3_000n * 10n ** 8n; // $3,000 with the feed's 8 decimals
export const ETH_USD_18 = 3_000n * 10n ** 18n;
export const MAX_TOKENS = 10_000_000n;
export const ROUND_SPACING = 30n * DAY;
export const APY_BPS = 1_500n;
export const LOCK = 30n * DAY;
export const STAKING_LENGTH = 365n * DAY;
export const SUPPLY = 1_000_000_000n * TOKEN;
/** A pair's default split: Ethereum's quota of each round in basis points (the deployment parameter's unit). */
export const ETH_SHARE_BPS = 4_000n;

/** OP Stack: the L2CrossDomainMessenger predeploy (Base) and the offset an L1 sender's address gets on L2. */
export const L2_MESSENGER = "0x4200000000000000000000000000000000000007";
export const ALIAS_OFFSET = 0x1111000000000000000000000000000000001111n;
/** Stand-ins on Base-only deployments: the L1 messenger and the Ethereum presale whose reports Base accepts. */
export const L1_MESSENGER_STANDIN = "0x00000000000000000000000000000000000011e1";
export const ETH_PRESALE_STANDIN = "0x000000000000000000000000000000000000e7e7";

export function aliased(l1: string): string {
  return "0x" + ((BigInt(l1) + ALIAS_OFFSET) % 2n ** 160n).toString(16).padStart(40, "0");
}

/** Spec section 9: cumulative caps (whole tokens) and USD prices (18 decimals). */
export const CAPS = [
  4_500_000n,
  10_000_000n,
  16_500_000n,
  23_500_000n,
  32_500_000n,
  43_000_000n,
  54_000_000n,
  64_000_000n,
  73_000_000n,
  80_000_000n,
];
export const PRICES = [
  "0.006",
  "0.0065",
  "0.007",
  "0.0075",
  "0.0085",
  "0.0095",
  "0.0105",
  "0.0115",
  "0.0125",
  "0.014",
].map((p) => BigInt(Math.round(Number(p) * 1e7)) * 10n ** 11n);

// ------------------------------------------------------------------------------------------------ reference model

export interface LadderState {
  step: number;
  checkPoint: bigint;
  caps: bigint[];
  prices: bigint[];
}

/** USD (18 decimals) for `amount` whole tokens from `state`, round by round (no time expiry). */
export function refUsd(amount: bigint, s: LadderState): bigint {
  let left = amount;
  let cp = s.checkPoint;
  let usd = 0n;
  for (let i = s.step; i < s.caps.length && left > 0n; i++) {
    const room = s.caps[i] - cp;
    const take = left < room ? left : room;
    usd += take * s.prices[i];
    left -= take;
    cp += take;
  }
  if (left > 0n) throw new Error("sold out");
  return usd;
}
export const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
export const refEth = (usd18: bigint, ethUsd18 = ETH_USD_18) => ceilDiv(usd18 * 10n ** 18n, ethUsd18);
export const refStable = (usd18: bigint) => ceilDiv(usd18, 10n ** 12n);

// ------------------------------------------------------------------------------------------------ deployment

/** Ethereum's quota of each round for a share in basis points of each round's size (rounded down). */
export function quotasFor(caps: bigint[], shareBps: bigint): bigint[] {
  return caps.map((cap, i) => ((cap - (i === 0 ? 0n : caps[i - 1])) * shareBps) / 10_000n);
}

export interface Deployment<N extends ChainName = ChainName> {
  conn: Conn;
  ethers: Conn["ethers"];
  helpers: Conn["networkHelpers"];
  chainName: N;
  signers: Signer[];
  owner: Signer;
  keeper: Signer;
  provider: Signer;
  buyers: Signer[];
  splitWallet: Signer;
  paymentWallet: Signer;
  presale: PresaleOf<N>;
  staking: Staking | null;
  token: SaleTokenLike | null;
  usdt: MockUSDT | null;
  usdc: MockUSDC;
  feed: MockV3Aggregator;
  seqFeed: MockV3Aggregator | null;
  sanctions: MockSanctionsList;
  /** Ethereum: the MockL1CrossDomainMessenger; Base: the MockL2CrossDomainMessenger at the predeploy address. */
  messenger: Messenger<N>;
  t0: bigint; // deployment timestamp
  roundEnds: bigint[];
  start: bigint;
  end: bigint;
}

export interface DeployOptions {
  caps?: bigint[];
  prices?: bigint[];
  roundEnds?: bigint[];
  /** Ethereum's quota of each round (default: a lone chain owns every round, Ethereum all of it, Base none of it). */
  ethereumQuotas?: bigint[];
  maxTokensToBuy?: bigint;
  /** Seconds after deployment the sale starts (0 = now). */
  startDelay?: bigint;
  /** Optional replacement for the sale token constructor argument (e.g. a hook token for reentrancy tests). */
  saleToken?: string;
  /** Optional replacement for the staking stake token. */
  stakeToken?: string;
  stakingMaxDeposit?: bigint;
  link?: boolean; // link presale and staking (default true)
  /** Base: the L1 messenger whose aliased address may deliver (default a stand-in address). */
  l1Messenger?: string;
  /** The other chain's presale (default on Base: ETH_PRESALE_STANDIN; on Ethereum: none, set by the caller). */
  remotePresale?: string | null;
}

export async function now(conn: Conn): Promise<bigint> {
  return BigInt(await conn.networkHelpers.time.latest());
}

export async function deploy<N extends ChainName>(chainName: N, o: DeployOptions = {}): Promise<Deployment<N>> {
  const conn = await chain(chainName);
  const { ethers } = conn;
  const signers = await ethers.getSigners();
  const [owner, keeper, provider] = signers;
  const buyers = signers.slice(3, 8);
  const splitWallet = signers[8];
  const paymentWallet = signers[9];
  const isBase = chainName === "hardhatBase";

  const t0 = await now(conn);
  const usdc = await ethers.deployContract("MockUSDC");
  const usdt = isBase ? null : await ethers.deployContract("MockUSDT");
  const feed = await ethers.deployContract("MockV3Aggregator", [8, ETH_USD_8, "ETH / USD"]);
  const seqFeed = isBase ? await ethers.deployContract("MockV3Aggregator", [0, 0, "L2 sequencer uptime"]) : null;
  if (seqFeed) {
    // The sequencer has been up for a day: outside the grace period.
    await seqFeed.updateRoundData(1, 0, t0 - DAY, t0 - DAY);
  }
  const sanctions = await ethers.deployContract("MockSanctionsList");
  const token = isBase ? await ethers.deployContract("SaleToken", ["Shaft", "SHAFT", SUPPLY, owner.address]) : null;
  const messenger = isBase
    ? await installL2Messenger(conn, o.l1Messenger ?? L1_MESSENGER_STANDIN)
    : await ethers.deployContract("MockL1CrossDomainMessenger");
  const ladderBook = await ethers.deployContract("LadderBook");

  const caps = o.caps ?? CAPS;
  const prices = o.prices ?? PRICES;
  const roundEnds = o.roundEnds ?? caps.map((_, i) => t0 + ROUND_SPACING * BigInt(i + 1));
  const start = t0 + (o.startDelay ?? 0n);
  const end = roundEnds[roundEnds.length - 1];
  const ethereumQuotas = o.ethereumQuotas ?? quotasFor(caps, isBase ? 0n : 10_000n);
  const params = {
    owner: owner.address,
    adminDelay: 0,
    usdt: usdt ? await usdt.getAddress() : ethers.ZeroAddress,
    usdc: await usdc.getAddress(),
    priceFeed: await feed.getAddress(),
    priceFeedHeartbeat: HEARTBEAT,
    sequencerFeed: seqFeed ? await seqFeed.getAddress() : ethers.ZeroAddress,
    sequencerGracePeriod: seqFeed ? GRACE : 0n,
    paymentWallet: paymentWallet.address,
    startTime: start,
    endTime: end,
    maxTokensToBuy: o.maxTokensToBuy ?? MAX_TOKENS,
    caps,
    prices,
    endTimes: roundEnds,
    ethereumQuotas,
    messenger: await messenger.getAddress(),
  };
  const libraries = { libraries: { LadderBook: await ladderBook.getAddress() } };
  const saleTokenAddress = o.saleToken ?? (token ? await token.getAddress() : ethers.ZeroAddress);
  // `isBase` decides which presale is deployed; TypeScript cannot tie it to `N` on its own.
  const presale = (
    isBase
      ? await ethers.deployContract("BasePresale", [params, saleTokenAddress], libraries)
      : await ethers.deployContract("EthereumPresale", [params], libraries)
  ) as PresaleOf<N>;
  const remote = o.remotePresale === undefined ? (isBase ? ETH_PRESALE_STANDIN : null) : o.remotePresale;
  if (remote !== null) await presale.setRemotePresale(remote);
  if (isBase)
    await (presale as BasePresale).grantRole(await (presale as BasePresale).CARD_PROVIDER_ROLE(), provider.address);

  let staking: Staking | null = null;
  if (isBase) {
    const stakeToken = o.stakeToken ?? saleTokenAddress;
    staking = await ethers.deployContract("Staking", [
      owner.address,
      stakeToken,
      APY_BPS,
      LOCK,
      t0 + STAKING_LENGTH,
      o.stakingMaxDeposit ?? 0n,
    ]);
    if (o.link !== false) {
      await staking.setPresale(await presale.getAddress());
      await (presale as BasePresale).setStaking(await staking.getAddress());
    }
  }

  // Buyers get stablecoins and allowances ready (USDT approve only from zero).
  for (const b of buyers) {
    await usdc.mint(b.address, 1_000_000n * USD6);
    await usdc.connect(b).approve(await presale.getAddress(), ethers.MaxUint256);
    if (usdt) {
      await usdt.mint(b.address, 1_000_000n * USD6);
      await usdt.connect(b).approve(await presale.getAddress(), ethers.MaxUint256);
    }
  }

  return {
    conn,
    ethers,
    helpers: conn.networkHelpers,
    chainName,
    signers,
    owner,
    keeper,
    provider,
    buyers,
    splitWallet,
    paymentWallet,
    presale,
    staking,
    token,
    usdt,
    usdc,
    feed,
    seqFeed,
    sanctions,
    t0,
    roundEnds,
    start,
    end,
    // `isBase` decided which messenger was deployed; TypeScript cannot tie it to `N` on its own.
    messenger: messenger as Messenger<N>,
  };
}

/** Deploys the L2 messenger stand-in and installs its runtime code at the predeploy address (as on Base). */
export async function installL2Messenger(conn: Conn, l1Messenger: string): Promise<MockL2CrossDomainMessenger> {
  const deployed = await conn.ethers.deployContract("MockL2CrossDomainMessenger", [l1Messenger]);
  const code = await conn.ethers.provider.getCode(await deployed.getAddress());
  await conn.networkHelpers.setCode(L2_MESSENGER, code);
  return conn.ethers.getContractAt("MockL2CrossDomainMessenger", L2_MESSENGER);
}

/** One relayed leg in a report (whole tokens): `receiveEthereumReport`'s deposit entries. */
export type RelayedDeposit = IBasePresale.RelayedDepositStruct;

/** Ethereum's side of a report, as `receiveEthereumReport` takes it. */
export interface EthereumReport {
  deposits?: RelayedDeposit[];
  quotas?: bigint[];
  used?: bigint[];
  tokensSold?: bigint;
  usdRaised?: bigint;
  closed?: boolean;
}

/** A relayed leg for `recipient` (defaults: the buyer itself, leg 0). */
export function leg(buyer: string, tokens: bigint, recipient = buyer, legIndex = 0n): RelayedDeposit {
  return { buyer, leg: legIndex, recipient, tokens };
}

/** Base gas a report needs: what the Ethereum presale asks the messenger for (EthereumPresale.relayGasLimit). */
export function reportGas(deposits: number, rounds = CAPS.length): bigint {
  return 120_000n + 60_000n * BigInt(deposits) + 12_000n * BigInt(rounds);
}

let standInNonce = 0n;

/**
 * Delivers a report to the Base presale as the OP Stack does: the aliased L1 messenger calls `relayMessage` on the
 * predeploy with the Ethereum presale (stand-in by default) as sender. Returns the transaction.
 */
export async function deliverReport(
  d: Deployment,
  r: EthereumReport,
  sender = ETH_PRESALE_STANDIN,
  l1 = L1_MESSENGER_STANDIN,
) {
  if (!onBase(d)) throw new Error("reports are delivered on Base");
  const data = d.presale.interface.encodeFunctionData("receiveEthereumReport", [
    r.deposits ?? [],
    r.quotas ?? [],
    r.used ?? [],
    r.tokensSold ?? 0n,
    r.usdRaised ?? 0n,
    r.closed ?? false,
  ]);
  const nonce = (1n << 240n) | standInNonce++;
  const relayer = await impersonate(d, aliased(l1));
  // An explicit gas limit: like OP's messenger, the stand-in records a message relayed with too little gas as failed
  // instead of reverting, so a gas estimate would find that cheaper path.
  const minGas = reportGas((r.deposits ?? []).length);
  return d.messenger
    .connect(relayer)
    .relayMessage(nonce, sender, await d.presale.getAddress(), 0n, minGas, data, { gasLimit: minGas * 2n + 200_000n });
}

/** A signer for `address` with some ETH (for the aliased messenger and other impersonations). */
export async function impersonate(d: Deployment, address: string) {
  await d.helpers.impersonateAccount(address);
  await d.helpers.setBalance(address, 10n ** 20n);
  return d.ethers.getSigner(address);
}

/** On a Base deployment with the Ethereum stand-in: delivers Ethereum's close with `tokensSold` (default none). */
export async function closeEthereumStandIn(d: Deployment, r: EthereumReport = {}) {
  return deliverReport(d, { ...r, closed: true });
}

/** Narrows a deployment to Base (the chain with the L2 messenger, the sale token and staking). */
export function onBase(d: Deployment): d is Deployment<"hardhatBase"> {
  return d.chainName === "hardhatBase";
}

export const deployEth = (): Promise<Deployment<"hardhatEth">> => deploy("hardhatEth");
export const deployBase = (): Promise<Deployment<"hardhatBase">> => deploy("hardhatBase");

/** Moves time forward and republishes the ETH/USD answer so the feed is fresh (and the sequencer stays up). */
export async function advance(d: Deployment, seconds: bigint): Promise<void> {
  await d.helpers.time.increase(seconds);
  await d.feed.updateAnswer(ETH_USD_8);
}

export async function advanceTo(d: Deployment, ts: bigint): Promise<void> {
  await d.helpers.time.increaseTo(ts);
  await d.feed.updateAnswer(ETH_USD_8);
}

/** Funds the presale with enough sale tokens for everything sold and opens the claim now. */
export async function openClaim(d: Deployment, extra = 0n): Promise<bigint> {
  if (!onBase(d)) throw new Error("the claim opens on Base");
  const sold = await d.presale.totalTokensSold();
  const need = sold * TOKEN + extra;
  const bal = await d.token!.balanceOf(await d.presale.getAddress());
  if (bal < need) await d.token!.transfer(await d.presale.getAddress(), need - bal);
  if (!(await d.presale.remoteSaleClosed())) await closeEthereumStandIn(d);
  // Claim from the next block on: startClaim is mined at >= ts, so every later transaction is after the start.
  const ts = (await now(d.conn)) + 1n;
  await d.presale.startClaim(ts);
  return ts;
}

/**
 * Buys `amount` tokens with exactly the quoted ETH: on Base for the buyer (staked if `stake`), on Ethereum for the
 * buyer's own address on Base unless `recipient` names another.
 */
export async function buyEth(d: Deployment, buyer: Signer, amount: bigint, stake = false, recipient?: string) {
  const cost = await d.presale.ethBuyHelper(amount);
  if (onBase(d)) return d.presale.connect(buyer).buyWithEth(amount, stake, { value: cost });
  return (d.presale as EthereumPresale).connect(buyer).buyWithEth(amount, recipient ?? buyer.address, { value: cost });
}

/** Buys `amount` tokens with USDC for at most `maxCost` (default the quote), on either chain, for the buyer. */
export async function buyUsdc(d: Deployment, buyer: Signer, amount: bigint, maxCost?: bigint, stake = false) {
  const cost = maxCost ?? (await d.presale.usdcBuyHelper(amount));
  if (onBase(d)) return d.presale.connect(buyer).buyWithUSDC(amount, cost, stake);
  return (d.presale as EthereumPresale).connect(buyer).buyWithUSDC(amount, cost, buyer.address);
}

/** Gives `who` sale tokens and approves staking. */
export async function giveStakeTokens(d: Deployment, who: Signer, amount: bigint) {
  await d.token!.transfer(who.address, amount);
  await d.token!.connect(who).approve(await d.staking!.getAddress(), d.ethers.MaxUint256);
}

export async function fundRewards(d: Deployment, amount: bigint) {
  await d.token!.approve(await d.staking!.getAddress(), amount);
  await d.staking!.fundRewards(amount);
}

/** The receipt of a sent transaction (ethers types it nullable, for transactions that are dropped or replaced). */
export async function receiptOf(txp: Promise<ContractTransactionResponse>): Promise<ContractTransactionReceipt> {
  const receipt = await (await txp).wait();
  if (receipt === null) throw new Error("transaction was not mined");
  return receipt;
}

/** The timestamp of the block that mined the transaction. */
export async function minedAt(d: Deployment, txp: Promise<ContractTransactionResponse>): Promise<bigint> {
  const block = await d.ethers.provider.getBlock((await receiptOf(txp)).blockNumber);
  if (block === null) throw new Error("block not found");
  return BigInt(block.timestamp);
}

export async function txGas(txp: Promise<ContractTransactionResponse>): Promise<bigint> {
  return (await receiptOf(txp)).gasUsed;
}

const FIXTURES: { [N in ChainName]: () => Promise<Deployment<N>> } = { hardhatEth: deployEth, hardhatBase: deployBase };

/** The standard deployment of `name`, restored from a snapshot after the first call (networkHelpers.loadFixture). */
export async function load<N extends ChainName>(name: N): Promise<Deployment<N>> {
  const c = await chain(name);
  return c.networkHelpers.loadFixture(FIXTURES[name]);
}

export const CHAINS: ChainName[] = ["hardhatEth", "hardhatBase"];

/** Ladder state read from the contract, for the reference model. */
export async function ladder(d: Deployment): Promise<LadderState> {
  const caps: bigint[] = [...(await d.presale.roundDetails(0))];
  const prices: bigint[] = [...(await d.presale.roundDetails(1))];
  return { step: Number(await d.presale.currentStep()), checkPoint: await d.presale.checkPoint(), caps, prices };
}

// ------------------------------------------------------------------------------------------------ two chains

/** Ethereum and Base presales linked through the messenger stand-ins, and the relayer that plays the bridge. */
export interface Pair {
  eth: Deployment<"hardhatEth">;
  base: Deployment<"hardhatBase">;
  /** Delivers every message sent on Ethereum since the last call to Base, in order; returns the receipts. */
  deliverAll: () => Promise<ContractTransactionReceipt[]>;
  /** The messages sent on Ethereum and not yet delivered (oldest first), for delayed or reordered delivery. */
  pending: () => Promise<SentMessage[]>;
  /** Delivers one message as the OP Stack's deposit would (from the aliased L1 messenger). */
  deliver: (m: SentMessage) => Promise<ContractTransactionReceipt>;
  /** Moves both chains' clocks to `ts` (and refreshes both feeds). */
  advanceBothTo: (ts: bigint) => Promise<void>;
}

export interface SentMessage {
  target: string;
  sender: string;
  message: string;
  messageNonce: bigint;
  gasLimit: bigint;
}

/** Deploys both chains with the same table (round end times and Ethereum's quotas), each presale the other's remote. */
export async function deployPair(o: DeployOptions = {}): Promise<Pair> {
  const connE = await chain("hardhatEth");
  const connB = await chain("hardhatBase");
  const t = (await now(connE)) > (await now(connB)) ? await now(connE) : await now(connB);
  await connE.networkHelpers.time.increaseTo(t + 1n);
  await connB.networkHelpers.time.increaseTo(t + 1n);
  const caps = o.caps ?? CAPS;
  const roundEnds = o.roundEnds ?? caps.map((_, i) => t + 100n + ROUND_SPACING * BigInt(i + 1));
  const ethereumQuotas = o.ethereumQuotas ?? quotasFor(caps, ETH_SHARE_BPS);
  const eth = await deploy("hardhatEth", { ...o, roundEnds, ethereumQuotas, remotePresale: null });
  const base = await deploy("hardhatBase", {
    ...o,
    roundEnds,
    ethereumQuotas,
    remotePresale: null,
    l1Messenger: await eth.messenger.getAddress(),
  });
  await eth.presale.setRemotePresale(await base.presale.getAddress());
  await base.presale.setRemotePresale(await eth.presale.getAddress());
  let delivered = -1n;

  const pending = async (): Promise<SentMessage[]> => {
    const logs = await eth.messenger.queryFilter(eth.messenger.filters.SentMessage());
    return logs
      .map((l) => ({
        target: l.args.target,
        sender: l.args.sender,
        message: l.args.message,
        messageNonce: l.args.messageNonce,
        gasLimit: l.args.gasLimit,
      }))
      .filter((m) => (m.messageNonce & ((1n << 240n) - 1n)) > delivered);
  };
  const deliver = async (m: SentMessage) => {
    const relayer = await impersonate(base, aliased(await eth.messenger.getAddress()));
    const receipt = await receiptOf(
      base.messenger.connect(relayer).relayMessage(m.messageNonce, m.sender, m.target, 0n, m.gasLimit, m.message, {
        gasLimit: m.gasLimit * 2n + 200_000n,
      }),
    );
    const n = m.messageNonce & ((1n << 240n) - 1n);
    if (n > delivered) delivered = n;
    return receipt;
  };
  const deliverAll = async () => {
    const out = [];
    for (const m of await pending()) out.push(await deliver(m));
    return out;
  };
  const advanceBothTo = async (ts: bigint) => {
    await advanceTo(eth, ts);
    await advanceTo(base, ts);
  };
  return { eth, base, deliverAll, pending, deliver, advanceBothTo };
}
