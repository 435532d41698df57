/**
 * The JSON body parser: numbers are kept exactly as the client wrote them. A number whose text a double cannot hold
 * as written (more digits than a double keeps, exponent notation, trailing zeros, integers above 2^53) arrives in the
 * handlers as its source text, a string, so the schemas judge the digits that were sent instead of a rounded float.
 * Keys that could poison prototypes (`__proto__`, `constructor.prototype`) are refused, as Fastify's own parser does.
 */
import { errorCodes } from "fastify";
import { HttpError } from "./http.ts";

type SourceContext = { source?: string };

const invalid = (reason: string) => new HttpError(400, "invalid_body", reason);
/** With the u flag a surrogate pair is one code point: only an unpaired surrogate is in the Cs category. */
const LONE_SURROGATE = /\p{Cs}/u;

function reviver(this: unknown, key: string, value: unknown, context?: SourceContext): unknown {
  // A lone surrogate (`"\ud800"`) is no text: PostgreSQL would store U+FFFD in its place, SQLite the broken string.
  if (LONE_SURROGATE.test(key) || (typeof value === "string" && LONE_SURROGATE.test(value)))
    throw invalid("the body holds a lone UTF-16 surrogate (\\ud800-\\udfff escapes must come in pairs)");
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

/**
 * How deep arrays and objects nest in a JSON text (brackets inside strings do not count), and the first key an object
 * repeats (`{"a":1,"a":2}`: JSON.parse keeps the last, other parsers the first, so a check on one could pass a value
 * another reads; keys are compared decoded, so `"a"` and `"\u0061"` are the same key).
 */
export function jsonShape(text: string): { depth: number; duplicateKey?: string } {
  const stack: Array<{ keys?: Set<string>; expectKey: boolean }> = [];
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++; // skip escapes
      const top = stack.at(-1);
      if (top?.keys && top.expectKey) {
        top.expectKey = false;
        let key: string;
        try {
          key = JSON.parse(text.slice(start, i + 1)) as string;
        } catch {
          continue; // malformed: JSON.parse reports it
        }
        if (top.keys.has(key)) return { depth: max, duplicateKey: key };
        top.keys.add(key);
      }
    } else if (c === 0x7b || c === 0x5b) {
      stack.push({ keys: c === 0x7b ? new Set() : undefined, expectKey: c === 0x7b });
      max = Math.max(max, stack.length);
    } else if (c === 0x7d || c === 0x5d) stack.pop();
    else if (c === 0x2c && stack.at(-1)?.keys) stack.at(-1)!.expectKey = true;
  }
  return { depth: max };
}

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Parses a request body (its bytes, which must be UTF-8 as JSON is: RFC 8259 §8.1). Empty and malformed bodies raise
 * Fastify's own 400 errors; invalid UTF-8, deep nesting, repeated keys and lone surrogates an invalid_body naming it.
 */
export function parseJsonBody(bytes: Buffer): unknown {
  let body: string;
  try {
    body = UTF8.decode(bytes);
  } catch {
    throw invalid("the body is not valid UTF-8");
  }
  if (body.trim() === "") throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  const { depth, duplicateKey } = jsonShape(body);
  if (depth > MAX_JSON_DEPTH) throw invalid(`JSON nested ${depth} levels deep; at most ${MAX_JSON_DEPTH} are accepted`);
  if (duplicateKey !== undefined) throw invalid(`the key "${duplicateKey.slice(0, 64)}" appears twice in one object`);
  try {
    return JSON.parse(body, reviver);
  } catch (e) {
    if (e instanceof HttpError || (e as { code?: string }).code?.startsWith("FST_")) throw e;
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
}
