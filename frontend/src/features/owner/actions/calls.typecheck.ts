// Compile-time check (run by `tsc`, never imported by the app): every call @shaft/owner-actions plans fits the
// contract's generated ABI here, as a call the console sends with writeContract (a function of that name that changes
// state, and these arguments). A renamed or re-typed function in the contracts fails the type check.
import type { OwnerCallBody } from "@shaft/owner-actions";
import type { ContractFunctionArgs, ContractFunctionName } from "viem";
import type { ContractAbi } from "../../../config/contracts.ts";
import type { WriteMutability } from "../../../chain/index.ts";

/** The calls that do not fit, each named; `never` when all do (distributed over every call and function name). */
type Misfits<C> = C extends { contract: infer K extends "Presale" | "Staking"; functionName: infer F; args: infer A }
  ? F extends ContractFunctionName<ContractAbi<K>, WriteMutability>
    ? A extends ContractFunctionArgs<ContractAbi<K>, WriteMutability, F>
      ? never
      : { argumentsDoNotFit: F }
    : { notAWriteFunction: F }
  : never;

/** `true` when every planned call fits; otherwise the type error names the misfits. */
export const everyOwnerCallFits: [Misfits<OwnerCallBody>] extends [never] ? true : Misfits<OwnerCallBody> = true;
