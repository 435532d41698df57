// Hardhat's well-known local accounts: the public test mnemonic every Hardhat node funds. Local chains only; no real
// key is ever written in the repository (deployments read theirs from the environment or Hardhat's keystore).
import { bytesToHex, type Hex } from "viem";
import { mnemonicToAccount } from "viem/accounts";

export const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";

/** The private key of the local Hardhat account at `index` (m/44'/60'/0'/0/index). */
export function localKey(index: number): Hex {
  const key = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
  if (!key) throw new Error(`no key for local account ${index}`);
  return bytesToHex(key);
}
