/** Card on-ramp session: price from the chain, the provider's margin, the encoded purchase and its signature. */
import crypto from "node:crypto";
import { createRequire } from "node:module";
import type { SignedCardOptions } from "@shaft/card-options";
import { encodeFunctionData, formatUnits, type Address, type Hex } from "viem";
import { presaleAbi } from "./contracts.ts";

const require = createRequire(import.meta.url);
const { signSmartContractData } = require("@wert-io/widget-sc-signer") as {
  signSmartContractData: (o: ScOptions, privateKey: string) => ScOptions & { signature: string };
};

/** The options the provider's signature covers (the type the dapp reads them with: @shaft/card-options). */
export type ScOptions = SignedCardOptions;

/** The widget's precision: 8 decimals of ETH = 1e10 wei. */
const WEI_PER_UNIT = 10n ** 10n;
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * ETH the card provider is asked for: the chain's quote plus 1%, rounded UP to 8 decimals, so it always covers
 * the quote (any excess is refunded to the provider by the contract).
 */
export function commodityAmount(ethNeededWei: bigint): { wei: bigint; text: string; value: number } {
  const withMargin = ceilDiv(ethNeededWei * 101n, 100n);
  const wei = ceilDiv(withMargin, WEI_PER_UNIT) * WEI_PER_UNIT;
  const text = formatUnits(wei, 18);
  return { wei, text, value: Number(text) };
}

export function encodeCardPurchase(user: Address, tokens: bigint, stake: boolean): Hex {
  return encodeFunctionData({ abi: presaleAbi, functionName: "buyWithETHWert", args: [user, tokens, stake] });
}

export function signCardOptions(o: ScOptions, privateKey: string): ScOptions & { signature: string } {
  return signSmartContractData(o, privateKey);
}

/** The exact bytes the signer signs (same rules as @wert-io/widget-sc-signer): `key:value` lines in a fixed order. */
export function signedMessage(o: ScOptions): Buffer {
  const keys = ["address", "commodity", "commodity_amount", "network", "sc_address", "sc_input_data"] as const;
  const lines = keys.map((k) => {
    const v = o[k];
    if (k === "commodity_amount") return `${k}:${typeof v === "string" ? v : String(parseFloat(String(v)))}`;
    if (k === "commodity" || k === "network") return `${k}:${String(v).toLowerCase()}`;
    return `${k}:${String(v)}`;
  });
  return Buffer.from(lines.join("\n"), "utf8");
}

/** Ed25519 public key (32 bytes hex) of a signer secret, for the widget's verification. */
export function publicKeyOf(privateKeyHex: string): string {
  const seed = Buffer.from(privateKeyHex.replace(/^0x/, ""), "hex");
  // PKCS#8 DER prefix for an Ed25519 private key seed.
  const der = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]);
  const key = crypto.createPrivateKey({ key: der, format: "der", type: "pkcs8" });
  const spki = crypto.createPublicKey(key).export({ format: "der", type: "spki" });
  return Buffer.from(spki.subarray(spki.length - 32)).toString("hex");
}

/** Verifies a widget signature with Node's own Ed25519 (independent of the signer library). */
export function verifyCardSignature(o: ScOptions, signatureHex: string, publicKeyHex: string): boolean {
  if (!/^[0-9a-fA-F]{128}$/.test(signatureHex) || !/^(0x)?[0-9a-fA-F]{64}$/.test(publicKeyHex)) return false;
  const spki = Buffer.concat([
    Buffer.from("302a300506032b6570032100", "hex"),
    Buffer.from(publicKeyHex.replace(/^0x/, ""), "hex"),
  ]);
  const key = crypto.createPublicKey({ key: spki, format: "der", type: "spki" });
  return crypto.verify(null, signedMessage(o), key, Buffer.from(signatureHex, "hex"));
}
