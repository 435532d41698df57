/**
 * Gas harness for `npm run bench:gas`: the Ethereum gas of sending one OP Stack message through the official L1
 * messenger and portal (scripts/lib/opstack.ts), resource metering included, at chosen L1 base fees.
 *
 * The metering charges a deposit's L2 gas on L1 by burning gas: charge = L2 gas × deposit base fee / max(L1 base
 * fee, 1 gwei), less the gas the deposit already used. With Base's ResourceConfig the deposit base fee rests at its
 * 1 gwei floor, so the burn is the L2 gas itself at an L1 base fee of 1 gwei, a tenth of it at 10 gwei and a
 * thirtieth at 30 gwei. Since Osaka (EIP-7825) one Ethereum transaction may use at most 2^24 gas, so at low L1 base
 * fees the burn, not the portal's 20M-per-block cap, bounds the L2 gas one transaction can buy.
 *
 * Each measurement runs from the same chain state (evm_snapshot / evm_revert), in a block whose base fee is set with
 * hardhat_setNextBlockBaseFeePerGas. Local chains only.
 */
import { toBeHex } from "ethers";
import type { NetworkConnection } from "hardhat/types/network";
import { MessageSender__factory } from "../../typechain-types/index.js";
import {
  L1CrossDomainMessenger__factory,
  OptimismPortal__factory,
  SystemConfig__factory,
} from "../../typechain-types/opstack/index.js";
import type { L1Bridge } from "./opstack.js";

type Connection = NetworkConnection<"generic">;

/** EIP-7825 (Osaka): the most gas one Ethereum transaction may use. */
export const MAX_TRANSACTION_GAS = 2n ** 24n;

export interface SendMessageGas {
  /** The message and the minimum gas limit it asks for on L2. */
  messageBytes: number;
  minGasLimit: number;
  /** The deposit's L2 gas limit (the messenger's baseGas): what the metering charges for. */
  depositGasLimit: bigint;
  byBaseFee: {
    baseFeeGwei: number;
    /**
     * Ethereum gas of the whole transaction (a contract sending the message, as a presale's relay does): null when
     * it does not fit in one transaction (MAX_TRANSACTION_GAS).
     */
    transactionGas: bigint | null;
    /** Of which the messenger call: messenger, portal, metering and its burn. */
    sendMessageGas: bigint | null;
    /** The metering's charge in L1 gas before its refund of the gas already used (see the file comment). */
    meteringCharge: bigint;
  }[];
}

/**
 * Measures one `sendMessage` of `messageBytes` bytes with `minGasLimit` through `bridge`'s L1 messenger on `conn`,
 * once per L1 base fee (default 1, 10 and 30 gwei). Deploys a MessageSender (test support) as the sending contract.
 */
export async function measureSendMessageGas(
  conn: Connection,
  bridge: Pick<L1Bridge, "l1Messenger" | "portal">,
  opts: { messageBytes: number; minGasLimit: number; baseFeesGwei?: number[] },
): Promise<SendMessageGas> {
  const [signer] = await conn.ethers.getSigners();
  const sender = await new MessageSender__factory(signer).deploy(bridge.l1Messenger);
  await sender.waitForDeployment();
  const l1 = L1CrossDomainMessenger__factory.connect(bridge.l1Messenger, signer);
  const portal = OptimismPortal__factory.connect(bridge.portal, signer);
  const depositGasLimit = await l1.baseGas(new Uint8Array(opts.messageBytes), opts.minGasLimit);
  const config = await SystemConfig__factory.connect(await portal.systemConfig(), signer).resourceConfig();
  const rows: SendMessageGas["byBaseFee"] = [];
  for (const gwei of opts.baseFeesGwei ?? [1, 10, 30]) {
    const baseFee = BigInt(gwei) * 10n ** 9n;
    const divisor = baseFee > 10n ** 9n ? baseFee : 10n ** 9n;
    // The charge at the deposit base fee's floor: above the cap, the transaction cannot fit (and is not sent: a local
    // node takes minutes to trace a transaction that burns 16M gas and fails).
    const leastCharge = (depositGasLimit * config.minimumBaseFee) / divisor;
    if (leastCharge + 21_000n >= MAX_TRANSACTION_GAS) {
      rows.push({ baseFeeGwei: gwei, transactionGas: null, sendMessageGas: null, meteringCharge: leastCharge });
      continue;
    }
    const snapshot = (await conn.provider.request({ method: "evm_snapshot" })) as string;
    try {
      await conn.provider.request({ method: "hardhat_setNextBlockBaseFeePerGas", params: [toBeHex(baseFee)] });
      let transactionGas: bigint | null = null;
      let sendMessageGas: bigint | null = null;
      try {
        const tx = await sender.sendSized(signer.address, opts.messageBytes, opts.minGasLimit, {
          gasLimit: MAX_TRANSACTION_GAS,
          maxFeePerGas: baseFee * 2n,
          maxPriorityFeePerGas: 0n,
        });
        const receipt = (await tx.wait())!;
        transactionGas = receipt.gasUsed;
        const sent = receipt.logs.map((l) => sender.interface.parseLog(l)).find((l) => l?.name === "Sent");
        sendMessageGas = sent?.args.gasUsed as bigint;
      } catch (e) {
        // Out of gas at the transaction cap: the burn does not fit in one transaction at this base fee.
        if (!(await ranOutOfGas(conn))) throw e;
      }
      const [prevBaseFee] = await portal.params();
      const charge = (depositGasLimit * prevBaseFee) / divisor;
      rows.push({ baseFeeGwei: gwei, transactionGas, sendMessageGas, meteringCharge: charge });
    } finally {
      await conn.provider.request({ method: "evm_revert", params: [snapshot] });
    }
  }
  return { messageBytes: opts.messageBytes, minGasLimit: opts.minGasLimit, depositGasLimit, byBaseFee: rows };
}

/**
 * Whether the latest block's transaction ran out of gas at MAX_TRANSACTION_GAS: it reverted having used nearly all of
 * it (not all: each of the four nested calls down to the portal keeps 1/64 of its gas back).
 */
async function ranOutOfGas(conn: Connection): Promise<boolean> {
  const block = await conn.ethers.provider.getBlock("latest");
  const hash = block?.transactions.at(-1);
  const receipt = hash === undefined ? null : await conn.ethers.provider.getTransactionReceipt(hash);
  return receipt !== null && receipt.status === 0 && receipt.gasUsed * 10n >= MAX_TRANSACTION_GAS * 9n;
}

/**
 * The largest minimum gas limit a message of `messageBytes` bytes can ask for in one deposit: its baseGas must fit
 * the portal's per-block cap (maxResourceLimit) in an otherwise empty block. Read from the messenger's own baseGas.
 */
export async function largestMinGasLimit(
  conn: Connection,
  bridge: Pick<L1Bridge, "l1Messenger">,
  messageBytes: number,
  maxResourceLimit: bigint,
): Promise<bigint> {
  const l1 = L1CrossDomainMessenger__factory.connect(bridge.l1Messenger, conn.ethers.provider);
  const message = new Uint8Array(messageBytes);
  let [lo, hi] = [0n, 2n ** 32n - 1n];
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if ((await l1.baseGas(message, mid)) <= maxResourceLimit) lo = mid;
    else hi = mid - 1n;
  }
  return lo;
}
