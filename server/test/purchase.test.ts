/**
 * The purchase event as the server reads it (src/purchase.ts): `buyer` is who made the call and paid, `recipient` who
 * owns the tokens on Base. Receipts are built from the generated ABI's own event encoding, as a node returns them.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  encodeAbiParameters,
  encodeEventTopics,
  getAddress,
  zeroAddress,
  type Address,
  type Log,
  type TransactionReceipt,
} from "viem";
import { presaleAbi } from "../src/contracts.ts";
import { customerOf, purchasesIn } from "../src/purchase.ts";

const PRESALE = getAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3");
const PAYER = getAddress("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
const BASE_RECIPIENT = getAddress("0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65");
const CARD_PROVIDER = getAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
const RELAYER = getAddress("0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc");

function purchaseLog(emitter: Address, buyer: Address, recipient: Address, tokens: bigint): Log {
  const topics = encodeEventTopics({
    abi: presaleAbi,
    eventName: "TokensBought",
    args: { buyer, recipient, paymentToken: zeroAddress },
  });
  const data = encodeAbiParameters(
    [{ type: "uint256" }, { type: "uint256" }, { type: "uint256" }, { type: "bool" }],
    [tokens, 10n ** 15n, 6n * 10n ** 18n, false],
  );
  return { address: emitter, topics, data } as unknown as Log;
}

function receipt(from: Address, to: Address, logs: Log[], status: "success" | "reverted" = "success") {
  return {
    status,
    from,
    to,
    logs,
    blockNumber: 42n,
    transactionHash: `0x${"ab".repeat(32)}`,
  } as unknown as TransactionReceipt;
}

void test("an Ethereum purchase for a Base address is the payer's: buyer and recipient both kept, the conversion the buyer's", () => {
  const [p] = purchasesIn(receipt(PAYER, PRESALE, [purchaseLog(PRESALE, PAYER, BASE_RECIPIENT, 1_000n)]), 1, PRESALE);
  assert.equal(p.buyer, PAYER);
  assert.equal(p.recipient, BASE_RECIPIENT);
  assert.equal(p.tokens, 1_000n);
  assert.equal(customerOf(p, new Set()), PAYER, "attributed to who paid, not to the address it named");
});

void test("a card purchase belongs to the card customer (the recipient), not to the provider that called", () => {
  const [p] = purchasesIn(
    receipt(CARD_PROVIDER, PRESALE, [purchaseLog(PRESALE, CARD_PROVIDER, PAYER, 500n)]),
    31338,
    PRESALE,
  );
  assert.equal(customerOf(p, new Set([CARD_PROVIDER.toLowerCase()])), PAYER);
});

void test("a smart account's purchase sent by a relayer: the buyer is the account (the event's), not the sender", () => {
  const account = getAddress("0x000000000000000000000000000000000000c0de");
  const [p] = purchasesIn(receipt(RELAYER, account, [purchaseLog(PRESALE, account, account, 7n)]), 31338, PRESALE);
  assert.equal(p.buyer, account);
  assert.equal(p.sender, RELAYER);
});

void test("another contract's event of the same shape, or a reverted receipt, buys nothing", () => {
  const other = getAddress("0x000000000000000000000000000000000000bEEF");
  assert.deepEqual(purchasesIn(receipt(PAYER, other, [purchaseLog(other, PAYER, PAYER, 1n)]), 1, PRESALE), []);
  const reverted = receipt(PAYER, PRESALE, [purchaseLog(PRESALE, PAYER, PAYER, 1n)], "reverted");
  assert.deepEqual(purchasesIn(reverted, 1, PRESALE), []);
});
