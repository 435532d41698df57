// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initTestI18n } from "../../test/i18nForTests.ts";
import { PAY_TOKENS, tokenById } from "../../presale/index.ts";
import { TokenSelect } from "./TokenSelect.tsx";

beforeAll(initTestI18n);
afterEach(cleanup);

describe("the payment menu with the keyboard", () => {
  it("opens with ArrowDown on the selected token, moves with the arrows, chooses with Enter, closes with Escape", () => {
    const onSelect = vi.fn();
    const rows = PAY_TOKENS.map((token) => ({ token, balance: token.id === "eth-usdt" ? 0 : 5, usd: 10 }));
    render(<TokenSelect rows={rows} value={tokenById("eth-native")} onSelect={onSelect} />);
    const trigger = screen.getByRole("button", { name: /ETH/ });
    fireEvent.keyDown(trigger, { key: "ArrowDown" });
    const list = screen.getByRole("listbox", { name: "Payment method" });
    expect(document.activeElement).toBe(screen.getByTestId("payment-option-eth-native"));
    fireEvent.keyDown(list, { key: "ArrowDown" }); // USDT has no balance: skipped
    expect(document.activeElement).toBe(screen.getByTestId("payment-option-eth-usdc"));
    fireEvent.keyDown(list, { key: "Home" });
    expect(document.activeElement).toBe(screen.getByTestId("payment-option-base-native"));
    fireEvent.keyDown(list, { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(onSelect).not.toHaveBeenCalled();
  });
});
