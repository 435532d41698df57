// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router";
import { env } from "../../config/env.ts";
import { initTestI18n } from "../../test/i18nForTests.ts";
import { StatusFrame, StatusView } from "./StatusView.tsx";
import { getSwapState, swapStore, SWAP_STATUSES, type SwapState } from "./swapMachine.ts";

beforeAll(initTestI18n);
afterEach(cleanup);

const H = `0x${"ab".repeat(32)}` as const;
const show = (s: SwapState, inModal = false) =>
  render(
    <MemoryRouter>
      <StatusView s={s} inModal={inModal} onContinueCard={() => {}} />
    </MemoryRouter>,
  );

describe("status views", () => {
  it.each(SWAP_STATUSES.filter((s) => s !== "not_started"))("%s has its own view with a stable test id", (status) => {
    show({ status, hash: H, chainId: env.eth.chainIdInt });
    expect(screen.getByTestId(`swap-status-${status}`)).toBeTruthy();
  });
  it("complete offers View transaction and Buy more; Stake now only on Base, outside a modal, when not staking", () => {
    show({ status: "complete", hash: H, chainId: env.base.chainIdInt, tokens: 100 });
    expect(screen.getByTestId("view-transaction")).toBeTruthy();
    expect(screen.getByTestId("buy-more")).toBeTruthy();
    expect(screen.getByTestId("stake-now")).toBeTruthy();
    cleanup();
    show({ status: "complete", hash: H, chainId: env.base.chainIdInt, stake: true });
    expect(screen.queryByTestId("stake-now")).toBeNull();
    cleanup();
    show({ status: "complete", hash: H, chainId: env.base.chainIdInt }, true);
    expect(screen.queryByTestId("stake-now")).toBeNull();
    cleanup();
    show({ status: "complete", hash: H, chainId: env.eth.chainIdInt });
    expect(screen.queryByTestId("stake-now")).toBeNull();
  });
  it("an Ethereum purchase shows its Base recipient while it is approved, confirmed, sent and done; a Base one shows none", () => {
    const to = "0x00000000000000000000000000000000000000b2" as const;
    for (const status of ["approval_pending", "confirm_pending", "in_progess", "complete"] as const) {
      show({ status, hash: H, chainId: env.eth.chainIdInt, tokens: 100, recipient: to });
      expect(screen.getByTestId("status-recipient").textContent).toBe(`Your tokens go on Base to ${to}`);
      cleanup();
    }
    show({ status: "complete", hash: H, chainId: env.eth.chainIdInt, tokens: 100, recipient: to });
    // Credited on Base to the named address: the view never says "added to your balance" for it.
    expect(screen.getByTestId("swap-status-complete").textContent).toContain(
      "were bought and go to this address on Base",
    );
    expect(screen.getByTestId("swap-status-complete").textContent).not.toContain("added to your balance");
    cleanup();
    show({ status: "complete", hash: H, chainId: env.base.chainIdInt, tokens: 100 });
    expect(screen.getByTestId("swap-status-complete").textContent).toContain("were added to your balance");
    expect(screen.queryByTestId("status-recipient")).toBeNull();
  });
  it("a permit is a signature in approval_pending; a batch is one confirmation for approval and purchase", () => {
    show({ status: "approval_pending", via: "permit", chainId: env.eth.chainIdInt });
    expect(screen.getByTestId("swap-status-approval_pending").textContent).toContain("Sign the spending permit");
    cleanup();
    show({ status: "approval_pending", chainId: env.eth.chainIdInt });
    expect(screen.getByTestId("swap-status-approval_pending").textContent).toContain("Authorise spending");
    cleanup();
    show({ status: "confirm_pending", via: "batch", chainId: env.eth.chainIdInt });
    expect(screen.getByTestId("swap-status-confirm_pending").textContent).toContain(
      "Approval and purchase go in one request",
    );
  });
  it("the status is scrolled into view once, when it replaces the form, not again at each status", () => {
    // As in Chromium, where scrolling methods return a promise: nothing of it may reach React as a cleanup.
    const scrollIntoView = vi.fn(() => Promise.resolve());
    (Element.prototype as { scrollIntoView: unknown }).scrollIntoView = scrollIntoView; // DOM's typing says void
    const framed = (s: SwapState) => (
      <MemoryRouter>
        <StatusFrame>
          <StatusView s={s} inModal={false} />
        </StatusFrame>
      </MemoryRouter>
    );
    const view = render(framed({ status: "approval_pending", chainId: env.eth.chainIdInt }));
    view.rerender(framed({ status: "confirm_pending", chainId: env.eth.chainIdInt }));
    view.rerender(framed({ status: "in_progess", hash: H, chainId: env.eth.chainIdInt }));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: "nearest" });
    expect(screen.getByTestId("swap-status-frame").getAttribute("aria-live")).toBe("polite");
    view.unmount(); // back to the form (Start again, Buy more)
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
  it("failed shows View transaction and Start again; rejected only Start again", () => {
    show({ status: "failed", hash: H, chainId: env.eth.chainIdInt });
    expect(screen.getByTestId("view-transaction")).toBeTruthy();
    expect(screen.getByTestId("start-again")).toBeTruthy();
    cleanup();
    show({ status: "rejected" });
    expect(screen.queryByTestId("view-transaction")).toBeNull();
    expect(screen.getByTestId("start-again")).toBeTruthy();
  });
  it("wert_inprogress offers Continue", () => {
    show({ status: "wert_inprogress" });
    expect(screen.getByTestId("card-continue")).toBeTruthy();
  });
  it("Start again resets the machine", () => {
    swapStore.set({ status: "failed" });
    show({ status: "failed" });
    fireEvent.click(screen.getByTestId("start-again"));
    expect(getSwapState().status).toBe("not_started");
  });
  it("buy while paused: the view names the pause, never 'declined in your wallet'", () => {
    show({ status: "failed", revert: "SalePaused" });
    const text = screen.getByTestId("swap-status-failed").textContent ?? "";
    expect(text).toContain("The sale is paused right now");
    expect(text).not.toMatch(/declined in your wallet/i);
  });
  it("card events get card wording: closing, cancelling the widget, a declined 3-D Secure", () => {
    show({ status: "rejected", payment: "card", cardReason: "closed" });
    expect(screen.getByTestId("swap-status-reason").textContent).toContain("closed the card payment window");
    cleanup();
    show({ status: "rejected", payment: "card", cardReason: "cancelled" });
    expect(screen.getByTestId("swap-status-reason").textContent).toContain("card payment was cancelled");
    cleanup();
    show({ status: "failed", payment: "card", cardReason: "declined" });
    expect(screen.getByTestId("swap-status-reason").textContent).toContain("3-D Secure");
    cleanup();
    show({ status: "rejected", payment: "native" });
    expect(screen.getByTestId("swap-status-reason").textContent).toMatch(/declined in your wallet/);
  });
  it("Start again in a modal returns to its form: the machine resets and the modal stays open", () => {
    const onDone = vi.fn();
    swapStore.set({ status: "failed" });
    render(
      <MemoryRouter>
        <StatusView s={{ status: "failed" }} inModal onDone={onDone} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId("start-again"));
    expect(getSwapState().status).toBe("not_started");
    expect(onDone).not.toHaveBeenCalled();
  });
});
