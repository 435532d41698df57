// @vitest-environment jsdom
// The console's owner actions over a fake chain adapter: the send button exists only for a wallet holding the role
// (a wallet without it reads "read-only", no button at all); a send simulates then writes each planned call to its
// contract; a refusal in the wallet is told apart from a revert, which is named by its custom error; the planner's
// refusal is shown in its words; the Safe batch holds the calls as the contract's ABI encodes them.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { planPause, planSetRounds, type ChainRef, type Ladder } from "@shaft/owner-actions";
import { encodeFunctionData, type Address } from "viem";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { walletState, type ErasedCall } from "../../../chain/index.ts";
import { abiOf } from "../../../config/contracts.ts";
import { env } from "../../../config/env.ts";
import { initTestI18n } from "../../../test/i18nForTests.ts";
import { ActionCard } from "./ActionCard.tsx";
import { editedTime, utcInput } from "./inputs.ts";
import { safeBatches } from "./send.ts";
import { planned } from "./usePlan.ts";

const chain = {
  simulateError: undefined as Error | undefined,
  writeError: undefined as Error | undefined,
  writes: [] as ErasedCall[],
};
vi.mock("../../../chain/wagmiIO.ts", async () => {
  const { fakeChainIO } = await import("../../../test/fakeChainIO.ts");
  return {
    wagmiIO: () =>
      fakeChainIO({
        read: () => undefined,
        simulate: () => {
          if (chain.simulateError) throw chain.simulateError;
        },
        write: (c) => {
          if (chain.writeError) throw chain.writeError;
          chain.writes.push(c);
          return `0x${String(chain.writes.length).padStart(64, "0")}` as const;
        },
        waitForReceipt: () => ({ status: "success" }),
      }),
  };
});

const ACCOUNT = "0x90F79bf6EB2c4f870365E785982E1f101E93b906" as Address;
const BASE: ChainRef = { name: env.base.chainName, side: "base", chainId: env.base.chainIdInt };
const ETH: ChainRef = { name: env.eth.chainName, side: "eth", chainId: env.eth.chainIdInt };
const pausePlan = () => planned(() => planPause({ chain: BASE, paused: false, pause: true }));

function card(holds: boolean, plan = pausePlan(), onDone = () => {}) {
  return render(
    <ActionCard
      id="pause-base"
      title="Pause the sale"
      authority={{ label: "ADMIN_ROLE on Base", holds }}
      account={ACCOUNT}
      planned={plan}
      safeOf={() => ACCOUNT}
      onDone={onDone}
    />,
  );
}

beforeAll(async () => {
  await initTestI18n();
});
beforeEach(() => {
  Object.assign(chain, { simulateError: undefined, writeError: undefined, writes: [] });
  walletState.set({ status: "connected", isConnected: true, address: ACCOUNT, chainId: env.base.chainIdInt });
});
afterEach(cleanup);

describe("owner actions at /owner", () => {
  it("a wallet without the role has no send button, only the read-only line and the Safe export", () => {
    card(false);
    expect(screen.queryByTestId("action-send-pause-base")).toBeNull();
    expect(screen.getByTestId("action-readonly-pause-base").textContent).toBe(
      "Read-only: this wallet does not hold ADMIN_ROLE on Base.",
    );
    expect(screen.getByTestId("action-call-pause-base").textContent).toContain("Presale.pause — paused: false → true");
    expect(screen.getByTestId<HTMLButtonElement>("action-safe-pause-base").disabled).toBe(false);
  });

  it("the role holder sends the planned call to the chain's presale", async () => {
    const onDone = vi.fn();
    card(true, pausePlan(), onDone);
    expect(screen.queryByTestId("action-readonly-pause-base")).toBeNull();
    fireEvent.click(screen.getByTestId("action-send-pause-base"));
    expect(await screen.findByTestId("action-sent-pause-base")).toBeTruthy();
    expect(chain.writes.map((w) => [w.address, w.functionName, w.args])).toEqual([
      [env.base.presaleAddress, "pause", []],
    ]);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("a refusal in the wallet is not a failure; a revert is named by its custom error", async () => {
    chain.writeError = Object.assign(new Error("User rejected the request."), { code: 4001 });
    card(true);
    fireEvent.click(screen.getByTestId("action-send-pause-base"));
    expect((await screen.findByTestId("action-rejected-pause-base")).textContent).toBe(
      "You rejected the request in your wallet.",
    );
    cleanup();
    chain.simulateError = Object.assign(new Error("reverted"), {
      name: "ContractFunctionRevertedError",
      data: { errorName: "AccessControlUnauthorizedAccount" },
    });
    card(true);
    fireEvent.click(screen.getByTestId("action-send-pause-base"));
    expect((await screen.findByTestId("action-failed-pause-base")).textContent).toBe(
      "Presale.pause would revert: AccessControlUnauthorizedAccount.",
    );
    expect(chain.writes).toEqual([]);
  });

  it("the planner's refusal is shown in its words, and there is nothing to send or export", () => {
    card(
      true,
      planned(() => planPause({ chain: BASE, paused: true, pause: true })),
    );
    expect(screen.getByTestId("action-nothing-pause-base")).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>("action-send-pause-base").disabled).toBe(true);
    cleanup();
    const ladder: Ladder = { rounds: [], step: 0, now: 0n };
    const refused = planned(() =>
      planSetRounds({ chains: [{ chain: BASE, ladder, saleEnd: 0n }], next: [], now: 0n, source: "the new table" }),
    );
    card(true, refused);
    expect(screen.getByTestId("action-refusal-pause-base").textContent).toBe(
      "round table refused:\n  - the round table is empty",
    );
    expect(screen.getByTestId<HTMLButtonElement>("action-safe-pause-base").disabled).toBe(true);
  });

  it("Safe batches: one file per chain, each call encoded as the contract's ABI encodes it", () => {
    const calls = [
      { chain: ETH, contract: "Presale", functionName: "setCurrentStep", args: [1n, 0n], note: "move" },
      { chain: BASE, contract: "Presale", functionName: "setCurrentStep", args: [1n, 5n], note: "move" },
    ] as const;
    const files = safeBatches(calls, "Set presale step", (b) => (b.key === "eth" ? "0xe" : "0xb"));
    expect(files.map((f) => f.file)).toEqual(["set-presale-step-ethereum.json", "set-presale-step-base.json"]);
    const base = JSON.parse(files[1].json) as {
      chainId: string;
      meta: { createdFromSafeAddress: string };
      transactions: { to: string; data: string }[];
    };
    expect(base.chainId).toBe(String(env.base.chainIdInt));
    expect(base.meta.createdFromSafeAddress).toBe("0xb");
    expect(base.transactions).toEqual([
      expect.objectContaining({
        to: env.base.presaleAddress,
        data: encodeFunctionData({ abi: abiOf("Presale"), functionName: "setCurrentStep", args: [1n, 5n] }),
      }),
    ]);
  });

  it("an untouched time field keeps the chain's value to the second; an edited one is its minute, in UTC", () => {
    const onChain = 1_800_000_013n; // 2027-01-15T08:00:13Z
    expect(utcInput(onChain)).toBe("2027-01-15T08:00");
    expect(editedTime("2027-01-15T08:00", onChain, "end")).toBe(onChain);
    expect(editedTime("2027-01-15T09:30", onChain, "end")).toBe(1_800_005_400n);
    expect(() => editedTime("soon", onChain, "end")).toThrow('end: "soon" is not a time');
  });
});
