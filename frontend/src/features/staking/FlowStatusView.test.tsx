// @vitest-environment jsdom
// The failed view says what is on chain: after a mined approval, never "Nothing changed".
import { cleanup, render, screen } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../test/i18nForTests.ts";
import { FlowStatusView } from "./FlowStatusView.tsx";
import type { FlowState } from "./stakingMachine.ts";

let i18n: I18n;
beforeAll(async () => {
  i18n = await initTestI18n();
});
afterEach(cleanup);
const en = (key: string) => i18n.t(key);

const failed = (over: Partial<FlowState>): FlowState => ({ status: "failed", kind: "stake", amount: 5, ...over });
const shown = (s: FlowState) => {
  render(<FlowStatusView s={s} onDone={() => {}} />);
  const approval = screen.queryByTestId("staking-failed-approval")?.textContent ?? null;
  return { reason: screen.getByTestId("staking-failed-reason").textContent, approval };
};

describe("a failed deposit's view", () => {
  it("with nothing on chain: 'Nothing changed'", () => {
    expect(shown(failed({}))).toEqual({ reason: en("staking.status.failed_desc"), approval: null });
  });
  it("after a mined approval: the deposit failed, the approval stands, nothing was staked", () => {
    expect(shown(failed({ approvalMined: true }))).toEqual({
      reason: en("staking.status.deposit_failed"),
      approval: en("staking.status.approval_kept"),
    });
    expect(en("staking.status.deposit_failed")).not.toMatch(/nothing changed/i);
  });
  it("a named revert keeps its own sentence, and the approval line", () => {
    expect(shown(failed({ approvalMined: true, errorName: "DepositLimitExceeded" }))).toEqual({
      reason: en("staking.errors.DepositLimitExceeded"),
      approval: en("staking.status.approval_kept"),
    });
  });
});
