// WalletConnect and Base Account, declared in the wagmi config like every other connector (wagmi's public
// createConnector API: its reconnect, storage and events apply), but their connector modules and SDKs load only when
// the visitor picks one, or on reconnect when it was the last one used. Declared as-is, wagmi's own connectors would
// load their SDKs on every visit: WalletConnect creates its provider at setup, and reconnect asks every connector
// for its provider.
import { createConnector, type CreateConnectorFn } from "wagmi";
import { env } from "../config/env.ts";

export type LazyKind = "walletConnect" | "baseAccount";
const NAMES: Record<LazyKind, string> = { walletConnect: "WalletConnect", baseAccount: "Base Account" };

/** The real connector (a separate chunk each; their SDKs load when it first asks for its provider). */
async function loadConnector(kind: LazyKind): Promise<CreateConnectorFn> {
  if (kind === "walletConnect") {
    if (!env.walletConnectId) throw new Error("WalletConnect project id missing (VITE_WALLETCONNECT_PROJECT_ID).");
    const { walletConnect } = await import("wagmi/connectors/walletConnect");
    return walletConnect({
      projectId: env.walletConnectId,
      showQrModal: false,
      metadata: {
        name: `${env.tokenName} Presale`,
        description: `${env.tokenName} presale`,
        url: env.domain,
        icons: [`${env.domain}/favicon.svg`],
      },
    });
  }
  const { baseAccount } = await import("wagmi/connectors/baseAccount");
  return baseAccount({ appName: `${env.tokenName} Presale` });
}

type RealConnector = ReturnType<CreateConnectorFn>;

/** A connector that stands in for `kind` and hands every call to the real one, loaded on first use. */
export function lazyConnector(kind: LazyKind): CreateConnectorFn {
  return createConnector((config) => {
    let real: Promise<RealConnector> | undefined;
    const load = () =>
      (real ??= loadConnector(kind).then(
        async (fn) => {
          const connector = fn(config); // the same emitter, storage and chains: its events are this connector's
          await connector.setup?.();
          return connector;
        },
        (err: unknown) => {
          real = undefined; // a failed load (e.g. no project id) is retried on the next choice
          throw err;
        },
      ));
    /** The real connector if loaded, or loaded now when it was the last one used (reconnect); else undefined. */
    const loadedOrLastUsed = async () =>
      real ?? ((await config.storage?.getItem("recentConnectorId")) === kind ? load() : undefined);
    return {
      id: kind,
      name: NAMES[kind],
      type: kind,
      async connect(parameters) {
        return (await load()).connect(parameters);
      },
      async disconnect() {
        await (await real)?.disconnect();
      },
      async getAccounts() {
        return (await load()).getAccounts();
      },
      async getChainId() {
        return (await load()).getChainId();
      },
      async getProvider(parameters) {
        return (await loadedOrLastUsed())?.getProvider(parameters);
      },
      async isAuthorized() {
        return (await (await loadedOrLastUsed())?.isAuthorized()) ?? false;
      },
      async switchChain(parameters) {
        const connector = await load();
        if (!connector.switchChain) throw new Error(`${NAMES[kind]} does not support programmatic chain switching.`);
        return connector.switchChain(parameters);
      },
      onAccountsChanged(accounts) {
        void real?.then((c) => c.onAccountsChanged(accounts));
      },
      onChainChanged(chainId) {
        void real?.then((c) => c.onChainChanged(chainId));
      },
      onDisconnect(error) {
        void real?.then((c) => c.onDisconnect(error));
      },
    };
  });
}
