/**
 * The JSON body parser: numbers are kept exactly as the client wrote them. A number whose text a double cannot hold
 * as written (more digits than a double keeps, exponent notation, trailing zeros, integers above 2^53) arrives in the
 * handlers as its source text, a string, so the schemas judge the digits that were sent instead of a rounded float.
 * Keys that could poison prototypes (`__proto__`, `constructor.prototype`) are refused, as Fastify's own parser does.
 */
import { errorCodes } from "fastify";
import { HttpError } from "./http.ts";

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

/** Deeper than any body the API takes (its bodies are flat objects): refused before parsing, with that reason. */
export const MAX_JSON_DEPTH = 32;

/** How deep arrays and objects nest in a JSON text (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/** Parses a request body; empty and malformed bodies raise Fastify's own 400 errors, deep ones an invalid_body. */
export function parseJsonBody(body: string): unknown {
  if (body === "") throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  const depth = jsonDepth(body);
  if (depth > MAX_JSON_DEPTH)
    throw new HttpError(
      400,
      "invalid_body",
      `JSON nested ${depth} levels deep; at most ${MAX_JSON_DEPTH} are accepted`,
    );
  try {
    return JSON.parse(body, reviver);
  } catch (e) {
    if ((e as { code?: string }).code?.startsWith("FST_")) throw e;
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
}
