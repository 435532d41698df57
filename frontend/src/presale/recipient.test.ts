// @vitest-environment jsdom
// The recipient rules of an Ethereum purchase (recipient.ts): who owns the tokens, from the account's code.
import type { Address, Hex } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import {
  accountKind,
  hasChecksum,
  parseRecipient,
  recipientFor,
  rememberedRecipient,
  rememberRecipient,
  repointedTokens,
} from "./recipient.ts";

const BUYER = "0x00000000000000000000000000000000000000a1" as Address;
const CHOSEN = "0x00000000000000000000000000000000000000b2" as Address;
const DELEGATE = "5fbdb2315678afecb367f032d93f642f64180aa3";

describe("the account's kind, from its code on Ethereum", () => {
  it("no code: an account a key controls", () => {
    expect(accountKind("0x")).toBe("eoa");
    expect(accountKind(undefined)).toBe("eoa");
  });
  it("an EIP-7702 delegation designator (0xef0100 + address): the same key controls it on Base", () => {
    expect(accountKind(`0xef0100${DELEGATE}`)).toBe("delegated");
    expect(accountKind(`0xEF0100${DELEGATE.toUpperCase()}`)).toBe("delegated");
  });
  it("any other code is a contract, designator look-alikes included", () => {
    expect(accountKind("0x6080604052348015600f57600080fd5b50")).toBe("contract");
    expect(accountKind(`0xef0100${DELEGATE}00`)).toBe("contract"); // one byte too long
    expect(accountKind(`0xef0100${DELEGATE.slice(2)}`)).toBe("contract"); // one byte short
    expect(accountKind(`0xef0101${DELEGATE}`)).toBe("contract"); // another prefix
    expect(accountKind(`0x00ef0100${DELEGATE}` as Hex)).toBe("contract");
  });
});

describe("the recipient the order names", () => {
  it("an EOA or a delegated account: its own address, whatever was typed", () => {
    expect(recipientFor(BUYER, "eoa", CHOSEN)).toBe(BUYER);
    expect(recipientFor(BUYER, "delegated", undefined)).toBe(BUYER);
  });
  it("a contract: only the typed and confirmed address, never its own", () => {
    expect(recipientFor(BUYER, "contract", undefined)).toBeUndefined();
    expect(recipientFor(BUYER, "contract", CHOSEN)).toBe(CHOSEN);
  });
  it("nothing while the account's code is unknown", () => {
    expect(recipientFor(BUYER, undefined, CHOSEN)).toBeUndefined();
  });
});

describe("a typed Base address", () => {
  it("0x and 40 hex characters; anything else is invalid, the zero address refused", () => {
    expect(parseRecipient("")).toBeUndefined();
    expect(parseRecipient(`  ${CHOSEN} `)).toEqual({ address: CHOSEN });
    expect(parseRecipient(CHOSEN.slice(0, 41))).toEqual({ issue: "invalid" });
    expect(parseRecipient(`${CHOSEN}0`)).toEqual({ issue: "invalid" });
    expect(parseRecipient("0xzz00000000000000000000000000000000000000")).toEqual({ issue: "invalid" });
    expect(parseRecipient("alice.eth")).toEqual({ issue: "invalid" });
    expect(parseRecipient("0x0000000000000000000000000000000000000000")).toEqual({ issue: "zero" });
  });
  it("a mixed-case address carries a checksum to verify; one case does not", () => {
    expect(hasChecksum("0x5FbDB2315678afecb367f032d93F642f64180aa3")).toBe(true);
    expect(hasChecksum("0x5fbdb2315678afecb367f032d93f642f64180aa3")).toBe(false);
    expect(hasChecksum("0x5FBDB2315678AFECB367F032D93F642F64180AA3")).toBe(false);
  });
});

describe("unrelayed tokens a purchase re-points", () => {
  const info = { recipient: BUYER, tokens: 900, relayed: 400 };
  it("the unrelayed rest when the new recipient differs (the relayed part is final)", () => {
    expect(repointedTokens(info, CHOSEN)).toBe(500);
  });
  it("none for the same recipient (any case), a first purchase, or everything relayed", () => {
    expect(repointedTokens(info, BUYER.toUpperCase().replace("0X", "0x") as Address)).toBe(0);
    expect(
      repointedTokens({ recipient: "0x0000000000000000000000000000000000000000", tokens: 0, relayed: 0 }, CHOSEN),
    ).toBe(0);
    expect(repointedTokens({ ...info, relayed: 900 }, CHOSEN)).toBe(0);
    expect(repointedTokens(undefined, CHOSEN)).toBe(0);
  });
});

describe("the confirmed address is remembered per buyer", () => {
  afterEach(() => localStorage.clear());
  it("saved for one buyer, not seen by another, forgotten on request", () => {
    rememberRecipient(BUYER, CHOSEN);
    expect(rememberedRecipient(BUYER)).toBe(CHOSEN);
    expect(rememberedRecipient(BUYER.toUpperCase().replace("0X", "0x") as Address)).toBe(CHOSEN);
    expect(rememberedRecipient(CHOSEN)).toBeUndefined();
    rememberRecipient(BUYER, undefined);
    expect(rememberedRecipient(BUYER)).toBeUndefined();
  });
  it("a tampered entry is not used", () => {
    localStorage.setItem(`shaft.recipient.${BUYER}`, "0xnot-an-address");
    expect(rememberedRecipient(BUYER)).toBeUndefined();
  });
});
