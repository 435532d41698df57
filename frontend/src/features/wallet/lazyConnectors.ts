// Connectors whose SDKs are heavy load only when the visitor picks them (dynamic import -> separate chunks).
import type { CreateConnectorFn } from "wagmi";
import { env } from "../../config/env.ts";

export type LazyKind = "walletConnect" | "baseAccount";
export const LAZY_IDS: Record<string, LazyKind> = { walletConnect: "walletConnect", baseAccount: "baseAccount" };

export async function loadConnector(kind: LazyKind): Promise<CreateConnectorFn> {
  if (kind === "walletConnect") {
    if (!env.walletConnectId) throw new Error("WalletConnect project id missing (VITE_WALLETCONNECT_PROJECT_ID).");
    const { walletConnect } = await import("wagmi/connectors/walletConnect");
    return walletConnect({
      projectId: env.walletConnectId,
      showQrModal: false,
      metadata: { name: `${env.tokenName} Presale`, description: `${env.tokenName} presale`, url: env.domain, icons: [`${env.domain}/favicon.svg`] },
    });
  }
  const { baseAccount } = await import("wagmi/connectors/baseAccount");
  return baseAccount({ appName: `${env.tokenName} Presale` });
}
