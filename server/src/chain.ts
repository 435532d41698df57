/** Chain access through viem: one public client per configured chain id, and the presale ABI fragments we use. */
import { createPublicClient, http, parseAbi, type Abi, type PublicClient } from "viem";
import type { Config } from "./config.ts";

/**
 * Fallback ABI: the parts of contracts/interfaces/IPresale.sol the server reads, encodes or decodes (errors for
 * revert reasons). The compiled or generated ABI is preferred when present (see config.ts), so an event or error
 * added to the contract later is still decoded.
 */
export const presaleAbi = parseAbi([
  "function ethBuyHelper(uint256 amount) view returns (uint256)",
  "function maxTokensToBuy() view returns (uint256)",
  "function buyWithEth(uint256 amount, bool stake) payable",
  "function buyWithETHWert(address user, uint256 amount, bool stake) payable",
  "event TokensBought(address indexed user, address indexed paymentToken, uint256 tokens, uint256 paid, uint256 usdValue, bool staked)",
  "error ZeroAddress()",
  "error ZeroAmount()",
  "error UnsupportedPaymentToken()",
  "error SaleNotActive()",
  "error SalePaused()",
  "error SoldOut()",
  "error MaxTokensExceeded(uint256 maxTokensToBuy, uint256 requested)",
  "error InsufficientPayment(uint256 required, uint256 sent)",
  "error AccountBlacklisted(address account)",
  "error AccountSanctioned(address account)",
  "error NotWhitelisted(address account)",
  "error NotCardProvider(address caller)",
  "error StakingUnavailable()",
  "error InvalidPrice(int256 answer)",
  "error StalePrice(uint256 updatedAt, uint256 heartbeat)",
  "error SequencerDown()",
  "error SequencerGracePeriod(uint256 restartedAt, uint256 gracePeriod)",
  "error EthTransferFailed(address to)",
]);

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

  /** The presale ABI for a chain (compiled/generated when available, else the interface fragment). */
  abi(chainId: number): Abi {
    return this.config.chains.get(chainId)?.presaleAbi ?? presaleAbi;
  }

  client(chainId: number): PublicClient {
    let c = this.clients.get(chainId);
    if (!c) {
      const chain = this.config.chains.get(chainId);
      if (!chain) throw new Error(`chain ${chainId} is not configured`);
      c = createPublicClient({
        transport: http(chain.rpcUrl, { timeout: this.config.rpcTimeoutMs, retryCount: 2, retryDelay: 150 }),
      }) as PublicClient;
      this.clients.set(chainId, c);
    }
    return c;
  }
}
