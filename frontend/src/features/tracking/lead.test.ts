// @vitest-environment jsdom
// The wallet's lead signature: once per wallet and browser session, only with tracking on, never while a flow waits
// on the wallet; a refusal is remembered and blocks nothing; conversions go out only with the lead's session.
import { localTestAccount } from "../../test/accounts.ts";
import { parseSiweMessage, verifySiweMessage } from "viem/siwe";
import { createPublicClient, http, type Hex } from "viem";
import { describe, expect, it, vi } from "vitest";
import { trackConversion } from "../../shared/api.ts";
import { LEAD_LIFETIME_MS, leadMessage, requestLead, type LeadRequestDeps } from "./leadRequest.ts";
import { leadSession, readLead, type SessionStore } from "../../shared/leadSession.ts";
import { shouldAskLead, waitingOnWallet } from "./askRules.ts";

// Hardhat's well-known account #3 (a public test key).
const account = localTestAccount(3);
const SITE = "https://shaft.example";

function memoryStore(): SessionStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

function deps(over: Partial<LeadRequestDeps> = {}): LeadRequestDeps & { store: ReturnType<typeof memoryStore> } {
  return {
    store: memoryStore(),
    site: SITE,
    statement: "Confirm this wallet for referral tracking. No transaction, no cost.",
    attribution: { clickId: "abc", source: "newsletter", iid: "shaft-presale", pid: undefined },
    sign: (message) => account.signMessage({ message }),
    post: vi.fn(() =>
      Promise.resolve({ session: "s3ss10n", sessionExpiresAt: new Date(Date.now() + 3600_000).toISOString() }),
    ),
    now: () => new Date("2026-11-26T10:00:00Z"),
    nonce: () => "a1b2c3d4e5f6g7h8i9j0",
    ...over,
  } as LeadRequestDeps & { store: ReturnType<typeof memoryStore> };
}

describe("the lead message", () => {
  it("is EIP-4361 for this site, signed for the wallet and chain, with an expiry and the tracking in its one resource", () => {
    const m = parseSiweMessage(
      leadMessage({
        address: account.address,
        chainId: 8453,
        site: SITE,
        statement: "确认此钱包用于推荐追踪。不发起交易，不产生费用。",
        attribution: { clickId: "abc", source: "news letter", tid: undefined },
        issuedAt: new Date("2026-11-26T10:00:00Z"),
        nonce: "a1b2c3d4e5f6g7h8i9j0",
      }),
    );
    expect(m).toMatchObject({
      address: account.address,
      chainId: 8453,
      domain: "shaft.example",
      uri: SITE,
      version: "1",
    });
    expect(m.statement).toBe("确认此钱包用于推荐追踪。不发起交易，不产生费用。");
    expect(m.expirationTime!.getTime() - m.issuedAt!.getTime()).toBe(LEAD_LIFETIME_MS);
    expect(m.resources).toEqual([`${SITE}/?clickId=abc&source=news+letter`]);
  });
});

describe("requestLead", () => {
  it("signs once, posts the signature the server can verify, and keeps the session for conversions", async () => {
    const d = deps();
    expect(await requestLead(account.address, 8453, d)).toBe("signed");
    const body = vi.mocked(d.post).mock.calls[0][0] as { walletAddress: Hex; message: string; signature: Hex };
    expect(body.walletAddress).toBe(account.address);
    const client = createPublicClient({ transport: http("http://127.0.0.1:9") }); // a plain key needs no chain
    expect(
      await verifySiweMessage(client, {
        message: body.message,
        signature: body.signature,
        address: account.address,
        time: new Date("2026-11-26T10:01:00Z"),
      }),
    ).toBe(true);
    expect(leadSession(account.address, d.store)).toBe("s3ss10n");
    // Once per wallet and browser session: a later call asks nothing.
    const sign = vi.fn(d.sign);
    expect(await requestLead(account.address, 8453, { ...d, sign })).toBe("skipped");
    expect(sign).not.toHaveBeenCalled();
  });

  it("a refusal (4001) is remembered for the session: no second prompt, nothing posted, no session", async () => {
    const refusal = Object.assign(new Error("User rejected the request."), { code: 4001 });
    const d = deps({ sign: vi.fn(() => Promise.reject(refusal)) });
    expect(await requestLead(account.address, 1, d)).toBe("refused");
    expect(d.post).not.toHaveBeenCalled();
    expect(readLead(account.address, d.store)).toEqual({ state: "refused" });
    expect(await requestLead(account.address, 1, d)).toBe("skipped");
    expect(d.sign).toHaveBeenCalledTimes(1);
    expect(leadSession(account.address, d.store)).toBeUndefined();
  });

  it("a server that refuses or cannot be reached leaves no session and asks no more this session", async () => {
    const d = deps({ post: vi.fn(() => Promise.reject(new Error("HTTP 503"))) });
    expect(await requestLead(account.address, 1, d)).toBe("failed");
    expect(readLead(account.address, d.store)).toEqual({ state: "failed" });
    expect(await requestLead(account.address, 1, d)).toBe("skipped");
  });

  it("another wallet in the same browser session is asked on its own", async () => {
    const d = deps();
    await requestLead(account.address, 1, d);
    const other = localTestAccount(4);
    expect(await requestLead(other.address, 1, { ...d, sign: (message) => other.signMessage({ message }) })).toBe(
      "signed",
    );
  });
});

describe("when to ask", () => {
  const base = { tracking: true, connected: true, address: account.address, busy: false, store: memoryStore() };
  it("only with tracking on, a connected wallet, nothing asked yet this session, and no flow waiting on the wallet", () => {
    expect(shouldAskLead(base)).toBe(true);
    expect(shouldAskLead({ ...base, tracking: false })).toBe(false);
    expect(shouldAskLead({ ...base, connected: false })).toBe(false);
    expect(shouldAskLead({ ...base, address: undefined })).toBe(false);
    expect(shouldAskLead({ ...base, busy: true })).toBe(false);
    const asked = memoryStore();
    asked.setItem(`shaft:lead:${account.address.toLowerCase()}`, JSON.stringify({ state: "refused" }));
    expect(shouldAskLead({ ...base, store: asked })).toBe(false);
  });
  it("a purchase or a card payment waiting on the wallet holds the lead back", () => {
    for (const status of ["in_progess", "confirm_pending", "approval_pending", "wert_inprogress"])
      expect(waitingOnWallet({ status })).toBe(true);
    for (const status of ["not_started", "complete", "failed", "rejected"])
      expect(waitingOnWallet({ status })).toBe(false);
  });
});

describe("conversions", () => {
  const conversion = {
    publicAddress: account.address,
    purchaseType: "ETH",
    purchaseTokens: 1000,
    purchaseTypeAmount: 0.002,
    purchaseUsdAmount: 6,
    hash: `0x${"ab".repeat(32)}`,
    chainId: 1,
    claimable: 1000,
  };
  it("go out with the wallet's lead session, and not at all without one (a refused signature blocks nothing)", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("{}", { status: 201 }));
    try {
      const store = memoryStore();
      expect(await trackConversion(conversion, true, store)).toBe(false);
      expect(fetchSpy).not.toHaveBeenCalled();
      await requestLead(account.address, 1, { ...deps(), store });
      expect(await trackConversion(conversion, true, store)).toBe(true);
      const sent = JSON.parse(fetchSpy.mock.calls[0][1]!.body as string) as { session?: string };
      expect(sent.session).toBe("s3ss10n");
      expect(await trackConversion(conversion, false, store)).toBe(false);
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
