// Switch chain with wallet_switchEthereumChain; on 4902 (chain unknown to the wallet) add it, then retry.
import type { ChainBlock } from "../config/env.ts";
import { ERROR_CODES, errorCode } from "./errors.ts";

export type Eip1193 = { request: (a: { method: string; params?: unknown[] }) => Promise<unknown> };

export class ChainNotConfiguredError extends Error {
  constructor(id: number) {
    super(`Chain ${id} is not configured.`);
    this.name = "ChainNotConfiguredError";
  }
}

export async function switchOrAddChain(
  provider: Eip1193,
  target: ChainBlock | undefined,
  requestedId?: number,
): Promise<void> {
  if (!target) throw new ChainNotConfiguredError(requestedId ?? -1);
  const sw = () => provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: target.chainId }] });
  try {
    await sw();
  } catch (err) {
    if (errorCode(err) !== ERROR_CODES.unknownChain) throw err;
    await provider.request({ method: "wallet_addEthereumChain", params: [target.chainInfo] });
    await sw();
  }
}
