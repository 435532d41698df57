// Options of the card widget (PRODUCT.md §3 "Card widget options", section 7 "Card widget embedding") and their
// validation (PRODUCT.md §5 "Card widget", error texts of section 8). Pure: no DOM, no network.

import type { CardSessionData, ItemInfo } from "@shaft/card-options";

/** Exact text of PRODUCT.md §8 for a missing partner_id. */
export const PARTNER_ID_REQUIRED = "Please provide a partner_id in order for the widget to work correctly";
export const CONTAINER_ID_UNSUPPORTED = "container_id is no longer supported";
const ITEM_INFO_MAX = 40;
export const itemInfoTooLong = (field: "name" | "category") =>
  `Max length of the extra.item_info.${field} value is ${ITEM_INFO_MAX} characters`;

/** The widget's own events (PRODUCT.md §7 "Messages from the widget"; the 3-D Secure pair is handled by the host). */
type PaymentStatusData = {
  status?: unknown;
  payment_id?: unknown;
  order_id?: unknown;
  tx_id?: unknown;
  external_order_id?: unknown;
};
type WidgetErrorData = { name?: unknown; message?: unknown };
export type WidgetListeners = {
  loaded?: () => void;
  "payment-status"?: (data: PaymentStatusData) => void;
  position?: (data: { step?: unknown }) => void;
  "rate-update"?: (data: Record<string, unknown>) => void;
  close?: () => void;
  error?: (data: WidgetErrorData) => void;
};

/** The session answer's types, shared with the API server (types only: nothing reaches the bundle). */
export type { CardSessionData, ItemInfo };

export type WidgetOptions = {
  partner_id: string;
  origin: string;
  click_id: string;
  lang: string;
  theme: "dark";
  currency: "USD";
  commodity: "ETH";
  network: string;
  commodity_amount: number;
  address: string;
  sc_address: string;
  sc_input_data: string;
  signature: string;
  extra: { item_info: ItemInfo };
  listeners: WidgetListeners;
  /** Obsolete (PRODUCT.md §3); only ever present when a caller passes it, and then reported. */
  container_id?: string;
};

export type WidgetConfig = {
  /** Configured per environment: the stand-in locally, the real widget origin in production. */
  origin: string;
  /** Fallback when the server's session does not name the partner. */
  partnerId: string;
  /** The sale token symbol: the widget's item name. */
  tokenSymbol: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid = (s: unknown): s is string => typeof s === "string" && UUID.test(s);

function randomUuid(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The widget's language: the dapp's language reduced to its primary subtag (zh-hans -> zh). The widget falls back
 * to English for a language it does not offer, so passing the visitor's choice is never worse than "en".
 */
export function widgetLang(appLang: string | undefined): string {
  const primary = (appLang ?? "").toLowerCase().split(/[-_]/)[0] ?? "";
  return /^[a-z]{2,3}$/.test(primary) ? primary : "en";
}

/**
 * Builds the widget options from the signed session: partner id, origin, click id (the session's UUID, so the
 * order can be traced to it, else a fresh random one), language, dark theme, USD, ETH, item info named with the
 * sale token symbol, and the listeners. The signed fields are passed through unchanged.
 */
export function buildWidgetOptions(
  session: CardSessionData,
  cfg: WidgetConfig,
  appLang: string,
  listeners: WidgetListeners,
): WidgetOptions {
  const category = session.extra?.item_info?.category;
  return {
    partner_id: session.partner_id || cfg.partnerId,
    origin: cfg.origin.replace(/\/+$/, ""),
    click_id: isUuid(session.click_id) ? session.click_id : randomUuid(),
    lang: widgetLang(appLang),
    theme: "dark",
    currency: "USD",
    commodity: "ETH",
    network: session.network,
    commodity_amount: session.commodity_amount,
    address: session.address,
    sc_address: session.sc_address,
    sc_input_data: session.sc_input_data,
    signature: session.signature,
    extra: { item_info: { name: cfg.tokenSymbol, ...(category ? { category } : {}) } },
    listeners,
  };
}

export type Logger = (message: string) => void;

/**
 * PRODUCT.md §5 (card widget options): partner_id is required (throws the exact error of §8); container_id is
 * unsupported and an item_info name or category over 40 characters is reported (console errors, no throw).
 * Returns the reported problems.
 */
export function validateWidgetOptions(
  o: { partner_id?: unknown; container_id?: unknown; extra?: { item_info?: ItemInfo } },
  log: Logger = (m) => console.error(m),
): string[] {
  if (typeof o.partner_id !== "string" || o.partner_id.trim() === "") throw new Error(PARTNER_ID_REQUIRED);
  const problems: string[] = [];
  if (o.container_id !== undefined && o.container_id !== null && o.container_id !== "")
    problems.push(CONTAINER_ID_UNSUPPORTED);
  const info = o.extra?.item_info;
  if (typeof info?.name === "string" && info.name.length > ITEM_INFO_MAX) problems.push(itemInfoTooLong("name"));
  if (typeof info?.category === "string" && info.category.length > ITEM_INFO_MAX)
    problems.push(itemInfoTooLong("category"));
  problems.forEach((p) => log(p));
  return problems;
}

/** What is handed to the widget package: the obsolete container_id dropped once it has been reported. */
export function packageOptions(o: WidgetOptions): Omit<WidgetOptions, "container_id"> {
  const { container_id, ...rest } = o;
  void container_id; // reported by the option check; the widget package no longer takes it
  return rest;
}
