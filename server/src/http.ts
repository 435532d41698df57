/** HTTP error shape shared by every route: `{ error: <code>, reason: <human text> }`, never a stack trace. */
import { z } from "zod";

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
