// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { env } from "../../config/env.ts";
import { partnerDeepLink } from "./connect.ts";
import { qrPath } from "./QrCode.tsx";

describe("wallet helpers", () => {
  it("builds the partner wallet deep link with the WalletConnect URI, callback and browser", () => {
    const link = partnerDeepLink("wc:abc@2?relay-protocol=irn", "https://site.example/ru");
    expect(link.startsWith(`${env.bwDeepLink}wc?uri=`)).toBe(true);
    const q = new URLSearchParams(link.split("?").slice(1).join("?"));
    expect(q.get("uri")).toBe("wc:abc@2?relay-protocol=irn");
    expect(q.get("callback")).toBe("https://site.example/ru");
    expect(q.get("browser")).toBeTruthy();
  });
  it("generates QR codes locally", () => {
    const { size, d } = qrPath("https://best.wallet/download");
    expect(size).toBeGreaterThanOrEqual(21);
    expect(d.length).toBeGreaterThan(100);
  });
});
