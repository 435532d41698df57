// What the owner actions plan on, read live from both chains (never from the indexer: a plan must see the chain as
// the transaction will): each presale's flags, ladder and times, the connected wallet's roles, and on Base the claim
// and staking figures. The same reads `npm run admin` makes through ethers (scripts/admin/), here through viem.
import {
  ADMIN_ROLE,
  DEFAULT_ADMIN_ROLE,
  ladderOf,
  type ChainRef,
  type Ladder,
  type ClaimFacts,
  type StakingSettings,
} from "@shaft/owner-actions";
import { createClient, zeroAddress, type Address, type Client } from "viem";
import { getBlock, readContract } from "viem/actions";
import { abiOf } from "../../../config/contracts.ts";
import { env, type ChainBlock } from "../../../config/env.ts";
import { transportFor, viemChain } from "../../../config/viemChains.ts";

export interface ChainActionState {
  ref: ChainRef;
  block: ChainBlock;
  paused: boolean;
  closed: boolean;
  saleEnd: bigint;
  ladder: Ladder;
  /** The presale's owner (AccessControlDefaultAdminRules' default admin): a Safe batch's default Safe. */
  owner: Address;
  /** The connected wallet's roles here (false without a wallet). */
  hasAdminRole: boolean;
  hasDefaultAdminRole: boolean;
}

export interface BaseExtras {
  claimStart: bigint;
  claimDeadline: bigint;
  horizon: bigint;
  claim: ClaimFacts;
  staking?: StakingSettings & { totalStaked: bigint; owner: Address; isOwner: boolean };
}

export interface ActionState {
  eth: ChainActionState;
  base: ChainActionState & BaseExtras;
}

const clients = new Map<number, Client>();
export function clientFor(b: ChainBlock): Client {
  let c = clients.get(b.chainIdInt);
  if (!c) clients.set(b.chainIdInt, (c = createClient({ chain: viemChain(b), transport: transportFor(b) })));
  return c;
}

const presale = (b: ChainBlock) => ({ address: b.presaleAddress, abi: abiOf("Presale") }) as const;

async function readChainState(b: ChainBlock, user: Address | undefined): Promise<ChainActionState> {
  const c = clientFor(b);
  const p = presale(b);
  const who = user ?? zeroAddress;
  const [paused, closed, saleEnd, rounds, step, owner, hasAdminRole, hasDefaultAdminRole, head] = await Promise.all([
    readContract(c, { ...p, functionName: "paused" }),
    readContract(c, { ...p, functionName: "saleClosed" }),
    readContract(c, { ...p, functionName: "endTime" }),
    readContract(c, { ...p, functionName: "rounds" }),
    readContract(c, { ...p, functionName: "currentStep" }),
    readContract(c, { ...p, functionName: "owner" }),
    readContract(c, { ...p, functionName: "hasRole", args: [ADMIN_ROLE, who] }),
    readContract(c, { ...p, functionName: "hasRole", args: [DEFAULT_ADMIN_ROLE, who] }),
    getBlock(c, { blockTag: "latest" }),
  ]);
  return {
    ref: { name: b.chainName, side: b.key, chainId: b.chainIdInt },
    block: b,
    paused,
    closed,
    saleEnd,
    owner,
    hasAdminRole: user !== undefined && hasAdminRole,
    hasDefaultAdminRole: user !== undefined && hasDefaultAdminRole,
    ladder: ladderOf(b.key, rounds, step, head.timestamp),
  };
}

async function readStaking(b: ChainBlock, user: Address | undefined): Promise<BaseExtras["staking"]> {
  if (b.stakingAddress === "") return undefined;
  const c = clientFor(b);
  const s = { address: b.stakingAddress, abi: abiOf("Staking") } as const;
  const [apy, lockTime, endTime, maxDepositLimit, totalStaked, depositsLocked, withdrawalsLocked, claimsLocked, owner] =
    await Promise.all([
      readContract(c, { ...s, functionName: "apy" }),
      readContract(c, { ...s, functionName: "lockTime" }),
      readContract(c, { ...s, functionName: "endTime" }),
      readContract(c, { ...s, functionName: "maxDepositLimit" }),
      readContract(c, { ...s, functionName: "totalStaked" }),
      readContract(c, { ...s, functionName: "depositsLocked" }),
      readContract(c, { ...s, functionName: "withdrawalsLocked" }),
      readContract(c, { ...s, functionName: "claimsLocked" }),
      readContract(c, { ...s, functionName: "owner" }),
    ]);
  const isOwner = user !== undefined && owner.toLowerCase() === user.toLowerCase();
  return {
    apy,
    lockTime,
    endTime,
    maxDepositLimit,
    totalStaked,
    depositsLocked,
    withdrawalsLocked,
    claimsLocked,
    owner,
    isOwner,
  };
}

async function readBaseExtras(b: ChainBlock, eth: ChainActionState, user: Address | undefined): Promise<BaseExtras> {
  const c = clientFor(b);
  const p = presale(b);
  const [claimStart, claimDeadline, horizon, closeDelivered, sold, staked, balance, staking] = await Promise.all([
    readContract(c, { ...p, functionName: "claimStart" }),
    readContract(c, { ...p, functionName: "claimDeadline" }),
    readContract(c, { ...p, functionName: "CLAIM_START_HORIZON" }),
    readContract(c, { ...p, functionName: "remoteSaleClosed" }),
    readContract(c, { ...p, functionName: "totalTokensSold" }),
    readContract(c, { ...p, functionName: "stakedDuringSale" }),
    b.saleTokenAddress === ""
      ? 0n
      : readContract(c, {
          address: b.saleTokenAddress,
          abi: abiOf("SaleToken"),
          functionName: "balanceOf",
          args: [b.presaleAddress],
        }),
    readStaking(b, user),
  ]);
  return {
    claimStart,
    claimDeadline,
    horizon,
    staking,
    claim: {
      closeDelivered,
      required: sold * 10n ** 18n - staked,
      balance,
      presale: b.presaleAddress,
      eth: { name: eth.ref.name, closed: eth.closed, endTime: eth.saleEnd, now: eth.ladder.now },
    },
  };
}

/** Both chains' state for the owner actions, as `user` (the connected wallet, if any) would act on them. */
export async function readActionState(user: Address | undefined): Promise<ActionState> {
  const [eth, baseChain] = await Promise.all([readChainState(env.eth, user), readChainState(env.base, user)]);
  return { eth, base: { ...baseChain, ...(await readBaseExtras(env.base, eth, user)) } };
}

/** Whether each address is on the list now (the planner skips those already in the wanted state). */
export async function readListed(
  b: ChainBlock,
  list: "whitelist" | "blacklist",
  addresses: readonly Address[],
): Promise<boolean[]> {
  const c = clientFor(b);
  const p = presale(b);
  return Promise.all(
    addresses.map((a) =>
      readContract(c, { ...p, functionName: list === "whitelist" ? "isWhitelisted" : "isBlacklisted", args: [a] }),
    ),
  );
}
