import { afterEach, describe, expect, it, vi } from "vitest";
import {
  addToast,
  DEFAULT_TOAST_OPTIONS,
  removeToast,
  toast,
  toastOptionsStore,
  toastStore,
  type Toast,
} from "./toast.ts";

afterEach(() => {
  vi.useRealTimers();
  toastStore.set([]);
  toastOptionsStore.set(DEFAULT_TOAST_OPTIONS);
});

describe("toasts", () => {
  const t = { type: "success" as const, title: "Copied", message: "", timeoutMs: 7000 };
  it("counts duplicates instead of stacking them", () => {
    let l: Toast[] = addToast([], t, 1);
    l = addToast(l, t, 2);
    expect(l).toHaveLength(1);
    expect(l[0]).toMatchObject({ id: 1, count: 1, state: "active" });
  });
  it("keeps at most three and removes by id", () => {
    let l: Toast[] = [];
    for (let i = 0; i < 5; i++) l = addToast(l, { ...t, title: `t${i}` }, i);
    expect(l.map((x) => x.title)).toEqual(["t2", "t3", "t4"]);
    expect(removeToast(l, 3).map((x) => x.id)).toEqual([2, 4]);
  });
  it("a merged duplicate restarts the shown toast's timer: it stays its full time after the latest", () => {
    vi.useFakeTimers();
    const first = toast("error", "Boom", "again");
    vi.advanceTimersByTime(5000);
    expect(toast("error", "Boom", "again")).toBe(first);
    expect(toastStore.get()).toMatchObject([{ id: first, count: 1 }]);
    vi.advanceTimersByTime(6999); // 11,999 ms after the first, 6,999 after the duplicate
    expect(toastStore.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastStore.get()).toHaveLength(0);
  });
  it("disappears after its timeout (notificationTimeout 7000 ms)", () => {
    vi.useFakeTimers();
    toast("error", "Boom");
    expect(toastStore.get()).toHaveLength(1);
    vi.advanceTimersByTime(6999);
    expect(toastStore.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastStore.get()).toHaveLength(0);
  });
  it("follows the current page's options: duration, how many at once", () => {
    vi.useFakeTimers();
    toastOptionsStore.set({ timeoutMs: 4000, max: 1, placement: "bottom-right" });
    toast("success", "First");
    toast("error", "Second");
    expect(toastStore.get().map((x) => [x.title, x.timeoutMs])).toEqual([["Second", 4000]]);
    vi.advanceTimersByTime(4000);
    expect(toastStore.get()).toHaveLength(0);
  });
  it("a toast may carry its own duration", () => {
    vi.useFakeTimers();
    toast("success", "Copied", "", 1000);
    vi.advanceTimersByTime(1000);
    expect(toastStore.get()).toHaveLength(0);
  });
});
