// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Modal } from "./Modal.tsx";

afterEach(cleanup);

function Harness({ title, label }: { title?: string; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal open={open} onClose={() => setOpen(false)} title={title} label={label} testId="m" closeLabel="Close">
        <input aria-label="Amount" />
      </Modal>
    </>
  );
}

describe("dialogs", () => {
  it("are named by their title, take focus, close on Escape and give focus back", async () => {
    vi.useFakeTimers();
    render(<Harness title="Stake SHAFT" />);
    const opener = screen.getByText("Open");
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Stake SHAFT" });
    expect(dialog.tagName).toBe("DIALOG");
    expect(document.activeElement).toBe(screen.getByLabelText("Amount")); // its field, not the close button
    fireEvent(dialog, new Event("cancel", { cancelable: true })); // what the browser fires for Escape
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    vi.useRealTimers();
  });
  it("give focus back as soon as they start closing, not after the fade-out (the page is usable at once)", async () => {
    vi.useFakeTimers();
    render(<Harness title="Are you sure?" />);
    const opener = screen.getByText("Open");
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(document.activeElement).toBe(opener); // while the dialog still fades out
    expect(screen.getByTestId("m-root").classList.contains("modal-hiding")).toBe(true);
    vi.useRealTimers();
  });
  it("skip the fade-out when the visitor asked for reduced motion", async () => {
    vi.useFakeTimers();
    const matchMedia = vi.fn((q: string) => ({ matches: q === "(prefers-reduced-motion: reduce)" }));
    vi.stubGlobal("matchMedia", matchMedia);
    try {
      render(<Harness title="Are you sure?" />);
      fireEvent.click(screen.getByText("Open"));
      fireEvent.click(screen.getByRole("button", { name: "Close" }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(screen.queryByTestId("m-root")).toBeNull(); // gone at once, not 300 ms later
      expect(matchMedia).toHaveBeenCalledWith("(prefers-reduced-motion: reduce)");
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
  it("focus the control marked data-autofocus (the card disclaimer's Continue), not the close button", () => {
    render(
      <Modal open onClose={() => undefined} title="Pay by card" testId="card" closeLabel="Close">
        <button data-autofocus>Continue</button>
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByText("Continue"));
  });
  it("without a visible title, the label names them", () => {
    render(<Harness label="Are you sure?" />);
    fireEvent.click(screen.getByText("Open"));
    expect(screen.getByRole("dialog", { name: "Are you sure?" })).toBeTruthy();
  });
});
