// @vitest-environment jsdom
// The failed view says what is on chain: after a mined approval, never "Nothing changed".
import { cleanup, render, screen } from "@testing-library/react";
import { readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { FlowStatusView } from "./FlowStatusView.tsx";
import type { FlowState } from "./stakingMachine.ts";

type Bundle = { staking: { status: Record<string, string>; errors: Record<string, string> } };
const en = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../public/assets/i18n/en.json"), "utf8"),
) as Bundle;

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const failed = (over: Partial<FlowState>): FlowState => ({ status: "failed", kind: "stake", amount: 5, ...over });
const shown = (s: FlowState) => {
  render(<FlowStatusView s={s} onDone={() => {}} />);
  const approval = screen.queryByTestId("staking-failed-approval")?.textContent ?? null;
  return { reason: screen.getByTestId("staking-failed-reason").textContent, approval };
};

describe("a failed deposit's view", () => {
  it("with nothing on chain: 'Nothing changed'", () => {
    expect(shown(failed({}))).toEqual({ reason: en.staking.status.failed_desc, approval: null });
  });
  it("after a mined approval: the deposit failed, the approval stands, nothing was staked", () => {
    expect(shown(failed({ approvalMined: true }))).toEqual({
      reason: en.staking.status.deposit_failed,
      approval: en.staking.status.approval_kept,
    });
    expect(en.staking.status.deposit_failed).not.toMatch(/nothing changed/i);
  });
  it("a named revert keeps its own sentence, and the approval line", () => {
    expect(shown(failed({ approvalMined: true, errorName: "DepositLimitExceeded" }))).toEqual({
      reason: en.staking.errors.DepositLimitExceeded,
      approval: en.staking.status.approval_kept,
    });
  });
});
