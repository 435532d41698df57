// How a plan leaves the console: sent from the connected wallet (each call simulated first, so a contract's refusal is
// named before the wallet is asked), or downloaded as a Safe Transaction Builder batch per chain (the file the CLI's
// --safe writes, through the same @shaft/owner-actions function).
import { encodeOwnerCall, safeBatch, safeBatchJson, type OwnerCall } from "@shaft/owner-actions";
import type { Abi, Address, Hash } from "viem";
import { classifyError, loadWagmiIO, type WriteCall } from "../../../chain/index.ts";
import { abiOf } from "../../../config/contracts.ts";
import { blockById, type ChainBlock } from "../../../config/env.ts";

/** The contract a call goes to on its chain. */
export function targetOf(call: OwnerCall): Address {
  const b = blockOf(call);
  if (call.contract === "Presale") return b.presaleAddress;
  if (b.stakingAddress === "") throw new Error(`no staking contract on ${b.chainName}`);
  return b.stakingAddress;
}

export function blockOf(call: OwnerCall): ChainBlock {
  const b = blockById(call.chain.chainId);
  if (!b) throw new Error(`chain ${call.chain.chainId} is not one of this dapp's`);
  return b;
}

/** What became of a send: every call mined, the wallet refused (nothing more sent), or a call failed. */
export type SendOutcome =
  | { kind: "sent"; hashes: Hash[] }
  | { kind: "rejected"; hashes: Hash[]; message: string }
  | { kind: "failed"; hashes: Hash[]; message: string };

/**
 * Sends the calls in order from `account`, switching the wallet to each call's chain first (`ensureChain`: the dapp's
 * switch). Stops at the first refusal or failure; a revert is named by its custom error.
 */
export async function sendCalls(
  calls: readonly OwnerCall[],
  account: Address,
  ensureChain: (b: ChainBlock) => Promise<boolean>,
  onSent: (hash: Hash, call: OwnerCall) => void = () => {},
): Promise<SendOutcome> {
  const hashes: Hash[] = [];
  const { wagmiIO } = await loadWagmiIO();
  for (const call of calls) {
    const b = blockOf(call);
    if (!(await ensureChain(b)))
      return { kind: "rejected", hashes, message: `The wallet did not switch to ${b.chainName}.` };
    try {
      const io = wagmiIO(b.chainIdInt, account);
      // The call's function and arguments are one of OWNER_ACTIONS_ABI's (calls.typecheck.ts checks them against
      // the contract's own ABI); the full ABI is what names a revert by its custom error.
      const write = {
        address: targetOf(call),
        abi: abiOf(call.contract) as Abi,
        functionName: call.functionName,
        args: call.args,
      } as unknown as WriteCall;
      const hash = await io.write(await io.simulate(write));
      onSent(hash, call);
      hashes.push(hash);
      const receipt = await io.waitForReceipt(hash);
      if (receipt.status !== "success")
        return { kind: "failed", hashes, message: `${call.contract}.${call.functionName} reverted (${hash}).` };
    } catch (e) {
      const f = classifyError(e);
      if (f.kind === "rejected")
        return { kind: "rejected", hashes, message: "You rejected the request in your wallet." };
      const what = `${call.contract}.${call.functionName}`;
      return {
        kind: "failed",
        hashes,
        message:
          f.kind === "reverted"
            ? `${what} would revert: ${f.revert ?? f.reason ?? "no reason given"}.`
            : `${what} failed: ${f.message}`,
      };
    }
  }
  return { kind: "sent", hashes };
}

/** One Safe Transaction Builder batch per chain the calls touch, for the Safe at `safeOf(chain)`. */
export function safeBatches(
  calls: readonly OwnerCall[],
  title: string,
  safeOf: (b: ChainBlock) => string,
): { file: string; json: string }[] {
  const chains = [...new Set(calls.map((c) => c.chain.chainId))];
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return chains.map((id) => {
    const own = calls.filter((c) => c.chain.chainId === id);
    const b = blockOf(own[0]);
    const transactions = own.map((c) => ({
      to: targetOf(c),
      data: encodeOwnerCall(c),
      description: `${c.contract}.${c.functionName}: ${c.note}`,
    }));
    const batch = safeBatch({ chainId: id, safeAddress: safeOf(b), title, transactions });
    return { file: `${slug}-${b.key === "eth" ? "ethereum" : "base"}.json`, json: safeBatchJson(batch) };
  });
}

/** Saves a file through the browser's download. */
export function download(file: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = file;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
