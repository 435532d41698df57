/** Configuration of the local stand-in card widget (`npm run widget`), parsed with env.ts. Documented in README.md. */
import path from "node:path";
import type { Address, Hex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { z } from "zod/v4";
import { LOCAL_CHAIN_IDS } from "../config.ts";
import { publicKeyOf } from "../card.ts";
import {
  address,
  hex32,
  httpUrl,
  integer,
  optional,
  origin,
  parseEnv,
  privateKey,
  serverRoot,
  type Env,
} from "../env.ts";

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

/** Every variable of the stand-in widget. */
export const widgetVariables = z.object({
  WIDGET_HOST: optional(z.string()),
  WIDGET_PORT: optional(integer(0, 65535)),
  WIDGET_ORIGIN: optional(origin),
  WIDGET_SIGNER_PUBLIC_KEY: optional(hex32("an Ed25519 public key")),
  WERT_SIGNER_PRIVATE_KEY: optional(hex32("an Ed25519 secret")),
  CARD_PROVIDER_PRIVATE_KEY: optional(privateKey),
  WIDGET_PRESALE_ADDRESS: optional(address),
  WERT_PARTNER_ID: optional(z.string()),
  WIDGET_RPC_URL: optional(httpUrl),
  BASE_RPC_URL: optional(httpUrl),
  RPC_URL_31338: optional(httpUrl),
  WIDGET_FRAME_ANCESTORS: optional(z.string()),
  DEPLOYMENTS_DIR: optional(z.string()),
});

export function loadWidgetConfig(rawEnv: Env = process.env): WidgetConfig {
  const env = parseEnv(widgetVariables, rawEnv);
  const host = env.WIDGET_HOST ?? "127.0.0.1";
  const port = env.WIDGET_PORT ?? 8788;
  const secret = env.WERT_SIGNER_PRIVATE_KEY;
  const signerPublicKey =
    env.WIDGET_SIGNER_PUBLIC_KEY?.replace(/^0x/, "") ?? (secret === undefined ? undefined : publicKeyOf(secret));
  return {
    host,
    port,
    origin: env.WIDGET_ORIGIN ?? `http://${host}:${port}`,
    partnerId: env.WERT_PARTNER_ID,
    signerPublicKey: signerPublicKey?.toLowerCase(),
    rpcUrl: env.WIDGET_RPC_URL ?? env.BASE_RPC_URL ?? env.RPC_URL_31338 ?? "http://127.0.0.1:8546",
    providerKey: env.CARD_PROVIDER_PRIVATE_KEY,
    presale: env.WIDGET_PRESALE_ADDRESS,
    frameAncestors: env.WIDGET_FRAME_ANCESTORS ?? "http://127.0.0.1:* http://localhost:*",
    deploymentsDir: path.resolve(serverRoot, env.DEPLOYMENTS_DIR ?? "../deployments"),
  };
}

export const isLocalChain = (id: number) => (LOCAL_CHAIN_IDS as readonly number[]).includes(id);
