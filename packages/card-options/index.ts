/**
 * The card widget's options on both sides of `POST /api/card/session` (server/README.md): what the dapp sends, what
 * the server signs, and what it answers. Types only, so the dapp's bundle gains nothing from importing them; the
 * server validates the request with its own zod schema (server/src/schemas.ts), which is checked against
 * `CardSessionRequest` there; the dapp builds the request and reads the answer with them
 * (frontend/src/features/card/session.ts). A renamed field fails both type checks
 * (test/mocha/tooling/card-options-types.test.ts shows the dapp's).
 */

/** The request body: the buyer's wallet, whole tokens (number or digit string), and whether to stake them. */
export interface CardSessionRequest {
  address: string;
  tokenAmount: number | string;
  stake?: boolean;
}

/** The smart-contract options the card provider's signature covers, in the widget's own field names. */
export interface SignedCardOptions {
  address: string;
  commodity: string;
  commodity_amount: number;
  network: string;
  sc_address: string;
  sc_input_data: string;
}

/** The widget's `extra.item_info` (each at most 40 characters). */
export interface ItemInfo {
  name?: string;
  category?: string;
}

/**
 * `data` of the answer: the signed options with their signature plus the widget's display options, passed as is to
 * the widget. The server always sends the display options; the dapp has a fallback for each.
 */
export interface CardSessionData extends SignedCardOptions {
  signature: string;
  partner_id?: string;
  origin?: string;
  click_id?: string;
  lang?: string;
  theme?: string;
  currency?: string;
  extra?: { item_info?: ItemInfo };
}

/** `meta` of the answer: for display only (amounts in wei and whole tokens as decimal strings). */
export interface CardSessionMeta {
  chainId?: number;
  tokenAmount?: string;
  stake?: boolean;
  ethNeededWei?: string;
  commodityAmountWei?: string;
  quotedAt?: string;
}

/** The 200 answer. */
export interface CardSessionAnswer {
  data: CardSessionData;
  meta: CardSessionMeta;
}
