/** Chain access through viem: one public client per configured chain id. The presale ABI is in contracts.ts. */
import { createPublicClient, http, type PublicClient } from "viem";
import type { Config } from "./config.ts";

export class Chains {
  private clients = new Map<number, PublicClient>();
  private readonly config: Pick<Config, "chains" | "rpcTimeoutMs">;
  constructor(config: Pick<Config, "chains" | "rpcTimeoutMs">) {
    this.config = config;
  }

  has(chainId: number): boolean {
    return this.config.chains.has(chainId);
  }

  ids(): number[] {
    return [...this.config.chains.keys()];
  }

  presale(chainId: number) {
    return this.config.chains.get(chainId)?.presale;
  }

  client(chainId: number): PublicClient {
    let c = this.clients.get(chainId);
    if (!c) {
      const chain = this.config.chains.get(chainId);
      if (!chain) throw new Error(`chain ${chainId} is not configured`);
      c = createPublicClient({
        transport: http(chain.rpcUrl, { timeout: this.config.rpcTimeoutMs, retryCount: 2, retryDelay: 150 }),
      });
      this.clients.set(chainId, c);
    }
    return c;
  }
}
