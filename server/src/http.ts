/** HTTP error shape shared by every route: `{ error: <code>, reason: <human text> }`, never a stack trace. */
import { z } from "zod/v4";

export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly reason: string;
  constructor(statusCode: number, code: string, reason: string) {
    super(reason);
    this.statusCode = statusCode;
    this.code = code;
    this.reason = reason;
  }
}

export const badRequest = (reason: string, code = "bad_request") => new HttpError(400, code, reason);

/** Parses `input` with `schema`, turning the first issues into one readable 400 reason. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  if (input === undefined || input === null || typeof input !== "object" || Array.isArray(input)) {
    throw badRequest("body must be a JSON object", "invalid_body");
  }
  const r = schema.safeParse(input);
  if (!r.success) {
    const reason = r.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.length ? i.path.join(".") : "body"}: ${i.message}`)
      .join("; ");
    throw badRequest(reason, "invalid_input");
  }
  return r.data;
}

/** A dependency (database, Redis, an RPC) is down: 503 with `retry-after`, never a stack trace. */
export class UnavailableError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(code: string, reason: string, retryAfterSeconds = 5) {
    super(503, code, reason);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Logs each distinct message at most once per interval: the first occurrence at once, later ones folded into a count
 * printed with the next occurrence after the interval (an outage must not write one stack trace per request).
 */
export class LogThrottle {
  private seen = new Map<string, { last: number; suppressed: number }>();
  private readonly intervalMs: number;
  private readonly now: () => number;
  constructor(intervalMs: number, now: () => number = Date.now) {
    this.intervalMs = intervalMs;
    this.now = now;
  }

  /** Calls `log(suppressedSinceLast)` unless the same key was logged less than an interval ago. */
  run(key: string, log: (suppressed: number) => void): void {
    const t = this.now();
    const s = this.seen.get(key);
    if (s && t - s.last < this.intervalMs) {
      s.suppressed++;
      return;
    }
    log(s?.suppressed ?? 0);
    this.seen.set(key, { last: t, suppressed: 0 });
    if (this.seen.size > 1000) this.seen.delete(this.seen.keys().next().value!);
  }
}
