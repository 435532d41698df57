// @vitest-environment jsdom
// The card modal's views and stable test ids (disclaimer with Continue / Cancel / close, then loading).
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { readFileSync } from "node:fs";
import path from "node:path";
import { initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cardUi, waitForChoice } from "./cardUi.ts";
import CardModal from "./CardModal.tsx";

beforeAll(async () => {
  const en = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, "../../../public/assets/i18n/en.json"), "utf8"),
  ) as Record<string, unknown>;
  await i18next
    .use(initReactI18next)
    .init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});

afterEach(() => {
  cleanup();
  act(() => cardUi.set({ phase: "idle", flowId: 0 }));
});

describe("CardModal", () => {
  it("shows the disclaimer with the purchase summary; Continue answers the flow", async () => {
    act(() => cardUi.set({ phase: "disclaimer", flowId: 7, tokens: 12500, stake: true, ethAmount: 0.01234567 }));
    render(<CardModal />);
    expect(screen.getByTestId("card-modal")).toBeTruthy();
    expect(screen.getByTestId("card-disclaimer")).toBeTruthy();
    expect(screen.getByTestId("card-summary-tokens").textContent).toBe("12,500 SHAFT");
    expect(screen.getByTestId("card-summary-eth").textContent).toBe("0.01234567 ETH");
    expect(screen.getByTestId("card-summary-stake")).toBeTruthy();
    expect(screen.getByText("Pay by card")).toBeTruthy();
    expect(screen.getByTestId("card-disclaimer").textContent).toContain("1% buffer");
    const choice = waitForChoice(7);
    fireEvent.click(screen.getByTestId("card-modal-continue"));
    await expect(choice).resolves.toBe("continue");
  });

  it("Cancel and the close icon abandon the purchase and close the modal", async () => {
    for (const id of ["card-modal-cancel", "card-modal-close"]) {
      act(() => cardUi.set({ phase: "disclaimer", flowId: 8, tokens: 100 }));
      render(<CardModal />);
      const choice = waitForChoice(8);
      fireEvent.click(screen.getByTestId(id));
      await expect(choice).resolves.toBe("cancel");
      expect(cardUi.get().phase).toBe("idle");
      cleanup();
    }
  });

  it("shows the loading view while the widget opens", () => {
    act(() => cardUi.set({ phase: "loading", flowId: 9, tokens: 100 }));
    render(<CardModal />);
    expect(screen.getByTestId("card-loading").textContent).toContain("Opening the secure payment window");
    expect(screen.queryByTestId("card-modal-continue")).toBeNull();
  });
});
