/**
 * EIP-2612 signatures for the tests and the gas scenarios: the USDC stand-in's domain (Circle's FiatToken v2.x: name()
 * and version "2", as on Ethereum and Base) and the sale token's (OpenZeppelin ERC20Permit, read with eip712Domain()).
 */
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/types";
import { Signature, type TypedDataDomain } from "ethers";
import type { MockUSDC, SaleToken } from "../../../typechain-types/index.js";

export const PERMIT_TYPES = {
  Permit: [
    { name: "owner", type: "address" },
    { name: "spender", type: "address" },
    { name: "value", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
};
export const USDC_NAME = "USD Coin";
export const USDC_VERSION = "2";

/** A permit's deadline and signature, in the order the permit entry points take them. */
export interface SignedPermit {
  deadline: bigint;
  v: number;
  r: string;
  s: string;
}

interface PermitToken {
  getAddress(): Promise<string>;
  nonces(owner: string): Promise<bigint>;
}

/** `owner`'s EIP-2612 signature for `spender` and `value` on `token` in `domain` (nonce: the token's next by default). */
export async function signPermit(
  owner: HardhatEthersSigner,
  token: PermitToken,
  domain: TypedDataDomain,
  spender: string,
  value: bigint,
  deadline: bigint,
  nonce?: bigint,
): Promise<SignedPermit> {
  const message = { owner: owner.address, spender, value, nonce: nonce ?? (await token.nonces(owner.address)), deadline };
  const sig = Signature.from(await owner.signTypedData(domain, PERMIT_TYPES, message));
  return { deadline, v: sig.v, r: sig.r, s: sig.s };
}

/** The USDC domain a wallet signs in, built from Circle's constants (not read back from the contract under test). */
export async function usdcDomain(usdc: MockUSDC, chainId: bigint): Promise<TypedDataDomain> {
  return { name: USDC_NAME, version: USDC_VERSION, chainId, verifyingContract: await usdc.getAddress() };
}

/** The sale token's domain as it reports it (ERC-5267). */
export async function saleTokenDomain(token: SaleToken): Promise<TypedDataDomain> {
  const [, name, version, chainId, verifyingContract] = await token.eip712Domain();
  return { name, version, chainId, verifyingContract };
}

/** The chain id `signer` is connected to (the permit domain's). */
export async function chainIdOf(signer: HardhatEthersSigner): Promise<bigint> {
  if (signer.provider === null) throw new Error("the signer has no provider");
  return (await signer.provider.getNetwork()).chainId;
}
