// The EIP-712 domain separator a token states in DOMAIN_SEPARATOR(), computed for the fakes the way the token does:
// keccak of EIP712Domain(name, version, chainId, verifyingContract), here through viem's hashDomain with the type
// written out (the dapp's own check uses viem's domainSeparator, which derives the type from the domain).
import { hashDomain, type Address, type Hex } from "viem";

const EIP712_DOMAIN = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
] as const;

export function tokenDomainSeparator(d: {
  name: string;
  version: string;
  chainId: number;
  verifyingContract: Address;
}): Hex {
  return hashDomain({ domain: { ...d, chainId: BigInt(d.chainId) }, types: { EIP712Domain: EIP712_DOMAIN } });
}
