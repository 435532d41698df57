/**
 * The same purchase on either chain, for the suites that run on both: Base's buy functions take a `stake` flag, the
 * Ethereum presale's take the Base `recipient` instead (the buyer's own address here unless a test names another),
 * and what a purchase credited is read from `userDeposits` on Base and from the buyer's record on Ethereum.
 */
import type { Overrides } from "ethers";
import type { BasePresale, EthereumPresale } from "../../../typechain-types/index.js";
import { TOKEN, onBase, type Deployment, type Signer } from "./fixtures.js";
import type { SignedPermit } from "./permit.js";

/** `buyWithEth(amount)` by `buyer` sending exactly `value` (with `overrides`, e.g. a gas limit). */
export function buyEthPaying(d: Deployment, buyer: Signer, amount: bigint, value: bigint, overrides: Overrides = {}) {
  if (onBase(d)) return d.presale.connect(buyer).buyWithEth(amount, false, { ...overrides, value });
  return ethereum(d)
    .connect(buyer)
    .buyWithEth(amount, buyer.address, { ...overrides, value });
}

/** `buyWithUSDCPermit` by `buyer` for itself, with the permit `p` for `maxCost`. */
export function buyUsdcWithPermit(d: Deployment, buyer: Signer, amount: bigint, maxCost: bigint, p: SignedPermit) {
  if (onBase(d)) return d.presale.connect(buyer).buyWithUSDCPermit(amount, maxCost, false, p.deadline, p.v, p.r, p.s);
  return ethereum(d).connect(buyer).buyWithUSDCPermit(amount, maxCost, buyer.address, p.deadline, p.v, p.r, p.s);
}

/** Calldata of `buyWithEth(amount)` for `who` (a contract wallet) buying for itself, or on Ethereum for `recipient`. */
export function buyEthCalldata(d: Deployment, amount: bigint, who: string, recipient = who): string {
  if (onBase(d)) return d.presale.interface.encodeFunctionData("buyWithEth", [amount, false]);
  return ethereum(d).interface.encodeFunctionData("buyWithEth", [amount, recipient]);
}

/** Whole tokens `buyer`'s purchases credited: on Base its claimable deposit, on Ethereum its record (any recipient). */
export async function boughtBy(d: Deployment, buyer: string): Promise<bigint> {
  if (onBase(d)) return (await d.presale.userDeposits(buyer)) / TOKEN;
  return (await ethereum(d).buyerInfo(buyer)).tokens;
}

/** The deployment's presale as the Ethereum one (for the Ethereum-only parts of a test running on both chains). */
export function ethereum(d: Deployment): EthereumPresale {
  if (onBase(d)) throw new Error("not the Ethereum presale");
  return d.presale as EthereumPresale;
}

/** The deployment's presale as the Base one. */
export function base(d: Deployment): BasePresale {
  if (!onBase(d)) throw new Error("not the Base presale");
  return d.presale;
}
