/**
 * The official OP Stack bridge (scripts/lib/opstack.ts) with a test-only pair on top: a MessageSender on L1 and a
 * CrossDomainReceiver on L2 that trusts it (it stands for the presales). Shared by the bridge tests and the relayer's.
 */
import type { ContractTransactionResponse } from "ethers";
import {
  CrossDomainReceiver__factory,
  MessageSender__factory,
  type MessageSender,
} from "../../../typechain-types/index.js";
import { L2CrossDomainMessenger__factory } from "../../../typechain-types/opstack/index.js";
import type { Connection } from "../../../scripts/lib/deploy.js";
import {
  deployOpStack,
  depositsIn,
  executeDeposit,
  PREDEPLOYS,
  type CrossDomainMessage,
  type L1Bridge,
  type Deposit,
} from "../../../scripts/lib/opstack.js";

/** The bridge on `eth` and `base` (one chain when they are the same), the sender on `eth`, the receiver on `base`. */
export async function bridgeWithReceiver(eth: Connection, base: Connection = eth) {
  return receiverOn(eth, base, await deployOpStack(eth, base));
}

/** The sender and the receiver on a bridge that already runs between `eth` and `base` (the local stack's). */
export async function receiverOn<B extends Pick<L1Bridge, "l1Messenger" | "portal" | "deployBlock">>(
  eth: Connection,
  base: Connection,
  bridge: B,
) {
  const l1Signers = await eth.ethers.getSigners();
  const l2Signers = await base.ethers.getSigners();
  const sender = await new MessageSender__factory(l1Signers[0]).deploy(bridge.l1Messenger);
  await sender.waitForDeployment();
  const receiver = await new CrossDomainReceiver__factory(l2Signers[0]).deploy(
    PREDEPLOYS.L2CrossDomainMessenger,
    await sender.getAddress(),
  );
  await receiver.waitForDeployment();
  const l2Messenger = L2CrossDomainMessenger__factory.connect(PREDEPLOYS.L2CrossDomainMessenger, l2Signers[0]);
  const credit = (amount: bigint, work = 0n) => receiver.interface.encodeFunctionData("credit", [amount, work]);
  /** The deposit the portal logged for a transaction on L1. */
  const depositOf = async (tx: Promise<ContractTransactionResponse>): Promise<Deposit> => {
    const r = (await (await tx).wait())!;
    const [d] = (await depositsIn(eth.provider, bridge.portal, r.blockNumber, r.blockNumber)).filter(
      (x) => x.l1Tx === r.hash,
    );
    return d;
  };
  /** Sends credit(amount, work) from `from` (the trusted sender by default); returns its deposit. */
  const send = (amount: bigint, minGasLimit: bigint, opts: { work?: bigint; from?: MessageSender } = {}) =>
    depositOf((opts.from ?? sender).send(receiver, credit(amount, opts.work), minGasLimit));
  /** Plays the relayer: the deposit's transaction on L2. */
  const deliver = (d: Deposit) => executeDeposit(base.provider, d);
  return { eth, base, bridge, sender, receiver, l2Messenger, l1Signers, l2Signers, credit, depositOf, send, deliver };
}

/** Replays `m` on the L2 messenger `l2` (anyone may replay a failed message). */
export const replay = (
  l2: ReturnType<typeof L2CrossDomainMessenger__factory.connect>,
  m: CrossDomainMessage,
  gasLimit: bigint,
) => l2.relayMessage(m.nonce, m.sender, m.target, m.value, m.minGasLimit, m.message, { gasLimit });
