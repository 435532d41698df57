// The console's sign-in message and flow: EIP-4361 for this site, naming the server's nonce and chain, valid one hour
// (what the server takes), signed by the wallet and verifiable by viem; and the sign-in's states.
import { createPublicClient, http } from "viem";
import { localTestAccount } from "../../../test/accounts.ts";
import { parseSiweMessage, verifySiweMessage } from "viem/siwe";
import { describe, expect, it, vi } from "vitest";
import { ApiRefusal, type OwnerSession } from "./api.ts";
import { SIGN_IN_LIFETIME_MS, signIn, signInMessage } from "./signIn.ts";
import { initialSignIn, signInReducer, type SignInEvent, type SignInState } from "./signInMachine.ts";

// Hardhat's well-known account #0 (a public test key): the local stack's owner.
const owner = localTestAccount(0);
const SITE = "https://shaft.example";
const NOW = new Date("2026-11-26T10:00:00Z");

describe("the sign-in message", () => {
  it("is EIP-4361 for this site, the wallet, the server's chain and nonce, for exactly an hour", () => {
    const m = parseSiweMessage(
      signInMessage({
        address: owner.address,
        chainId: 8453,
        nonce: "0123456789abcdef0123456789abcdef",
        site: SITE,
        now: NOW,
      }),
    );
    expect(m).toMatchObject({
      address: owner.address,
      chainId: 8453,
      domain: "shaft.example",
      uri: SITE,
      version: "1",
      nonce: "0123456789abcdef0123456789abcdef",
    });
    expect(m.issuedAt).toEqual(NOW);
    expect(m.expirationTime!.getTime() - NOW.getTime()).toBe(SIGN_IN_LIFETIME_MS);
    expect(SIGN_IN_LIFETIME_MS).toBe(3600_000);
    expect(m.statement).toMatch(/No transaction, no cost/);
  });

  it("is signed by the wallet after the nonce arrives, and the signature verifies for that message", async () => {
    const nonce = vi.fn(() =>
      Promise.resolve({ nonce: "fedcba9876543210fedcba9876543210", chainId: 31338, expiresAt: "" }),
    );
    const session = vi.fn<(message: string, signature: string) => Promise<OwnerSession>>(() =>
      Promise.resolve({ token: "t0ken", wallet: owner.address, expiresAt: "2026-11-26T11:00:00.000Z" }),
    );
    const s = await signIn(owner.address, {
      site: SITE,
      sign: (message) => owner.signMessage({ message }),
      now: () => NOW,
      nonce,
      session,
    });
    expect(s.token).toBe("t0ken");
    const [message, signature] = session.mock.calls[0] as [string, `0x${string}`];
    expect(parseSiweMessage(message).nonce).toBe("fedcba9876543210fedcba9876543210");
    expect(parseSiweMessage(message).chainId).toBe(31338);
    const client = createPublicClient({ transport: http("http://127.0.0.1:9") }); // a plain key needs no chain
    expect(
      await verifySiweMessage(client, {
        message,
        signature,
        address: owner.address,
        time: new Date(NOW.getTime() + 1000),
      }),
    ).toBe(true);
  });

  it("a wallet that refuses to sign sends nothing to the server", async () => {
    const session = vi.fn();
    const refusal = Object.assign(new Error("User rejected the request."), { code: 4001 });
    await expect(
      signIn(owner.address, {
        site: SITE,
        sign: () => Promise.reject(refusal),
        nonce: () => Promise.resolve({ nonce: "fedcba9876543210fedcba9876543210", chainId: 8453, expiresAt: "" }),
        session,
      }),
    ).rejects.toBe(refusal);
    expect(session).not.toHaveBeenCalled();
  });
});

describe("the sign-in's states", () => {
  const run = (events: SignInEvent[], from: SignInState = initialSignIn) => events.reduce(signInReducer, from);
  const session = { token: "t", wallet: owner.address, expiresAt: "2026-11-26T11:00:00.000Z" };

  it("signing ends signed in, refused, rejected (apart from failed) or failed", () => {
    expect(run([{ type: "START" }, { type: "SIGNED_IN", session }])).toEqual({ kind: "signedIn", session });
    expect(run([{ type: "START" }, { type: "REFUSED", reason: "not the owner" }]).kind).toBe("refused");
    expect(run([{ type: "START" }, { type: "REJECTED" }]).kind).toBe("rejected");
    expect(run([{ type: "START" }, { type: "FAILED", reason: "HTTP 503" }])).toEqual({
      kind: "failed",
      reason: "HTTP 503",
    });
  });

  it("a session only comes out of signing, and an ended one goes back to idle with its note", () => {
    expect(run([{ type: "SIGNED_IN", session }])).toEqual(initialSignIn);
    expect(run([{ type: "START" }, { type: "SIGNED_IN", session }, { type: "ENDED", note: "Signed out." }])).toEqual({
      kind: "idle",
      note: "Signed out.",
    });
    // A late wallet answer after the panel was reset changes nothing.
    expect(run([{ type: "ENDED" }, { type: "REJECTED" }])).toEqual({ kind: "idle" });
  });

  it("the server's refusals keep their status and reason", () => {
    const e = new ApiRefusal(403, "not_owner", "0xabc does not hold the owner role");
    expect([e.status, e.code, e.message]).toEqual([403, "not_owner", "0xabc does not hold the owner role"]);
  });
});
