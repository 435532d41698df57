// The lead request wired to the real wallet (wagmi), the API server, the visitor's tracking cookies and language.
// Loaded on demand, after the wallet layer.
import i18next from "i18next";
import type { Hex } from "viem";
import { signMessage } from "wagmi/actions";
import { loadWeb3 } from "../../chain/index.ts";
import { env } from "../../config/env.ts";
import { readCookies } from "../../shared/tracking.ts";
import { requestLead, type LeadOutcome } from "./leadRequest.ts";

export async function askWalletForLead(address: Hex, chainId: number): Promise<LeadOutcome> {
  // i18next is the instance the start-up initialised (app/boot.tsx): the statement is in the page's language.
  const { wagmiConfig } = await loadWeb3();
  return requestLead(address, chainId, {
    store: sessionStorage,
    site: window.location.origin,
    statement: i18next.t("tracking.sign_statement"),
    attribution: { ...readCookies(document.cookie), iid: env.iidDashFx },
    sign: (message) => signMessage(wagmiConfig, { account: address, message }),
    post: async (body) => {
      const r = await fetch(env.leadUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...body, userAgent: navigator.userAgent }),
      });
      if (!r.ok) throw new Error(`lead: HTTP ${r.status}`);
      return ((await r.json()) as { data: { session: string; sessionExpiresAt: string } }).data;
    },
  });
}
