// The card session request (PRODUCT.md §7, first HTTP call): the buyer's address, the token quantity and the
// stake flag go to the API server, which prices the purchase from the chain itself, encodes buyWithETHWert and
// signs the widget options. The answer is checked here before anything is shown to the buyer: it must be a signed
// purchase on the Base presale that credits this wallet with this quantity and this stake flag.
import type { CardSessionAnswer, CardSessionData, CardSessionRequest } from "@shaft/card-options";
import { decodeFunctionData, getAddress, isAddress, type Address } from "viem";
import { abiOf } from "../../config/contracts.ts";

/** What the buyer asked for: the wallet, whole tokens and the stake flag. */
export type CardSessionOrder = { address: Address; tokens: number; stake: boolean };
/** The checked answer: the signed options and the widget's display options (`meta` is for display, and unused). */
export type CardSession = Pick<CardSessionAnswer, "data">;

/** The request body in the field names the server validates (@shaft/card-options, shared with it). */
const sessionRequestBody = (o: CardSessionOrder): CardSessionRequest => ({
  address: o.address,
  tokenAmount: o.tokens,
  stake: o.stake,
});

/** The signed options the answer must carry, each a non-empty string (commodity_amount is checked on its own). */
const SIGNED_TEXT_FIELDS = [
  "address",
  "commodity",
  "network",
  "sc_address",
  "sc_input_data",
  "signature",
] as const satisfies readonly (keyof CardSessionData)[];

/** Why the session could not be used; `status` is the HTTP status when the server answered. */
export class CardSessionError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "CardSessionError";
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const sameAddress = (a: string, b: string) =>
  isAddress(a, { strict: false }) && isAddress(b, { strict: false }) && getAddress(a) === getAddress(b);

/** The presale call that calldata encodes (decoded with the generated ABI), or undefined. */
function decodePresaleCall(data: `0x${string}`) {
  try {
    return decodeFunctionData({ abi: abiOf("Presale"), data });
  } catch {
    return undefined;
  }
}

/** Checks the server's answer against the request; throws CardSessionError naming the first mismatch. */
export function checkSession(body: unknown, req: CardSessionOrder, presale?: Address): CardSession {
  if (!isObject(body) || !isObject(body.data)) throw new CardSessionError("the card session answer has no data object");
  const d = body.data;
  const signed = {} as Record<(typeof SIGNED_TEXT_FIELDS)[number], string>;
  for (const k of SIGNED_TEXT_FIELDS) {
    const v = d[k];
    if (typeof v !== "string" || v === "") throw new CardSessionError(`the card session answer lacks ${k}`);
    signed[k] = v;
  }
  const amount = typeof d.commodity_amount === "string" ? Number(d.commodity_amount) : d.commodity_amount;
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount <= 0)
    throw new CardSessionError("the card session answer has no positive commodity_amount");
  if (signed.commodity.toUpperCase() !== "ETH")
    throw new CardSessionError(`the card session pays in ${signed.commodity}, not ETH`);
  if (!sameAddress(signed.address, req.address)) throw new CardSessionError("the card session is for another wallet");
  if (presale && !sameAddress(signed.sc_address, presale))
    throw new CardSessionError("the card session targets another contract than the Base presale");
  const call = decodePresaleCall(signed.sc_input_data as `0x${string}`);
  if (call?.functionName !== "buyWithETHWert")
    throw new CardSessionError("the card session does not encode a buyWithETHWert call");
  const [user, tokens, stake] = call.args;
  if (!sameAddress(user, req.address)) throw new CardSessionError("the card purchase credits another wallet");
  if (tokens !== BigInt(req.tokens))
    throw new CardSessionError(`the card purchase is for ${tokens} tokens, not ${req.tokens}`);
  if (stake !== req.stake) throw new CardSessionError("the card purchase has another stake flag");
  // The display options are the widget's; a missing or malformed one falls back to the dapp's (options.ts).
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  const info = isObject(d.extra) && isObject(d.extra.item_info) ? d.extra.item_info : undefined;
  const data: CardSessionData = {
    ...signed,
    commodity_amount: amount,
    partner_id: text(d.partner_id),
    origin: text(d.origin),
    click_id: text(d.click_id),
    lang: text(d.lang),
    theme: text(d.theme),
    currency: text(d.currency),
    extra: info && { item_info: { name: text(info.name), category: text(info.category) } },
  };
  return { data };
}

/**
 * POST {sessionUrl} with the CardSessionRequest { address, tokenAmount, stake }. Rejects with CardSessionError on a network failure, a
 * non-2xx answer (the server's reason is kept) or an answer that does not match the request.
 */
export async function requestCardSession(
  sessionUrl: string,
  req: CardSessionOrder,
  opts: { fetch?: typeof fetch; presale?: Address; signal?: AbortSignal } = {},
): Promise<CardSession> {
  const doFetch = opts.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(sessionUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(sessionRequestBody(req)),
      signal: opts.signal,
    });
  } catch (e) {
    throw new CardSessionError(`the card session request failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const reason = isObject(body) && typeof body.reason === "string" ? body.reason : `HTTP ${res.status}`;
    const code = isObject(body) && typeof body.error === "string" ? body.error : undefined;
    throw new CardSessionError(`the card session was refused: ${reason}`, res.status, code);
  }
  return checkSession(body, req, opts.presale);
}
