// What a plan hands back: the calls an owner action makes, which role each needs, and their encoding. Plain data (no
// client, no signer), so `npm run admin` sends them through ethers and the /owner console through wagmi.
import { encodeFunctionData, keccak256, parseAbi, toHex, type Address, type Hex } from "viem";

/** One chain of a pair, as a plan names it (`name`: the network name in the CLI, the chain's name in the dapp). */
export interface ChainRef {
  name: string;
  side: "eth" | "base";
  chainId: number;
}

/** A state-changing call of an owner action, with its arguments typed by function. */
export type OwnerCallBody =
  | { contract: "Presale"; functionName: "pause" | "unpause" | "openClaim"; args: readonly [] }
  | { contract: "Presale"; functionName: "setRounds"; args: readonly [readonly bigint[], readonly bigint[]] }
  | { contract: "Presale"; functionName: "setCurrentStep"; args: readonly [bigint, bigint] }
  | { contract: "Presale"; functionName: "setWhitelist" | "setBlacklist"; args: readonly [readonly Address[], boolean] }
  | { contract: "Presale"; functionName: "startClaim"; args: readonly [bigint] }
  | {
      contract: "Staking";
      functionName: "setApy" | "setLockTime" | "setEndTime" | "setMaxDepositLimit";
      args: readonly [bigint];
    }
  | { contract: "Staking"; functionName: "setLocks"; args: readonly [boolean, boolean, boolean] };

export type OwnerCall = OwnerCallBody & {
  chain: ChainRef;
  /** What changes, in words ("paused: false → true"). */
  note: string;
};

/** The owner-action functions as the contracts declare them (test/mocha/tooling/owner-actions.test.ts checks each
 * against the compiled ABIs, so a renamed or re-typed function fails there). */
export const OWNER_ACTIONS_ABI = parseAbi([
  "function pause()",
  "function unpause()",
  "function openClaim()",
  "function setRounds(uint256[] prices, uint256[] endTimes)",
  "function setCurrentStep(uint256 step, uint256 used)",
  "function setWhitelist(address[] accounts, bool whitelisted)",
  "function setBlacklist(address[] accounts, bool blacklisted)",
  "function startClaim(uint256 claimStart_)",
  "function setApy(uint256 apyBps)",
  "function setLockTime(uint256 lockTime_)",
  "function setEndTime(uint256 endTime_)",
  "function setMaxDepositLimit(uint256 limit)",
  "function setLocks(bool depositsLocked_, bool withdrawalsLocked_, bool claimsLocked_)",
]);

/** The calldata of a call. */
export function encodeOwnerCall(call: OwnerCallBody): Hex {
  return encodeFunctionData({ abi: OWNER_ACTIONS_ABI, functionName: call.functionName, args: call.args });
}

/** AccessControl's roles on the presales (Presale.sol); the staking contract is Ownable. */
export const DEFAULT_ADMIN_ROLE: Hex = `0x${"00".repeat(32)}`;
export const ADMIN_ROLE: Hex = keccak256(toHex("ADMIN_ROLE"));

/** Who may send a call: a presale role, or the staking contract's owner; `anyone` for openClaim after its deadline. */
export type Authority = { kind: "role"; role: Hex; roleName: string } | { kind: "owner" } | { kind: "anyone" };

/** The authority each function checks on chain (its `onlyRole` / `onlyOwner`). */
export function authorityOf(call: Pick<OwnerCallBody, "contract" | "functionName">): Authority {
  if (call.contract === "Staking") return { kind: "owner" };
  if (call.functionName === "openClaim") return { kind: "anyone" };
  if (call.functionName === "pause" || call.functionName === "unpause")
    return { kind: "role", role: ADMIN_ROLE, roleName: "ADMIN_ROLE" };
  return { kind: "role", role: DEFAULT_ADMIN_ROLE, roleName: "DEFAULT_ADMIN_ROLE" };
}

/** A plan: the calls to make (none when nothing would change) and what the owner reads before sending them. */
export interface Plan {
  calls: OwnerCall[];
  /** What the owner should read besides each call's note (its "current → new"), one line each, in order. */
  lines: string[];
}

/** The action cannot go ahead as asked: `message` says why and what to do instead. Nothing is sent. */
export class PlanRefusal extends Error {
  override name = "PlanRefusal";
}
