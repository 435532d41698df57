/**
 * The JSON body parser: numbers are kept exactly as the client wrote them. A number whose text a double cannot hold
 * as written (more digits than a double keeps, exponent notation, trailing zeros, integers above 2^53) arrives in the
 * handlers as its source text, a string, so the schemas judge the digits that were sent instead of a rounded float.
 * Keys that could poison prototypes (`__proto__`, `constructor.prototype`) are refused, as Fastify's own parser does.
 */
import { errorCodes } from "fastify";

type SourceContext = { source?: string };

function reviver(this: unknown, key: string, value: unknown, context?: SourceContext): unknown {
  if (
    key === "__proto__" ||
    (key === "constructor" && typeof value === "object" && value !== null && "prototype" in value)
  ) {
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
  if (typeof value === "number" && context?.source !== undefined && context.source !== String(value))
    return context.source;
  return value;
}

/** Parses a request body; empty and malformed bodies raise Fastify's own 400 errors. */
export function parseJsonBody(body: string): unknown {
  if (body === "") throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  try {
    return JSON.parse(body, reviver);
  } catch (e) {
    if ((e as { code?: string }).code?.startsWith("FST_")) throw e;
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
}
