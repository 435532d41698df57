/**
 * Many purchases quickly, for the restart test and the benchmark: automine off, transactions signed locally and sent
 * in JSON-RPC batches, `perBlock` of them mined per block. Buyers are Hardhat accounts from `firstAccount` on, funded
 * here; each buys `amount` tokens per purchase, paying a margin above the dearest round (the presale refunds excess).
 * Ethereum purchases name the buyer itself as the recipient.
 */
import { encodeFunctionData, http, parseEther, createPublicClient, type Address } from "viem";
import { account, fund, read, rpc, type Side } from "./support.ts";

export interface LoadOptions {
  purchases: number;
  perBlock: number;
  buyers?: number;
  firstAccount?: number;
  amount?: bigint;
}

export async function loadPurchases(s: Side, o: LoadOptions): Promise<{ blocks: bigint[]; sent: number }> {
  const buyers = Array.from({ length: o.buyers ?? 40 }, (_, i) => account((o.firstAccount ?? 20) + i));
  await fund(
    s,
    buyers.map((b) => b.address),
  );
  const amount = o.amount ?? 1000n;
  const prices = await read<bigint[]>(s, "roundDetails", [1n]);
  const ethUsd = await read<bigint>(s, "ethUsdPrice");
  const top = prices.reduce((a, b) => (a > b ? a : b));
  const value = (amount * top * 10n ** 18n * 12n) / (ethUsd * 10n); // 20 % above the dearest round's price
  const nonces = new Map<Address, number>();
  for (const b of buyers)
    nonces.set(b.address, await s.client.getTransactionCount({ address: b.address, blockTag: "pending" }));
  const batchClient = createPublicClient({ transport: http(s.url, { batch: { batchSize: 100 } }) });
  const fees = { maxFeePerGas: parseEther("0.0000002"), maxPriorityFeePerGas: 1n }; // 200 gwei: room for rising base fees
  // A block takes transactions up to its gas limit counted by their gas limits, not their use.
  const gas = 250_000n;
  const { gasLimit } = await s.client.getBlock();
  const perBlock = Math.min(o.perBlock, Number(gasLimit / gas));
  await rpc(s, "evm_setAutomine", [false]);
  const blocks: bigint[] = [];
  let sent = 0;
  try {
    while (sent < o.purchases) {
      const n = Math.min(perBlock, o.purchases - sent);
      const raw = await Promise.all(
        Array.from({ length: n }, async (_, i) => {
          const b = buyers[(sent + i) % buyers.length];
          const nonce = nonces.get(b.address)!;
          nonces.set(b.address, nonce + 1);
          const data = encodeFunctionData({
            abi: s.presale.abi,
            functionName: "buyWithEth",
            args: s.chainId === 31337 ? [amount, b.address] : [amount, false],
          });
          return b.signTransaction({
            chainId: s.chainId,
            type: "eip1559",
            to: s.presale.address,
            data,
            value,
            nonce,
            gas,
            ...fees,
          });
        }),
      );
      await Promise.all(
        raw.map((serializedTransaction) =>
          batchClient.request({ method: "eth_sendRawTransaction", params: [serializedTransaction] }),
        ),
      );
      await rpc(s, "evm_mine");
      const block = await s.client.getBlock({ blockTag: "latest", includeTransactions: false });
      if (block.transactions.length !== n)
        throw new Error(`block ${block.number} holds ${block.transactions.length} of ${n}`);
      blocks.push(block.number);
      sent += n;
    }
  } finally {
    await rpc(s, "evm_setAutomine", [true]);
  }
  return { blocks, sent };
}
