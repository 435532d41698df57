// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initTestI18n } from "../../test/i18nForTests.ts";
import { PAY_TOKENS, tokenById } from "../../presale/index.ts";
import { TokenSelect } from "./TokenSelect.tsx";

beforeAll(initTestI18n);
afterEach(cleanup);

const rows = PAY_TOKENS.map((token) => ({ token, balance: token.id === "eth-usdt" ? 0 : 5, usd: 10 }));

describe("payment-method dropdown (variant B)", () => {
  it("lists BASE, USDC on Base, ETH, USDT and USDC on Ethereum with balance and USD value", () => {
    render(<TokenSelect rows={rows} value={tokenById("eth-native")} onSelect={() => {}} />);
    fireEvent.click(screen.getByTestId("payment-method"));
    for (const t of PAY_TOKENS) expect(screen.getByTestId(`payment-option-${t.id}`)).toBeTruthy();
    expect(screen.getByTestId("payment-option-base-usdc").textContent).toContain("≈ $10");
  });
  it("filters by the All / BASE / ETH tabs", () => {
    render(<TokenSelect rows={rows} value={tokenById("eth-native")} onSelect={() => {}} />);
    fireEvent.click(screen.getByTestId("payment-method"));
    fireEvent.click(screen.getByTestId("payment-tab-base"));
    expect(screen.queryByTestId("payment-option-eth-native")).toBeNull();
    expect(screen.getByTestId("payment-option-base-native")).toBeTruthy();
    fireEvent.click(screen.getByTestId("payment-tab-eth"));
    expect(screen.queryByTestId("payment-option-base-native")).toBeNull();
  });
  it("dims zero-balance tokens and does not let them be chosen", () => {
    const onSelect = vi.fn();
    render(<TokenSelect rows={rows} value={tokenById("eth-native")} onSelect={onSelect} />);
    fireEvent.click(screen.getByTestId("payment-method"));
    const usdt = screen.getByTestId<HTMLButtonElement>("payment-option-eth-usdt");
    expect(usdt.disabled).toBe(true);
    expect(usdt.className).toContain("dimmed");
    fireEvent.click(usdt);
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("payment-option-base-usdc"));
    expect(onSelect).toHaveBeenCalledWith(tokenById("base-usdc"));
  });
});
