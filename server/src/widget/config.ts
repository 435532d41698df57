/** Configuration of the local stand-in card widget (`npm run widget`). Documented in README.md. */
import path from "node:path";
import { getAddress, isAddress, type Address, type Hex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { ConfigError, LOCAL_CHAIN_IDS } from "../config.ts";
import { publicKeyOf } from "../card.ts";

/** Hardhat's public test mnemonic, account #2: the local card provider. Only ever used on a local chain id. */
export const localCardProviderAccount = () =>
  mnemonicToAccount("test test test test test test test test test test test junk", { addressIndex: 2 });

export interface WidgetConfig {
  host: string;
  port: number;
  /** The origin the dapp opens (WERT_ORIGIN on the API server must be the same). */
  origin: string;
  partnerId?: string;
  signerPublicKey?: string;
  rpcUrl: string;
  /** Explicit provider key; without it the well-known local key is used, and only on a local chain id. */
  providerKey?: Hex;
  /** Only purchases on this contract are executed (from PRESALE_ADDRESS_<chainId> or the deployments map). */
  presale?: Address;
  frameAncestors: string;
  deploymentsDir: string;
}

export function loadWidgetConfig(env: Record<string, string | undefined> = process.env): WidgetConfig {
  const port = Number(env.WIDGET_PORT ?? 8788);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`WIDGET_PORT must be a port number`);
  const host = env.WIDGET_HOST ?? "127.0.0.1";
  let origin = env.WIDGET_ORIGIN ?? `http://${host}:${port}`;
  try {
    origin = new URL(origin).origin;
  } catch {
    throw new ConfigError(`WIDGET_ORIGIN must be a URL, got "${origin}"`);
  }

  let signerPublicKey = env.WIDGET_SIGNER_PUBLIC_KEY?.replace(/^0x/, "");
  if (signerPublicKey && !/^[0-9a-fA-F]{64}$/.test(signerPublicKey)) throw new ConfigError("WIDGET_SIGNER_PUBLIC_KEY must be 32 bytes of hex");
  const secret = env.WERT_SIGNER_PRIVATE_KEY?.trim();
  if (!signerPublicKey && secret) {
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(secret)) throw new ConfigError("WERT_SIGNER_PRIVATE_KEY must be 32 bytes of hex");
    signerPublicKey = publicKeyOf(secret);
  }

  const providerKey = env.CARD_PROVIDER_PRIVATE_KEY?.trim();
  if (providerKey && !/^0x[0-9a-fA-F]{64}$/.test(providerKey)) throw new ConfigError("CARD_PROVIDER_PRIVATE_KEY must be a 0x-prefixed 32-byte hex key");
  const presale = env.WIDGET_PRESALE_ADDRESS;
  if (presale && !isAddress(presale, { strict: false })) throw new ConfigError("WIDGET_PRESALE_ADDRESS must be an address");

  return {
    host,
    port,
    origin,
    partnerId: env.WERT_PARTNER_ID || undefined,
    signerPublicKey: signerPublicKey?.toLowerCase(),
    rpcUrl: env.WIDGET_RPC_URL ?? env.BASE_RPC_URL ?? env.RPC_URL_31338 ?? "http://127.0.0.1:8546",
    providerKey: providerKey as Hex | undefined,
    presale: presale ? getAddress(presale) : undefined,
    frameAncestors: env.WIDGET_FRAME_ANCESTORS ?? "http://127.0.0.1:* http://localhost:*",
    deploymentsDir: path.resolve(import.meta.dirname, "../..", env.DEPLOYMENTS_DIR ?? "../deployments"),
  };
}

export const isLocalChain = (id: number) => (LOCAL_CHAIN_IDS as readonly number[]).includes(id);
