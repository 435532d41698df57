/** Card pricing and signing, without a chain. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { decodeFunctionData, parseEther } from "viem";
import {
  commodityAmount,
  encodeCardPurchase,
  publicKeyOf,
  signCardOptions,
  verifyCardSignature,
  type ScOptions,
} from "../src/card.ts";
import { presaleAbi } from "../src/contracts.ts";
/** RFC 8032's Ed25519 test vector 1 (section 7.1): a published secret, so the public key below is a known answer. */
const RFC8032_SECRET = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";

const require = createRequire(import.meta.url);
const USER = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const PRESALE = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

void test("commodity amount: +1%, rounded up to 8 decimals, never below the quote", () => {
  assert.deepEqual(commodityAmount(parseEther("1")), { wei: parseEther("1.01"), text: "1.01", value: 1.01 });
  // 0.012345678901234567 * 1.01 = 0.01246913569... -> 0.01246914
  assert.equal(commodityAmount(12345678901234567n).text, "0.01246914");
  // exact multiples stay exact
  assert.equal(commodityAmount(100n * 10n ** 10n).text, "0.00000101");
  // one wei still costs one unit of the 8th decimal
  assert.equal(commodityAmount(1n).text, "0.00000001");
  for (const wei of [1n, 999n, 10n ** 10n - 1n, 123456789012345678n, 7n * 10n ** 17n + 3n]) {
    const c = commodityAmount(wei);
    assert.ok(c.wei * 100n >= wei * 101n, `covers quote + 1% for ${wei}`);
    assert.equal(c.wei % 10n ** 10n, 0n, "8 decimals");
    assert.ok(c.wei - 10n ** 10n < (wei * 101n + 99n) / 100n, "rounded up by less than one unit");
    assert.equal(parseEther(c.value.toFixed(8)), c.wei, "the number form is exact");
    assert.equal(parseEther(c.text), c.wei);
  }
});

void test("sc_input_data is buyWithETHWert(user, amount, stake)", () => {
  const data = encodeCardPurchase(USER, 1234n, true);
  const d = decodeFunctionData({ abi: presaleAbi, data });
  assert.equal(d.functionName, "buyWithETHWert");
  assert.deepEqual(d.args, [USER, 1234n, true]);
});

void test("signature: made by the provider's signer, verified with its public key (Node Ed25519), bound to every field", () => {
  const o: ScOptions = {
    address: USER,
    commodity: "ETH",
    commodity_amount: 0.01246914,
    network: "base_sepolia",
    sc_address: PRESALE,
    sc_input_data: encodeCardPurchase(USER, 1000n, false),
  };
  const signed = signCardOptions(o, RFC8032_SECRET);
  assert.match(signed.signature, /^[0-9A-F]{128}$/);
  const pub = publicKeyOf(RFC8032_SECRET);
  // The public key agrees with the signer library's own derivation.
  const { eddsa: EdDSA } = require("elliptic") as {
    eddsa: new (curve: "ed25519") => { keyFromSecret(secret: string): { getPublic(enc: "hex"): string } };
  };
  assert.equal(pub, new EdDSA("ed25519").keyFromSecret(RFC8032_SECRET).getPublic("hex"));
  // RFC 8032 test vector 1: this secret's public key.
  assert.equal(pub, "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
  assert.equal(verifyCardSignature(o, signed.signature, pub), true);
  assert.equal(
    verifyCardSignature({ ...o, commodity: "eth" }, signed.signature, pub),
    true,
    "commodity is case-insensitive in the signer",
  );
  const tampered: Array<Partial<ScOptions>> = [
    { address: PRESALE },
    { commodity_amount: 0.01 },
    { network: "base" },
    { sc_address: USER },
    { sc_input_data: encodeCardPurchase(USER, 1001n, false) },
  ];
  for (const t of tampered)
    assert.equal(verifyCardSignature({ ...o, ...t }, signed.signature, pub), false, JSON.stringify(t));
  assert.equal(verifyCardSignature(o, signed.signature, publicKeyOf("11".repeat(32))), false, "another key");
  assert.equal(verifyCardSignature(o, "zz", pub), false, "garbage signature");
});
