// The API server's owner routes (server/src/routes/owner.ts): the sign-in nonce and session, then, with the session's
// bearer token, the referral conversions and the CSV export of purchases. A refusal carries the server's code and
// reason; an unreachable server is a refusal too (status 0).
import { env } from "../../../config/env.ts";

export class ApiRefusal extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, reason: string) {
    super(reason);
    this.status = status;
    this.code = code;
  }
}

export interface OwnerSession {
  token: string;
  wallet: string;
  expiresAt: string;
}

/** A conversion attributed to a referral code (server/src/db/repository.ts `ReferralConversion`). */
export interface ReferralConversion {
  chainId: number;
  txHash: string;
  buyer: string;
  referrerCode: string;
  referrerWallet: string | null;
  purchaseType: string | null;
  paid: string | null;
  tokens: string | null;
  usd: string | null;
  /** ms */
  time: number;
}

async function call(path: string, init: RequestInit = {}, token?: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`${env.apiUrl}${path}`, {
      ...init,
      headers: { ...(init.body ? { "content-type": "application/json" } : {}), ...authorization(token) },
    });
  } catch {
    throw new ApiRefusal(0, "unreachable", `The API server at ${env.apiUrl || "this site"} cannot be reached.`);
  }
  if (res.ok) return res;
  const body = (await res.json().catch(() => ({}))) as { error?: string; reason?: string };
  throw new ApiRefusal(res.status, body.error ?? "http_error", body.reason ?? `HTTP ${res.status}`);
}

const authorization = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
const data = async <T>(res: Response) => ((await res.json()) as { data: T }).data;

export const fetchNonce = async () =>
  data<{ nonce: string; chainId: number; expiresAt: string }>(await call("/api/owner/nonce", { method: "POST" }));

export const openSession = async (message: string, signature: string) =>
  data<OwnerSession>(
    await call("/api/owner/session", { method: "POST", body: JSON.stringify({ message, signature }) }),
  );

export const fetchConversions = async (token: string, signal?: AbortSignal) =>
  (await data<{ conversions: ReferralConversion[] }>(await call("/api/owner/conversions", { signal }, token)))
    .conversions;

export async function fetchPurchasesCsv(token: string): Promise<{ blob: Blob; filename: string }> {
  const res = await call("/api/owner/purchases.csv", {}, token);
  const named = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1];
  return { blob: await res.blob(), filename: named ?? "purchases.csv" };
}

export const endSession = (token: string) => call("/api/owner/signout", { method: "POST" }, token).then(() => {});
