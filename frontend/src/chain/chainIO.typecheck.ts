// Compile-time checks of ChainIO (run by `tsc`, never imported by the app): each `@ts-expect-error` line must stay
// an error, or the type check fails. They pin what the typed calls guarantee: a function name, an argument list or
// a result that does not fit the generated ABI does not compile.
import { erc20Abi, type Address } from "viem";
import { abiOf } from "../config/contracts.ts";
import type { ChainIO } from "./chainIO.ts";

const presale = { address: "0x00000000000000000000000000000000000000b2" as Address, abi: abiOf("Presale") } as const;
const staking = { address: "0x00000000000000000000000000000000000000c3" as Address, abi: abiOf("Staking") } as const;

export async function typedCalls(io: ChainIO): Promise<void> {
  const cost: bigint = await io.read({ ...presale, functionName: "usdcBuyHelper", args: [1000n] });
  await io.simulate({ ...presale, functionName: "buyWithUSDC", args: [cost, cost, false] });
  await io.simulate({ ...staking, functionName: "deposit", args: [cost] });

  // @ts-expect-error a function the ABI does not have
  await io.simulate({ ...presale, functionName: "buyWithUSDCoin", args: [cost, cost, false] });
  // @ts-expect-error a view is not sent as a transaction
  await io.simulate({ ...presale, functionName: "usdcBuyHelper", args: [cost] });
  // @ts-expect-error a missing argument
  await io.simulate({ ...presale, functionName: "buyWithUSDC", args: [cost, cost] });
  // @ts-expect-error an argument of the wrong type
  await io.simulate({ ...staking, functionName: "deposit", args: ["1000"] });
  // @ts-expect-error the arguments of another function
  await io.simulate({ ...presale, functionName: "buyWithEth", args: [cost, cost, false] });
  // @ts-expect-error native value sent to a function that is not payable
  await io.simulate({ ...staking, functionName: "deposit", args: [cost], value: cost });
  await io.simulate({ ...presale, functionName: "buyWithEth", args: [cost, false], value: cost });
  // @ts-expect-error a function without arguments given one
  await io.simulate({ ...staking, functionName: "withdraw", args: [cost] });
  // @ts-expect-error uint256 is a bigint, not a number
  const wrong: number = await io.read({
    address: presale.address,
    abi: erc20Abi,
    functionName: "allowance",
    args: [presale.address, presale.address],
  });
  void wrong;
  // @ts-expect-error a contract name the map does not have
  abiOf("Presail");
}
