// Lead-tracking parameters: read from the URL into cookies with the product's lifetimes; analytics data layer.
import { COOKIE_LIFETIME } from "../config/constants.ts";

const TRACKING_KEYS = ["clickId", "source", "pid", "tid", "referrer"] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
export type Tracking = Partial<Record<TrackingKey, string>>;

/** URL parameters -> tracking values (tsid is accepted as tid). */
export function trackingFromSearch(search: string): Tracking {
  const p = new URLSearchParams(search);
  const out: Tracking = {};
  for (const k of TRACKING_KEYS) {
    const v = p.get(k) ?? (k === "tid" ? p.get("tsid") : null);
    if (v) out[k] = v.slice(0, 200);
  }
  return out;
}

export function cookieLifetime(key: TrackingKey): number {
  return key === "referrer" ? COOKIE_LIFETIME.referrer : COOKIE_LIFETIME.general;
}

export function cookieString(key: TrackingKey, value: string): string {
  return `${key}=${encodeURIComponent(value)}; Max-Age=${cookieLifetime(key)}; Path=/; SameSite=Lax`;
}

export function readCookies(cookie: string): Tracking {
  const out: Tracking = {};
  for (const part of cookie.split(/;\s*/)) {
    const [k, ...rest] = part.split("=");
    if ((TRACKING_KEYS as readonly string[]).includes(k)) out[k as TrackingKey] = decodeURIComponent(rest.join("="));
  }
  return out;
}

export function captureTracking(doc: Document = document, search = window.location.search): Tracking {
  for (const [k, v] of Object.entries(trackingFromSearch(search))) doc.cookie = cookieString(k as TrackingKey, v);
  return readCookies(doc.cookie);
}

type DataLayerWindow = Window & { dataLayer?: Record<string, unknown>[] };

/** Workflow-step events go to the analytics data layer in production only. */
export function pushAnalytics(
  production: boolean,
  event: string,
  data: Record<string, unknown> = {},
  w: Window = window,
) {
  if (!production) return false;
  const dw = w as DataLayerWindow;
  dw.dataLayer = dw.dataLayer ?? [];
  dw.dataLayer.push({ event, ...data });
  return true;
}
