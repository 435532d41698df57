// EIP-2612 permits: the approval as a signature inside the action's own transaction (one signature plus one
// transaction) for tokens that support it (USDC on Ethereum and Base, the sale token) when the wallet cannot batch.
// The domain comes from the token itself (ERC-5267 eip712Domain(), else name() and version()), and is checked
// against its DOMAIN_SEPARATOR() when it has one: a permit is never signed for a domain the token would not accept.
import { domainSeparator, parseSignature, type Address, type Hex } from "viem";
import { abiOf } from "../../config/contracts.ts";
import type { ChainIO } from "../chainIO.ts";
import type { PermitTypedData, WalletIO } from "../walletIO.ts";

/** A permit's validity after signing: long enough to confirm the transaction, short enough to be useless later. */
const PERMIT_TTL_SECONDS = 20n * 60n;

export type PermitDomain = PermitTypedData["domain"];
/** The tokens whose permit the dapp uses: USDC (Circle's FiatToken v2: name() and version()) and the sale token
 * (OpenZeppelin ERC20Permit: ERC-5267 eip712Domain()). */
type PermitToken = "USDC" | "SaleToken";

/** ERC-5267 fields bitmap for name, version, chainId, verifyingContract (no salt, no extensions). */
const STANDARD_FIELDS = "0x0f";

/** The token's EIP-712 domain as the token states it, or undefined when the token would not accept a permit signed
 * for it (another domain shape, another chain or contract, a separator that differs, a read that fails). */
export async function readPermitDomain<P>(
  io: ChainIO<P>,
  token: PermitToken,
  address: Address,
  chainId: number,
): Promise<PermitDomain | undefined> {
  try {
    let domain: PermitDomain;
    let separator: Hex;
    if (token === "SaleToken") {
      const abi = abiOf("SaleToken");
      const [fields, name, version, id, verifyingContract] = await io.read({
        address,
        abi,
        functionName: "eip712Domain",
      });
      if (
        fields !== STANDARD_FIELDS ||
        Number(id) !== chainId ||
        verifyingContract.toLowerCase() !== address.toLowerCase()
      )
        return undefined;
      domain = { name, version, chainId, verifyingContract: address };
      separator = await io.read({ address, abi, functionName: "DOMAIN_SEPARATOR" });
    } else {
      const abi = abiOf("USDC");
      const [name, version] = await Promise.all([
        io.read({ address, abi, functionName: "name" }),
        io.read({ address, abi, functionName: "version" }),
      ]);
      domain = { name, version, chainId, verifyingContract: address };
      separator = await io.read({ address, abi, functionName: "DOMAIN_SEPARATOR" });
    }
    return separator === domainSeparator({ domain }) ? domain : undefined;
  } catch {
    return undefined;
  }
}

const PERMIT_TYPES = {
  Permit: [
    { name: "owner", type: "address" },
    { name: "spender", type: "address" },
    { name: "value", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

function permitTypedData(domain: PermitDomain, message: PermitTypedData["message"]): PermitTypedData {
  return { domain, types: PERMIT_TYPES, primaryType: "Permit", message };
}

/** The (v, r, s) a permit entry point takes. */
function permitArgs(signature: Hex): { v: number; r: Hex; s: Hex } {
  const { r, s, v, yParity } = parseSignature(signature);
  return { v: v !== undefined ? Number(v) : yParity + 27, r, s };
}

export type SignedPermit = { deadline: bigint; v: number; r: Hex; s: Hex };

/** Asks the wallet for a permit of `value` to `spender` (nonce from the token, deadline from the chain's clock). */
export async function signPermit<P>(
  io: ChainIO<P>,
  w: Pick<WalletIO, "chainTime" | "signTypedData">,
  p: { token: PermitToken; address: Address; domain: PermitDomain; owner: Address; spender: Address; value: bigint },
): Promise<SignedPermit> {
  const nonces =
    p.token === "SaleToken"
      ? io.read({ address: p.address, abi: abiOf("SaleToken"), functionName: "nonces", args: [p.owner] })
      : io.read({ address: p.address, abi: abiOf("USDC"), functionName: "nonces", args: [p.owner] });
  const [nonce, now] = await Promise.all([nonces, w.chainTime()]);
  const deadline = now + PERMIT_TTL_SECONDS;
  const signature = await w.signTypedData(
    permitTypedData(p.domain, { owner: p.owner, spender: p.spender, value: p.value, nonce, deadline }),
  );
  return { deadline, ...permitArgs(signature) };
}
