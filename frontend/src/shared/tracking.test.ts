import { describe, expect, it } from "vitest";
import { cookieLifetime, cookieString, pushAnalytics, readCookies, trackingFromSearch } from "./tracking.ts";

describe("lead-tracking parameters", () => {
  it("reads clickId, source, pid, tid (or tsid) and referrer from the URL", () => {
    expect(trackingFromSearch("?clickId=c1&source=fb&pid=p&tsid=t9&referrer=abc&other=x")).toEqual({
      clickId: "c1",
      source: "fb",
      pid: "p",
      tid: "t9",
      referrer: "abc",
    });
  });
  it("uses the product's cookie lifetimes", () => {
    expect(cookieLifetime("clickId")).toBe(15778462);
    expect(cookieLifetime("referrer")).toBe(34560000);
    expect(cookieString("source", "a b")).toBe("source=a%20b; Max-Age=15778462; Path=/; SameSite=Lax");
  });
  it("reads the cookies back", () => {
    expect(readCookies("foo=1; clickId=c%201; referrer=r")).toEqual({ clickId: "c 1", referrer: "r" });
  });
  it("pushes analytics events to the data layer in production only", () => {
    const w = {} as Window & { dataLayer?: unknown[] };
    expect(pushAnalytics(false, "x", {}, w)).toBe(false);
    expect(w.dataLayer).toBeUndefined();
    expect(pushAnalytics(true, "purchase_complete", { tokens: 5 }, w)).toBe(true);
    expect(w.dataLayer).toEqual([{ event: "purchase_complete", tokens: 5 }]);
  });
});
