// Every contract call the staking flows and reads make exists in the generated ABIs (deployments/deployedContracts.ts)
// with the arguments the flows pass: a renamed or re-shaped function fails here, not in a user's wallet.
import { describe, expect, it } from "vitest";
import type { Abi, AbiFunction } from "viem";
import { abiOf } from "../../config/contracts.ts";

const fn = (abi: Abi, name: string) => abi.find((x): x is AbiFunction => x.type === "function" && x.name === name);

describe("ABIs used by the staking feature", () => {
  const staking = abiOf("Staking");
  const presale = abiOf("Presale");
  it.each([
    ["deposit", ["uint256"], "nonpayable"],
    ["withdraw", [], "nonpayable"],
    ["harvestRewards", [], "nonpayable"],
    ["poolStakers", ["address"], "view"],
    ["getRewards", ["address"], "view"],
    ["apy", [], "view"],
    ["lockTime", [], "view"],
    ["totalStaked", [], "view"],
    ["claimsLocked", [], "view"],
    ["depositsLocked", [], "view"],
    ["withdrawalsLocked", [], "view"],
  ])("Staking.%s(%j) %s", (name, inputs, mutability) => {
    const f = fn(staking, name);
    expect(f, name).toBeDefined();
    expect(f!.inputs.map((i) => i.type)).toEqual(inputs);
    expect(f!.stateMutability).toBe(mutability);
  });
  it("poolStakers returns amount and unlockTime", () => {
    const out = fn(staking, "poolStakers")!.outputs[0] as { components?: { name: string }[] };
    expect(out.components?.map((c) => c.name)).toEqual(expect.arrayContaining(["amount", "unlockTime"]));
  });
  it.each([["claim"], ["claimAndStake"]])("Presale.%s() takes no argument", (name) => {
    expect(fn(presale, name)?.inputs).toEqual([]);
  });
  it("Presale.claimStart() is a view", () => {
    expect(fn(presale, "claimStart")?.stateMutability).toBe("view");
  });
});
