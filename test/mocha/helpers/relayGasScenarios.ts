/**
 * Ethereum's `relay` on OP's own L1 messenger and portal (scripts/lib/opstack.ts) and the reports it sends, as Base
 * runs them: the `relay` section of reports/gas.json, shared by `npm run bench:gas` and test/mocha/gas.test.ts.
 *
 * The setting is the worst report: every buyer a contract (OneTokenBuyer) whose first leg names a recipient of its
 * own (on Base a new mark and a new deposit), Ethereum's use in every round and its close (every round's quota and
 * use changed on Base). Each relay runs from the same chain state (evm_snapshot / evm_revert) in a block whose base
 * fee is set (hardhat_setNextBlockBaseFeePerGas) with the deposit base fee at its floor (the first deposit in its
 * block); its deposit then runs, exactly as the OP node derives it, on a Base that has received nothing yet.
 *
 * The portal's metering burns L1 gas for the L2 gas a message buys: deposit gas × deposit base fee / max(L1 base
 * fee, 1 gwei). A batch fits when its transaction stays within EIP-7825's 2^24 gas and its deposit within the
 * portal's per-block cap (maxResourceLimit). Above MAX_RELAY_BUYERS the contract refuses a batch, so the largest
 * batch that fits is extrapolated from the two largest measured batches (the gas is affine in the buyers).
 */
import { toBeHex } from "ethers";
import { OptimismPortal__factory, SystemConfig__factory } from "../../../typechain-types/opstack/index.js";
import { OPSTACK_PACKAGE, OPSTACK_VERSION } from "../../../scripts/lib/opstack-artifacts.js";
import { MAX_TRANSACTION_GAS } from "../../../scripts/lib/opstack-gas.js";
import { baseGas, PREDEPLOYS } from "../../../scripts/lib/opstack.js";
import { presaleCallGas, relayed } from "./attack.js";
import { CAPS, PRICES, buyEth, deployPair, type Conn, type Pair, type SentMessage } from "./fixtures.js";

const GWEI = 10n ** 9n;
/** L1 base fees the relay is measured at (gwei). */
export const RELAY_BASE_FEES_GWEI = [1, 10, 30] as const;
export type FeeKey = `${(typeof RELAY_BASE_FEES_GWEI)[number]}`;
/** Batches measured besides the full one (MAX_RELAY_BUYERS). */
const BATCHES = [1, 10, 50];

export interface RelayBatchGas {
  buyers: number;
  /** The report's bytes and the L2 gas it asks for (relayGasLimit); the deposit's gas limit (the messenger's baseGas). */
  messageBytes: number;
  minGasLimit: number;
  depositGasLimit: number;
  /** Ethereum gas of the relay transaction per L1 base fee (null: above EIP-7825's cap, not sent). */
  ethereumGas: Record<FeeKey, number | null>;
  /** The same divided by the buyers. */
  ethereumGasPerBuyer: Record<FeeKey, number | null>;
  /** L2 gas the Base presale's receiveEthereumReport used in the delivery. */
  baseReportGasUsed: number;
}

export interface RelayGasReport {
  setting: {
    bridge: string;
    /** Base's SystemConfig ResourceConfig on Ethereum mainnet, as deployed locally. */
    resourceConfig: Record<string, string>;
    depositBaseFeeGwei: number;
    maxTransactionGas: number;
    rounds: number;
    report: string;
  };
  maxRelayBuyers: number;
  batches: RelayBatchGas[];
  /** The most buyers one relay can carry at each L1 base fee, and what bounds it. */
  largestBatch: Record<FeeKey, { buyers: number; limitedBy: "EIP-7825" | "portal"; extrapolated: boolean }>;
  /** Base: the L2 gas a report uses (fitted on the measured reports) and what EthereumPresale asks for. */
  reportGasOnBase: {
    measured: { base: number; perBuyer: number; perRound: number };
    closeReport: { rounds: number; used: number; asked: number }[];
  };
  /** The deposit base fee (gwei) a deposit pays 1, 2, … L1 blocks after a full batch, until it is back at its floor. */
  depositBaseFeeAfterFullBatchGwei: number[];
}

const rpc = (c: Conn, method: string, params: unknown[] = []) => c.provider.request({ method, params });

async function snapshotted<T>(c: Conn, fn: () => Promise<T>): Promise<T> {
  const id = (await rpc(c, "evm_snapshot")) as string;
  try {
    return await fn();
  } finally {
    await rpc(c, "evm_revert", [id]);
  }
}

/** Runs `m`'s deposit on a Base that has received nothing (a snapshot), and returns the presale call's gas. */
async function reportGasOnBase(p: Pair, m: SentMessage): Promise<number> {
  return snapshotted(p.base.conn, async () => {
    const receipt = await p.deliver(m);
    if (!relayed(p, receipt)) throw new Error("relay gas: a genuine report failed on Base");
    return Number(await presaleCallGas(p, receipt));
  });
}

/**
 * A pair where Ethereum sold to MAX_RELAY_BUYERS contracts (first legs for new recipients; none with `noBuyers`) and
 * one token in every round, then closed. Returns the contracts and the close report (no legs, every round changed).
 */
async function worstCasePair(o: { caps?: bigint[]; prices?: bigint[]; noBuyers?: boolean } = {}) {
  const p = await deployPair({ caps: o.caps, prices: o.prices });
  const presale = await p.eth.presale.getAddress();
  const max = Number(await p.eth.presale.MAX_RELAY_BUYERS());
  const buyers = o.noBuyers === true ? 0 : max;
  if (buyers > 0) {
    const bulk = await p.eth.ethers.deployContract("BulkBuyer");
    const cost = await p.eth.presale.ethBuyHelper(1n);
    for (let i = 0; i < buyers; i += 50) {
      const n = BigInt(Math.min(50, buyers - i));
      await bulk.buyMany(presale, n, 0xb0b0000000n + BigInt(i), { value: cost * n });
    }
  }
  const contracts = [
    ...new Set((await p.eth.presale.queryFilter(p.eth.presale.filters.TokensBought())).map((e) => e.args.buyer)),
  ];
  const ends: bigint[] = [...(await p.eth.presale.roundDetails(2))];
  for (let r = 0; r < ends.length; r++) {
    if (r > 0) await p.advanceBothTo(ends[r - 1]);
    await buyEth(p.eth, p.eth.buyers[0], 1n);
  }
  await p.eth.presale.closeSale();
  const close = (await p.sent()).at(-1)!;
  return { p, contracts, close, max };
}

/** Ethereum gas of `relay(batch)` at `gwei`, from a snapshot (the relay's message returned with it). */
async function relayAt(p: Pair, batch: string[], gwei: number) {
  return snapshotted(p.eth.conn, async () => {
    const fee = BigInt(gwei) * GWEI;
    await rpc(p.eth.conn, "hardhat_setNextBlockBaseFeePerGas", [toBeHex(fee)]);
    const tx = await p.eth.presale
      .connect(p.eth.signers[15])
      .relay(batch, { gasLimit: MAX_TRANSACTION_GAS, maxFeePerGas: fee * 2n, maxPriorityFeePerGas: 0n });
    const receipt = (await tx.wait())!;
    const [depositBaseFee] = await portalOf(p).params();
    if (depositBaseFee !== GWEI)
      throw new Error(`relay gas: the deposit base fee was ${depositBaseFee}, not its floor`);
    return { gas: receipt.gasUsed, message: (await p.sent()).at(-1)! };
  });
}

const portalOf = (p: Pair) => OptimismPortal__factory.connect(p.eth.bridge!.portal, p.eth.ethers.provider);

/** The metering's charge in L1 gas for `depositGas` at an L1 base fee of `gwei` (deposit base fee at its floor). */
const charge = (depositGas: bigint, gwei: number) =>
  (depositGas * GWEI) / (BigInt(gwei) * GWEI > GWEI ? BigInt(gwei) * GWEI : GWEI);

/** Measures the relays (1, 10, 50 and MAX_RELAY_BUYERS buyers at 1, 10 and 30 gwei) and the reports on Base. */
export async function runRelayGas(): Promise<RelayGasReport> {
  const { p, contracts, close, max } = await worstCasePair();
  const rounds = CAPS.length;
  const batches: RelayBatchGas[] = [];
  for (const n of [...BATCHES.filter((b) => b < max), max]) {
    const batch = contracts.slice(0, n);
    // 30 gwei first: the cheapest to run; a fee whose charge cannot fit in one transaction is not sent (a local node
    // takes minutes to trace a transaction that burns 16M gas and fails).
    const at30 = await relayAt(p, batch, 30);
    const m = at30.message;
    const depositGas = m.deposit.gasLimit;
    const ethereumGas = { "30": Number(at30.gas) } as Record<FeeKey, number | null>;
    for (const gwei of [10, 1] as const) {
      const upperBound = at30.gas + charge(depositGas, gwei) - charge(depositGas, 30);
      ethereumGas[`${gwei}`] = upperBound > MAX_TRANSACTION_GAS ? null : Number((await relayAt(p, batch, gwei)).gas);
    }
    const perBuyer = Object.fromEntries(
      Object.entries(ethereumGas).map(([k, g]) => [k, g === null ? null : Math.round(g / n)]),
    ) as Record<FeeKey, number | null>;
    batches.push({
      buyers: n,
      messageBytes: (m.message.length - 2) / 2,
      minGasLimit: Number(m.gasLimit),
      depositGasLimit: Number(depositGas),
      ethereumGas,
      ethereumGasPerBuyer: perBuyer,
      baseReportGasUsed: await reportGasOnBase(p, m),
    });
  }

  // Base: the close reports of a 10-round and a 1-round table give the cost of a round; the batches that of a buyer.
  const closeUsed = await reportGasOnBase(p, close);
  const one = await worstCasePair({ caps: [CAPS[0]], prices: [PRICES[0]], noBuyers: true });
  const closeReport = [
    { rounds: 1, used: await reportGasOnBase(one.p, one.close), asked: Number(one.close.gasLimit) },
    { rounds, used: closeUsed, asked: Number(close.gasLimit) },
  ];
  const perRound = Math.ceil((closeReport[1].used - closeReport[0].used) / (rounds - 1));
  const perBuyer = Math.max(...batches.map((b) => Math.ceil((b.baseReportGasUsed - closeUsed) / b.buyers)));

  const config = await SystemConfig__factory.connect(
    p.eth.bridge!.systemConfig,
    p.eth.ethers.provider,
  ).resourceConfig();
  const largestBatch = await largestBatches(p, batches, config.maxResourceLimit);
  return {
    setting: {
      bridge: `${OPSTACK_PACKAGE} ${OPSTACK_VERSION}: L1CrossDomainMessenger ${await p.eth.messenger.version()} and OptimismPortal ${await portalOf(p).version()} behind OP's Proxy; L2CrossDomainMessenger ${await p.base.messenger.version()} at ${PREDEPLOYS.L2CrossDomainMessenger}`,
      resourceConfig: {
        maxResourceLimit: String(config.maxResourceLimit),
        elasticityMultiplier: String(config.elasticityMultiplier),
        baseFeeMaxChangeDenominator: String(config.baseFeeMaxChangeDenominator),
        minimumBaseFee: String(config.minimumBaseFee),
        systemTxMaxGas: String(config.systemTxMaxGas),
        maximumBaseFee: String(config.maximumBaseFee),
      },
      depositBaseFeeGwei: 1,
      maxTransactionGas: Number(MAX_TRANSACTION_GAS),
      rounds,
      report:
        "every buyer a contract with a first leg for a recipient of its own; Ethereum's use in every round and its close",
    },
    maxRelayBuyers: max,
    batches,
    largestBatch,
    reportGasOnBase: { measured: { base: closeUsed - rounds * perRound, perBuyer, perRound }, closeReport },
    depositBaseFeeAfterFullBatchGwei: await depositBaseFeeAfter(p, contracts.slice(0, max)),
  };
}

/**
 * The largest batch at each fee: the transaction within EIP-7825 (a line through the two largest measured batches
 * that fit) and the deposit within the portal's cap (the contract's relayGasLimit and the messenger's baseGas).
 */
async function largestBatches(p: Pair, batches: RelayBatchGas[], maxResourceLimit: bigint) {
  const [a, b] = [batches.at(-2)!, batches.at(-1)!];
  const bytesPerBuyer = (b.messageBytes - a.messageBytes) / (b.buyers - a.buyers);
  const depositGas = async (n: number) => {
    const minGas = await p.eth.presale.relayGasLimit(n);
    const bytes = b.messageBytes + bytesPerBuyer * (n - b.buyers);
    return baseGas(`0x${"00".repeat(bytes)}`, minGas);
  };
  let [lo, hi] = [0, 100_000];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((await depositGas(mid)) <= maxResourceLimit) lo = mid;
    else hi = mid - 1;
  }
  const portalCap = lo;
  const out = {} as RelayGasReport["largestBatch"];
  for (const gwei of RELAY_BASE_FEES_GWEI) {
    const fitting = batches.filter((x) => x.ethereumGas[`${gwei}`] !== null);
    const [x, y] = [fitting.at(-2)!, fitting.at(-1)!];
    const slope = (y.ethereumGas[`${gwei}`]! - x.ethereumGas[`${gwei}`]!) / (y.buyers - x.buyers);
    const txCap = Math.floor(y.buyers + (Number(MAX_TRANSACTION_GAS) - y.ethereumGas[`${gwei}`]!) / slope);
    const buyers = Math.min(txCap, portalCap);
    out[`${gwei}`] = { buyers, limitedBy: txCap <= portalCap ? "EIP-7825" : "portal", extrapolated: buyers > b.buyers };
  }
  return out;
}

/** After a full batch, the deposit base fee a small deposit pays 1, 2, … L1 blocks later, until it is at its floor. */
async function depositBaseFeeAfter(p: Pair, batch: string[]): Promise<number[]> {
  return snapshotted(p.eth.conn, async () => {
    await rpc(p.eth.conn, "hardhat_setNextBlockBaseFeePerGas", [toBeHex(30n * GWEI)]);
    await p.eth.presale.relay(batch, { maxFeePerGas: 60n * GWEI, maxPriorityFeePerGas: 0n });
    const fees: number[] = [];
    for (let k = 1; k <= 32; k++) {
      const fee = await snapshotted(p.eth.conn, async () => {
        if (k > 1) await rpc(p.eth.conn, "hardhat_mine", [toBeHex(k - 1)]);
        await p.eth.messenger.sendMessage(p.eth.signers[15].address, "0x", 0);
        return (await portalOf(p).params()).prevBaseFee;
      });
      fees.push(Number(fee) / 1e9);
      if (fee === GWEI) break;
    }
    return fees;
  });
}
