// Calls to the project's API server (referral, tracking). Tracking is production-only.
import { env } from "../config/env.ts";
import { leadSession, type SessionStore } from "./leadSession.ts";
import { readCookies } from "./tracking.ts";

async function post<T>(url: string, body: unknown): Promise<T> {
  const r = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return (await r.json()) as T;
}

export async function fetchReferralUrl(walletAddress: string): Promise<string | null> {
  const res = await post<{ data?: { url?: string } }>(env.referUrl, { walletAddress, iid: env.iidDashFx });
  return res.data?.url ?? null;
}

const context = () => ({
  ...readCookies(document.cookie),
  userAgent: navigator.userAgent,
  acceptLanguage: navigator.languages?.join(",") ?? navigator.language,
});

export type Conversion = {
  publicAddress: string;
  purchaseType: string;
  purchaseTokens: number;
  purchaseTypeAmount: number;
  purchaseUsdAmount: number;
  hash: string;
  chainId: number;
  claimable: number;
};

/**
 * Reports a purchase with the wallet's lead session; without one (tracking off, or the wallet did not sign its lead)
 * nothing is sent: the server records conversions only for the wallet's own signed lead.
 */
export function trackConversion(c: Conversion, production = env.production, store: SessionStore = sessionStorage) {
  const session = leadSession(c.publicAddress, store);
  if (!production || session === undefined) return Promise.resolve(false);
  const { claimable, ...rest } = c;
  const ctx = context();
  return post(env.conversionUrl, {
    ...rest,
    session,
    event: claimable > c.purchaseTokens ? "revenue" : "conversion",
    ipAddress: "",
    clickId: ctx.clickId,
    source: ctx.source,
    presaleName: env.tokenName,
    isBW: false,
    pid: ctx.pid,
  }).then(
    () => true,
    () => false,
  );
}
