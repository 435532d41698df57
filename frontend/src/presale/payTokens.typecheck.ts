// Compile-time checks of the payment-token table's purchase calls (run by `tsc`, never imported by the app), like
// chain/chainIO.typecheck.ts: each `@ts-expect-error` line must stay an error. A row's `buy` is the one place a
// purchase's function and arguments are written, and these pin that it is checked against the generated ABI: when
// a buy function changes (an argument added, say), every row building it fails here until it is updated.
import type { BuyOrder, PresaleBuy } from "./payTokens.ts";

export function typedPurchases(o: BuyOrder): PresaleBuy[] {
  const fine: PresaleBuy[] = [
    { functionName: "buyWithEth", args: [o.tokens, o.stake], value: o.pay },
    { functionName: "buyWithEth", args: [o.tokens, o.recipient], value: o.pay },
    { functionName: "buyWithUSDC", args: [o.tokens, o.pay, o.stake] },
    { functionName: "buyWithUSDT", args: [o.tokens, o.pay, o.recipient] },
  ];
  // @ts-expect-error USDT is bought on Ethereum only, for a recipient (no stake flag)
  const usdtStake: PresaleBuy<"nonpayable"> = { functionName: "buyWithUSDT", args: [o.tokens, o.pay, o.stake] };
  // @ts-expect-error a buy function the presale does not have
  const unknown: PresaleBuy = { functionName: "buyWithDAI", args: [o.tokens, o.pay, o.stake] };
  // @ts-expect-error a function that is not a purchase
  const notBuy: PresaleBuy = { functionName: "pause", args: [] };
  // @ts-expect-error the arguments of another buy function
  const wrongArgs: PresaleBuy<"nonpayable"> = { functionName: "buyWithUSDT", args: [o.tokens, o.stake] };
  // @ts-expect-error an argument of the wrong type
  const wrongType: PresaleBuy<"nonpayable"> = { functionName: "buyWithUSDC", args: [o.tokens, o.pay, "yes"] };
  // @ts-expect-error ETH without the value it sends
  const noValue: PresaleBuy<"payable"> = { functionName: "buyWithEth", args: [o.tokens, o.stake] };
  // @ts-expect-error a payable purchase where the presale pulls a token
  const payable: PresaleBuy<"nonpayable"> = { functionName: "buyWithEth", args: [o.tokens, o.stake] };
  return [...fine, usdtStake, unknown, notBuy, wrongArgs, wrongType, noValue, payable];
}
