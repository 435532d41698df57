// @vitest-environment jsdom
// The private panel rendered for real against a stubbed API server (`fetch`) and a stubbed wallet signature: nothing
// private is asked for before sign-in; a wallet the server refuses (403) sees the refusal and no data; the owner sees
// the referral conversions and downloads the CSV with its session.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { walletState } from "../../../chain/index.ts";
import { env } from "../../../config/env.ts";
import { PrivatePanel } from "./PrivatePanel.tsx";

const OWNER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

vi.mock("../../../chain/index.ts", async (original) => ({
  ...(await original<typeof import("../../../chain/index.ts")>()),
  loadWeb3: () => Promise.resolve({ wagmiConfig: {} }),
}));
vi.mock("wagmi/actions", () => ({ signMessage: () => Promise.resolve(`0x${"11".repeat(65)}`) }));

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

/** The API server: a nonce, then the session answer given, the conversions and the CSV for the token "t0k". */
function server(sessionAnswer: [number, unknown]) {
  return vi.fn((url: string, init?: RequestInit) => {
    const path = url.slice(env.apiUrl.length);
    const auth = (init?.headers as Record<string, string> | undefined)?.authorization;
    if (path === "/api/owner/nonce")
      return json(201, { data: { nonce: "ab".repeat(16), chainId: 31338, expiresAt: "" } });
    if (path === "/api/owner/session") return json(...sessionAnswer);
    if (auth !== "Bearer t0k") return json(401, { error: "session_required", reason: "sign in" });
    if (path === "/api/owner/conversions")
      return json(200, {
        data: {
          conversions: [
            {
              chainId: env.base.chainIdInt,
              txHash: `0x${"c".repeat(64)}`,
              buyer: "0x00000000000000000000000000000000000000b1",
              referrerCode: "k7m2p9q4rx",
              referrerWallet: "0x00000000000000000000000000000000000000a1",
              purchaseType: "ETH",
              paid: "0.002",
              tokens: "1000",
              usd: "6",
              time: Date.UTC(2026, 10, 26, 9, 30),
            },
          ],
        },
      });
    if (path === "/api/owner/purchases.csv")
      return Promise.resolve(
        new Response("chain,tx_hash\r\n", {
          headers: { "content-disposition": 'attachment; filename="purchases-x.csv"' },
        }),
      );
    return json(404, { error: "not_found", reason: path });
  });
}

function mount() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <PrivatePanel />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  walletState.set({ status: "connected", address: OWNER, chainId: env.base.chainIdInt, isConnected: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the owner console's private data", () => {
  it("asks for nothing before sign-in; the owner then sees the conversions and downloads the CSV", async () => {
    const fetch = server([201, { data: { token: "t0k", wallet: OWNER, expiresAt: "2026-11-26T11:00:00.000Z" } }]);
    vi.stubGlobal("fetch", fetch);
    const created: Blob[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), "blob:x"), revokeObjectURL: () => {} }),
    );
    // jsdom does not download: the click is seen, with the file's name.
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    mount();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("owner-signin"));
    const row = await screen.findByTestId("owner-conversion");
    expect(within(row).getByText(/k7m2p9q4rx/)).toBeTruthy();
    expect(row.textContent).toContain("1,000");
    expect(row.textContent).toContain("$6.00");
    expect(screen.getByTestId("owner-conversions-summary").textContent).toBe(
      "1 conversion from 1 referral link: 1,000 tokens, $6.00",
    );
    expect(screen.getByTestId("owner-signed-in").textContent).toContain("0xf39F");
    fireEvent.click(screen.getByTestId("owner-csv"));
    expect((await screen.findByTestId("owner-csv-note")).textContent).toBe("purchases-x.csv downloaded.");
    expect(await created[0].text()).toBe("chain,tx_hash\r\n");
    expect(clicked).toEqual(["purchases-x.csv blob:x"]);
    // The sign-in's order: a nonce, then the signed message.
    expect(fetch.mock.calls.slice(0, 2).map(([u]) => u.slice(env.apiUrl.length))).toEqual([
      "/api/owner/nonce",
      "/api/owner/session",
    ]);
  });

  it("a wallet without the owner role gets the refusal, and nothing private is fetched or shown", async () => {
    const fetch = server([
      403,
      { error: "not_owner", reason: `${OWNER} does not hold the owner role on the Base presale` },
    ]);
    vi.stubGlobal("fetch", fetch);
    mount();
    fireEvent.click(screen.getByTestId("owner-signin"));
    const refusal = await screen.findByTestId("owner-signin-refused");
    expect(refusal.textContent).toMatch(/does not hold the owner role/);
    expect(screen.queryByTestId("owner-conversions")).toBeNull();
    expect(screen.queryByTestId("owner-csv")).toBeNull();
    expect(fetch.mock.calls.map(([u]) => u.slice(env.apiUrl.length))).toEqual([
      "/api/owner/nonce",
      "/api/owner/session",
    ]);
  });
});
