import { mnemonicToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { ACCOUNT_ADDRESS, ACCOUNT_INDEX, HARDHAT_TEST_MNEMONIC } from "./localTestWallet.ts";

describe("local test wallet", () => {
  it("announces the address its key derives to (the derivation itself waits for the first signature)", () => {
    expect(mnemonicToAccount(HARDHAT_TEST_MNEMONIC, { addressIndex: ACCOUNT_INDEX }).address).toBe(ACCOUNT_ADDRESS);
  });
  it("the stub exports no connector", async () => {
    const stub = await import("./localTestWallet.stub.ts");
    expect(stub.localTestWallet).toBeNull();
    expect(stub.LOCAL_TEST_WALLET_ID).toBeNull();
  });
});
