// Hardhat's well-known local accounts for tests that sign, from the local stack's own list
// (scripts/local/accounts.ts): never a pasted key.
import { privateKeyToAccount } from "viem/accounts";
import { localKey } from "../../../scripts/local/accounts.ts";

export const localTestAccount = (index: number) => privateKeyToAccount(localKey(index));
