// @vitest-environment jsdom
// Start-up scheduling: work after the next paint (or a timeout in hidden tabs), yields, idle callbacks, the
// below-the-fold mount and the layout-free scroll state.
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BelowTheFold } from "./BelowTheFold.tsx";
import { useScrolledPast } from "./hooks.ts";
import { afterNextPaint, whenIdle, yieldToMain } from "./schedule.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const visibility = (v: DocumentVisibilityState) =>
  Object.defineProperty(document, "visibilityState", { value: v, configurable: true });

/** Fake timers and animation frames that run only when the test says so; returns the pending frames. */
function manualFrames(state: DocumentVisibilityState): FrameRequestCallback[] {
  vi.useFakeTimers();
  visibility(state);
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => frames.push(cb));
  return frames;
}

describe("afterNextPaint", () => {
  it("runs in a task after the next animation frame, once", () => {
    const frames = manualFrames("visible");
    const fn = vi.fn();
    afterNextPaint(fn);
    vi.advanceTimersByTime(1_000);
    expect(fn).not.toHaveBeenCalled(); // no frame yet: nothing painted, nothing runs
    frames.shift()!(0);
    expect(fn).not.toHaveBeenCalled(); // the frame's paint comes first
    vi.advanceTimersByTime(0);
    expect(fn).toHaveBeenCalledTimes(1);
  });
  it("a hidden tab gets no frames: a timeout runs it, and the late frame does not run it again", () => {
    const frames = manualFrames("hidden");
    const fn = vi.fn();
    afterNextPaint(fn, 100);
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    frames.shift()!(0);
    vi.advanceTimersByTime(10);
    expect(fn).toHaveBeenCalledTimes(1);
    visibility("visible");
  });
});

describe("yieldToMain and whenIdle", () => {
  it("yieldToMain resolves in a later task, after queued timers", async () => {
    const order: string[] = [];
    setTimeout(() => order.push("queued task"), 0);
    await yieldToMain();
    order.push("after yield");
    expect(order).toEqual(["queued task", "after yield"]);
  });
  it("whenIdle uses requestIdleCallback with the timeout when there is one, else a short timeout", () => {
    const ric = vi.fn<(cb: () => void, opts?: { timeout: number }) => number>();
    vi.stubGlobal("requestIdleCallback", ric);
    const fn = vi.fn();
    whenIdle(fn, 1_500);
    expect(ric).toHaveBeenCalledWith(expect.any(Function), { timeout: 1_500 });
    ric.mock.calls[0][0]();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    vi.stubGlobal("requestIdleCallback", undefined);
    vi.useFakeTimers();
    const later = vi.fn();
    whenIdle(later);
    vi.advanceTimersByTime(50);
    expect(later).toHaveBeenCalledTimes(1);
  });
});

describe("BelowTheFold", () => {
  it("keeps its children out of the first commit and mounts them right after", async () => {
    render(
      <main>
        <h1>hero</h1>
        <BelowTheFold>
          <p>ladder</p>
        </BelowTheFold>
      </main>,
    );
    expect(screen.getByText("hero")).toBeTruthy();
    expect(screen.queryByText("ladder")).toBeNull();
    expect(await screen.findByText("ladder")).toBeTruthy();
  });
});

describe("useScrolledPast", () => {
  function Probe() {
    return <span data-testid="scrolled">{String(useScrolledPast(50))}</span>;
  }
  it("follows a marker at the threshold through an IntersectionObserver, without reading the scroll position", () => {
    let report: ((entries: Partial<IntersectionObserverEntry>[]) => void) | undefined;
    const observed: Element[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(cb: (e: Partial<IntersectionObserverEntry>[]) => void) {
          report = cb;
        }
        observe(el: Element) {
          observed.push(el);
        }
        disconnect() {}
      },
    );
    const scrollY = vi.spyOn(window, "scrollY", "get");
    const { unmount } = render(<Probe />);
    expect(observed).toHaveLength(1);
    expect((observed[0] as HTMLElement).style.top).toBe("50px");
    expect(screen.getByTestId("scrolled").textContent).toBe("false");
    act(() => report!([{ isIntersecting: false, boundingClientRect: { top: -10 } as DOMRectReadOnly }]));
    expect(screen.getByTestId("scrolled").textContent).toBe("true");
    act(() => report!([{ isIntersecting: true, boundingClientRect: { top: 50 } as DOMRectReadOnly }]));
    expect(screen.getByTestId("scrolled").textContent).toBe("false");
    expect(scrollY).not.toHaveBeenCalled();
    unmount();
    expect(document.body.contains(observed[0])).toBe(false);
  });
});
