// @vitest-environment jsdom
// Focus after a step that replaces the focused element: the replacement's sensible element, never the body.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { preferredFocus, useFocusRescue } from "./focusRescue.ts";
import { Modal } from "./Modal.tsx";

afterEach(cleanup);

/** A form whose Buy button becomes a status view, whose "Buy more" brings the form back (as the swap form does). */
function Steps() {
  const [step, setStep] = useState<"form" | "pending" | "done">("form");
  const root = useRef<HTMLDivElement>(null);
  useFocusRescue(step, () => preferredFocus(root.current));
  return (
    <div ref={root}>
      {step === "form" && (
        <>
          <input aria-label="You pay" />
          <button onClick={() => setStep("pending")}>Buy</button>
        </>
      )}
      {step === "pending" && <h4>Confirm in your wallet</h4>}
      {step === "done" && (
        <>
          <h4>Purchase successful</h4>
          <button onClick={() => setStep("form")}>Buy more</button>
        </>
      )}
      <button onClick={() => setStep("done")} hidden>
        finish
      </button>
    </div>
  );
}

describe("focus after a replaced element", () => {
  it("Buy -> status heading -> completed heading -> Buy more -> the form's first field", () => {
    render(<Steps />);
    expect(document.activeElement).toBe(document.body); // nothing taken on the first render
    const buy = screen.getByText("Buy");
    buy.focus();
    fireEvent.click(buy);
    expect(document.activeElement).toBe(screen.getByText("Confirm in your wallet"));
    fireEvent.click(screen.getByText("finish"));
    expect(document.activeElement).toBe(screen.getByText("Purchase successful"));
    const more = screen.getByText("Buy more");
    more.focus();
    fireEvent.click(more);
    expect(document.activeElement).toBe(screen.getByLabelText("You pay"));
  });
  it("never moves focus the person put elsewhere", () => {
    render(
      <>
        <Steps />
        <input aria-label="elsewhere" />
      </>,
    );
    fireEvent.click(screen.getByText("Buy"));
    const elsewhere = screen.getByLabelText("elsewhere");
    elsewhere.focus();
    fireEvent.click(screen.getByText("finish"));
    expect(document.activeElement).toBe(elsewhere);
  });
});

/** A view that only ever mounts in place of the control just used (the staking status replacing its form). */
function StatusOnMount() {
  const root = useRef<HTMLDivElement>(null);
  useFocusRescue("complete", () => preferredFocus(root.current), { onMount: true });
  return (
    <div ref={root}>
      <h4>Staked</h4>
    </div>
  );
}

function StakeForm() {
  const [sent, setSent] = useState(false);
  return sent ? <StatusOnMount /> : <button onClick={() => setSent(true)}>Stake</button>;
}

describe("a status mounted in place of its form (onMount)", () => {
  it("takes the focus the form's button lost", () => {
    render(<StakeForm />);
    const stake = screen.getByText("Stake");
    stake.focus();
    fireEvent.click(stake);
    expect(document.activeElement).toBe(screen.getByText("Staked"));
  });
  it("leaves the focus where the person put it", () => {
    render(
      <>
        <input aria-label="elsewhere" />
        <StakeForm />
      </>,
    );
    const stake = screen.getByText("Stake");
    const elsewhere = screen.getByLabelText("elsewhere");
    elsewhere.focus();
    fireEvent.click(stake); // a pointer press that did not move the focus
    expect(document.activeElement).toBe(elsewhere);
  });
});

/** A dialog whose opener is replaced while it is open (the connect button by the form, once connected). */
function ConnectHarness() {
  const [open, setOpen] = useState(false);
  const [connected, setConnected] = useState(false);
  return (
    <main>
      <section aria-label="widget">
        {connected ? <input aria-label="You pay" /> : <button onClick={() => setOpen(true)}>Connect</button>}
      </section>
      <Modal open={open} onClose={() => setOpen(false)} title="Connect a wallet" testId="c">
        <button
          onClick={() => {
            setConnected(true);
            setOpen(false);
          }}
        >
          Wallet
        </button>
      </Modal>
    </main>
  );
}

describe("a dialog whose opener is gone", () => {
  it("gives focus to what replaced the opener (its nearest remaining ancestor's first field), not the body", async () => {
    vi.useFakeTimers();
    render(<ConnectHarness />);
    const connect = screen.getByText("Connect");
    connect.focus();
    fireEvent.click(connect);
    fireEvent.click(screen.getByText("Wallet"));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(document.activeElement).toBe(screen.getByLabelText("You pay"));
    vi.useRealTimers();
  });
});

/** The opener is replaced only after the dialog closed (the staking page re-renders once the wallet is connected). */
function LateConnectHarness() {
  const [open, setOpen] = useState(false);
  const [connected, setConnected] = useState(false);
  return (
    <main>
      <section>
        <header>{connected ? <h1>Staking</h1> : <button onClick={() => setOpen(true)}>Connect</button>}</header>
        <article>
          <h2>Staked</h2>
        </article>
      </section>
      <Modal open={open} onClose={() => setOpen(false)} title="Connect a wallet" testId="c">
        <button
          onClick={() => {
            setOpen(false);
            setTimeout(() => setConnected(true), 100);
          }}
        >
          Wallet
        </button>
      </Modal>
    </main>
  );
}

describe("a dialog whose opener is replaced just after it closed", () => {
  it("follows it to the first heading of the nearest ancestor that has one", async () => {
    vi.useFakeTimers();
    render(<LateConnectHarness />);
    const connect = screen.getByText("Connect");
    connect.focus();
    fireEvent.click(connect);
    fireEvent.click(screen.getByText("Wallet"));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(document.activeElement).toBe(screen.getByText("Staked"));
    vi.useRealTimers();
  });
});
