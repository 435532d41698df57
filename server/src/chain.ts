/** Chain access through viem: one public client per configured chain id. The presale ABI is in contracts.ts. */
import { createPublicClient, erc20Abi, getAddress, http, zeroAddress, type Address, type PublicClient } from "viem";
import type { Config } from "./config.ts";
import { presaleAbi } from "./contracts.ts";

/** A payment token as a purchase event names it: ETH (the zero address) or one of the presale's stablecoins. */
export interface PayToken {
  symbol: string;
  decimals: number;
}
const ETH: PayToken = { symbol: "ETH", decimals: 18 };

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

  /**
   * The payment token `token` of a purchase on `chainId`: ETH for the zero address, "USDT" or "USDC" (with the
   * token's decimals) when it is the presale's own, else undefined. Read once per chain; a failed read is retried
   * next time (it throws, for the caller to answer 503).
   */
  async payToken(chainId: number, token: Address): Promise<PayToken | undefined> {
    if (getAddress(token) === zeroAddress) return ETH;
    let known = this.payTokens.get(chainId);
    if (!known) {
      known = this.readPayTokens(chainId);
      known.catch(() => this.payTokens.delete(chainId));
      this.payTokens.set(chainId, known);
    }
    return (await known).get(getAddress(token));
  }

  private payTokens = new Map<number, Promise<Map<Address, PayToken>>>();

  private async readPayTokens(chainId: number): Promise<Map<Address, PayToken>> {
    const presale = this.presale(chainId);
    if (!presale) throw new Error(`no presale address for chain ${chainId}`);
    const c = this.client(chainId);
    const out = new Map<Address, PayToken>();
    for (const [fn, symbol] of [
      ["usdt", "USDT"],
      ["usdc", "USDC"],
    ] as const) {
      const address = getAddress(await c.readContract({ address: presale, abi: presaleAbi, functionName: fn }));
      // A chain without the token (Base has no USDT) holds the zero address there.
      if (address === zeroAddress) continue;
      const decimals = await c.readContract({ address, abi: erc20Abi, functionName: "decimals" });
      out.set(address, { symbol, decimals });
    }
    return out;
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
