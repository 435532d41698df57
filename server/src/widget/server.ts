/**
 * Local stand-in for the card on-ramp widget (the real one cannot be reached from a local machine).
 *
 * GET  /{partner_id}/widget?<options>      the widget page (options as query parameters, like the real widget)
 * POST /{partner_id}/widget/pay            executes buyWithETHWert on the local Base chain from the provider account
 * GET  /{partner_id}/widget/tx/{hash}      receipt status of a payment transaction
 * GET  /healthz
 *
 * The page speaks the real widget's postMessage protocol to window.parent (see page.ts). Every payment is checked
 * the way the real provider would: signature over the smart-contract options, the target contract, the call.
 */
import crypto from "node:crypto";
import http from "node:http";
import {
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  defineChain,
  getAddress,
  http as viemHttp,
  isAddress,
  parseEther,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { presaleAbi } from "../contracts.ts";
import { verifyCardSignature } from "../card.ts";
import { presaleFromDeployments } from "../config.ts";
import { isLocalChain, localCardProviderAccount, type WidgetConfig } from "./config.ts";
import { renderPage, type PageModel } from "./page.ts";

export interface ParsedOptions {
  partnerId: string;
  address: string;
  commodity: string;
  network: string;
  commodityAmount: string;
  scAddress: string;
  scInputData: string;
  signature: string;
  clickId: string;
  lang: string;
  theme: string;
  currency: string;
}

export interface Checked {
  ok: boolean;
  problems: string[];
  user?: Address;
  tokens?: bigint;
  stake?: boolean;
  valueWei?: bigint;
}

export function parseOptions(partnerId: string, q: URLSearchParams): ParsedOptions {
  const g = (k: string) => q.get(k) ?? "";
  return {
    partnerId,
    address: g("address"),
    commodity: g("commodity"),
    network: g("network"),
    commodityAmount: g("commodity_amount"),
    scAddress: g("sc_address"),
    scInputData: g("sc_input_data"),
    signature: g("signature"),
    clickId: g("click_id"),
    lang: g("lang") || "en",
    theme: g("theme"),
    currency: g("currency") || "USD",
  };
}

export function createWidgetServer(cfg: WidgetConfig) {
  const publicClient = createPublicClient({ transport: viemHttp(cfg.rpcUrl, { timeout: 10_000 }) });
  let chainIdCache: number | undefined;
  const chainId = async () => (chainIdCache ??= await publicClient.getChainId());
  const presaleAddress = async (): Promise<Address | undefined> =>
    cfg.presale ?? (await presaleFromDeployments(cfg.deploymentsDir, await chainId())).address;

  /** Everything the real provider checks before it pays: who signed, what is called, on which contract, for how much. */
  async function check(o: ParsedOptions): Promise<Checked> {
    const problems: string[] = [];
    const out: Checked = { ok: false, problems };
    if (cfg.partnerId && o.partnerId !== cfg.partnerId) problems.push(`unknown partner_id "${o.partnerId}"`);
    for (const k of [
      "address",
      "commodity",
      "network",
      "commodityAmount",
      "scAddress",
      "scInputData",
      "signature",
    ] as const) {
      if (!o[k]) problems.push(`missing ${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`);
    }
    if (problems.length) return out;
    if (o.commodity.toUpperCase() !== "ETH") problems.push(`commodity must be ETH, got ${o.commodity}`);
    const amount = Number(o.commodityAmount);
    if (!Number.isFinite(amount) || amount <= 0 || Number(amount.toFixed(8)) !== amount)
      problems.push("commodity_amount must be a positive amount with at most 8 decimals");
    if (!isAddress(o.address, { strict: false })) problems.push("address is not an address");
    if (!isAddress(o.scAddress, { strict: false })) problems.push("sc_address is not an address");
    if (problems.length) return out;

    if (!cfg.signerPublicKey)
      problems.push("the widget has no signer public key (WIDGET_SIGNER_PUBLIC_KEY or WERT_SIGNER_PRIVATE_KEY)");
    else {
      const valid = verifyCardSignature(
        {
          address: o.address,
          commodity: o.commodity,
          commodity_amount: Number(o.commodityAmount),
          network: o.network,
          sc_address: o.scAddress,
          sc_input_data: o.scInputData,
        },
        o.signature,
        cfg.signerPublicKey,
      );
      if (!valid) problems.push("the signature does not match the options");
    }
    try {
      const call = decodeFunctionData({ abi: presaleAbi, data: o.scInputData as Hex });
      if (call.functionName !== "buyWithETHWert")
        problems.push(`sc_input_data calls ${call.functionName}, not buyWithETHWert`);
      else {
        const [user, tokens, stake] = call.args;
        Object.assign(out, { user, tokens, stake });
        if (getAddress(user) !== getAddress(o.address))
          problems.push("the purchase credits another address than the fallback address");
      }
    } catch {
      problems.push("sc_input_data is not a buyWithETHWert call");
    }
    try {
      const presale = await presaleAddress();
      if (presale && getAddress(o.scAddress) !== presale)
        problems.push(`sc_address is not the local presale ${presale}`);
    } catch {
      problems.push("the local chain cannot be reached");
    }
    out.valueWei = parseEther(Number(o.commodityAmount).toFixed(8));
    out.ok = problems.length === 0;
    return out;
  }

  async function providerAccount() {
    const id = await chainId();
    if (cfg.providerKey) return privateKeyToAccount(cfg.providerKey);
    if (!isLocalChain(id)) throw new Error(`chain ${id} is not local: set CARD_PROVIDER_PRIVATE_KEY`);
    return localCardProviderAccount();
  }

  async function pay(o: ParsedOptions): Promise<Hex> {
    const c = await check(o);
    if (!c.ok) throw new Refusal(c.problems.join("; "));
    const account = await providerAccount();
    const id = await chainId();
    const chain = defineChain({
      id,
      name: `chain ${id}`,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [cfg.rpcUrl] } },
    });
    const wallet = createWalletClient({ account, chain, transport: viemHttp(cfg.rpcUrl) });
    return wallet.sendTransaction({ to: getAddress(o.scAddress), data: o.scInputData as Hex, value: c.valueWei! });
  }

  async function txStatus(hash: Hex): Promise<"pending" | "success" | "failed"> {
    try {
      const r = await publicClient.getTransactionReceipt({ hash });
      return r.status === "success" ? "success" : "failed";
    } catch (e) {
      if ((e as { name?: string }).name === "TransactionReceiptNotFoundError") return "pending";
      throw e;
    }
  }

  async function usdPerEth(): Promise<number | undefined> {
    try {
      const p = await presaleAddress();
      if (!p) return undefined;
      const v = await publicClient.readContract({ address: p, abi: presaleAbi, functionName: "ethUsdPrice" });
      return Number(v / 10n ** 14n) / 1e4;
    } catch {
      return undefined;
    }
  }

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      ...headers,
    });
    res.end(JSON.stringify(body));
  };

  const readJson = (req: http.IncomingMessage): Promise<unknown> =>
    new Promise((resolve, reject) => {
      let size = 0;
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => {
        size += c.length;
        // Answered (413), then the rest is read and dropped: destroying the request would leave the client no answer.
        if (size > BODY_LIMIT) reject(new Refusal(`the body is over ${BODY_LIMIT} bytes`, 413));
        else chunks.push(c);
      });
      req.on("end", () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        } catch {
          reject(new Refusal("body is not JSON"));
        }
      });
      req.on("error", reject);
    });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      const url = parseUrl(req.url ?? "/", cfg.origin);
      const parts = url.pathname.split("/").filter(Boolean).map(decodePart);
      if (req.method === "GET" && url.pathname === "/healthz") return send(res, 200, { status: "ok" });
      if (parts.length < 2 || parts[1] !== "widget")
        return send(res, 404, { error: "not_found", reason: "no such page" });
      const partnerId = parts[0];

      if (req.method === "GET" && parts.length === 2) {
        const o = parseOptions(partnerId, url.searchParams);
        const c = await check(o);
        const model: PageModel = {
          options: o,
          check: { ok: c.ok, problems: c.problems },
          summary: {
            user: c.user,
            tokens: c.tokens?.toString(),
            stake: c.stake,
            usdPerEth: c.ok ? await usdPerEth() : undefined,
          },
        };
        const nonce = crypto.randomBytes(16).toString("base64");
        res.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
          "content-security-policy": `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src data:; frame-ancestors ${cfg.frameAncestors}; base-uri 'none'; form-action 'none'`,
          "referrer-policy": "no-referrer",
        });
        return res.end(renderPage(model, nonce));
      }

      // The page's own calls: same origin only, so no other site can spend the provider's ETH.
      const origin = req.headers.origin;
      if (origin && origin !== cfg.origin)
        return send(res, 403, { error: "origin_not_allowed", reason: `origin ${origin} may not call the widget` });

      if (req.method === "POST" && parts.length === 3 && parts[2] === "pay") {
        if (!/^application\/json\b/.test(req.headers["content-type"] ?? ""))
          return send(res, 415, { error: "unsupported_media_type", reason: "send JSON" });
        const body = (await readJson(req)) as { query?: unknown };
        if (typeof body?.query !== "string") throw new Refusal("query must be the widget's query string");
        const hash = await pay(parseOptions(partnerId, new URLSearchParams(body.query)));
        return send(res, 200, { tx_id: hash });
      }
      if (req.method === "GET" && parts.length === 4 && parts[2] === "tx") {
        if (!/^0x[0-9a-fA-F]{64}$/.test(parts[3])) throw new Refusal("not a transaction hash");
        return send(res, 200, { tx_id: parts[3], status: await txStatus(parts[3] as Hex) });
      }
      return send(res, 404, { error: "not_found", reason: "no such endpoint" });
    } catch (e) {
      if (e instanceof Refusal)
        return send(res, e.status, { error: e.status === 413 ? "payload_too_large" : "refused", reason: e.message });
      const msg = e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e);
      console.error(JSON.stringify({ level: 50, msg: "widget error", error: msg }));
      return send(res, 502, { error: "payment_failed", reason: msg.split("\n")[0].slice(0, 300) });
    }
  };
  // Every failure is answered inside handle (400/404/502), so nothing is left to reject.
  return http.createServer((req, res) => void handle(req, res));
}

export class Refusal extends Error {
  readonly status: number;
  constructor(reason: string, status = 400) {
    super(reason);
    this.status = status;
  }
}

const BODY_LIMIT = 16_384;

function parseUrl(path: string, origin: string): URL {
  try {
    return new URL(path, origin);
  } catch {
    throw new Refusal("the URL is not valid");
  }
}

/** A path segment, decoded; one that cannot be (`%`, `%zz`) is refused, not an internal error. */
function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new Refusal("the URL is not valid (malformed percent-encoding)");
  }
}
