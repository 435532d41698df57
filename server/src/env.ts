/**
 * zod schemas for environment variables, shared by the API server's and the stand-in widget's configuration.
 * Each schema reads one variable's text; unset and empty both mean "use the default" (undefined). A bad value stops
 * the start with a ConfigError that names the variable and quotes what it got.
 */
import path from "node:path";
import fs from "node:fs";
import { getAddress, isAddress, type Hex } from "viem";
import { z } from "zod/v4";
import { proxyEntryProblem } from "./ip.ts";

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

/** The server package's folder (src/.. when run from source, dist/server/src/../../.. when built). */
export const serverRoot = (() => {
  let dir = path.resolve(import.meta.dirname, "..");
  while (!fs.existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

/** A variable that may be unset: empty text counts as unset. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

const got = (iss: { input?: unknown }) => `got "${String(iss.input)}"`;

export const integer = (min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .refine(
      (raw) => {
        const n = Number(raw);
        return Number.isInteger(n) && n >= min && n <= max;
      },
      { error: (iss) => `must be an integer in [${min}, ${max}], ${got(iss)}` },
    )
    .transform(Number);

// abort: `origin` below hands the value to new URL(), which throws on what this check refused.
export const httpUrl = z.url({
  protocol: /^https?$/,
  abort: true,
  error: (iss) => `must be an http(s) URL, ${got(iss)}`,
});

/** An http(s) URL reduced to its origin (scheme, host, port). */
export const origin = httpUrl.transform((u) => new URL(u).origin);

/** A comma list of origins; blanks between commas are ignored. */
export const originList = z
  .string()
  .transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(origin));

export const address = z
  .string()
  .trim()
  // abort: getAddress throws on what the check refused, so the transform must not see it.
  .refine((raw) => isAddress(raw, { strict: false }), {
    error: (iss) => `must be a 0x address, ${got(iss)}`,
    abort: true,
  })
  .transform((raw) => getAddress(raw));

/** 32 bytes of hex, with or without 0x (Ed25519 secrets and public keys). */
export const hex32 = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, `must be 32 bytes of hex (${what})`);

/** A 0x-prefixed 32-byte private key. */
export const privateKey = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex key")
  .transform((k) => k as Hex);

export const redisUrl = z
  .string()
  .trim()
  .regex(/^rediss?:\/\/[^\s]+$/, { error: (iss) => `must be a redis:// or rediss:// URL, ${got(iss)}` });

/**
 * TRUST_PROXY: how many proxies stand in front of the server (a hop count: the client is the address the
 * outermost trusted proxy saw), or the proxies' own addresses/CIDRs (the client is the first address from the right
 * that is not one of them). `true` ("trust every hop") is refused: any client could then pick its own IP by sending
 * X-Forwarded-For, which defeats the rate limit and falsifies the stored IP. Its messages name the variable.
 */
export const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    const fail = (message: string) => {
      ctx.issues.push({ code: "custom", message, input: v });
      return z.NEVER;
    };
    if (v === "" || /^(0|false|no|off)$/i.test(v)) return false;
    if (/^(true|yes|on)$/i.test(v)) {
      return fail(
        `TRUST_PROXY=${v} would trust every X-Forwarded-For hop, so any client could choose its own IP and pass the rate limit: ` +
          `give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8)`,
      );
    }
    if (/^\d+$/.test(v)) {
      const n = Number(v);
      return n < 1 || n > 10 ? fail(`TRUST_PROXY hop count must be 1..10, got "${v}"`) : n;
    }
    const list = v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    for (const item of list) {
      const problem = proxyEntryProblem(item);
      if (problem !== undefined) return fail(`TRUST_PROXY: "${item}" ${problem} (e.g. 1, or 10.0.0.5,10.1.0.0/16)`);
    }
    return list;
  });

/** The URL without its user and password (a bad DATABASE_URL is quoted in the error). */
export const withoutCredentials = (u: string) => u.replace(/\/\/[^/@]*@/, "//…@");

/** A PostgreSQL connection string: postgres:// or postgresql:// with a host. */
export const postgresUrl = z
  .string()
  .trim()
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return /^postgres(ql)?:$/.test(u.protocol) && u.hostname !== "";
      } catch {
        return false;
      }
    },
    {
      error: (iss) =>
        `must be a postgres:// or postgresql:// URL with a host (postgres://user:password@host:5432/db), got "${withoutCredentials(String(iss.input))}"`,
    },
  );

/**
 * Parses the environment with a schema of variables (objects keyed by variable name). Every bad variable is reported,
 * each message starting with the variable's name: `PORT must be an integer in [0, 65535], got "http"`.
 */
export function parseEnv<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const messages = r.error.issues.map((iss) => {
    const name = String(iss.path.findLast((p) => typeof p === "string") ?? "environment");
    return iss.message.startsWith(name) ? iss.message : `${name} ${iss.message}`;
  });
  throw new ConfigError(messages.join("; "));
}

/** An object of the variables of `env` whose name matches `pattern`, each with the same schema (RPC_URL_<chainId>). */
export function matching<T extends z.ZodType>(env: Env, pattern: RegExp, schema: T) {
  const shape: Record<string, T> = Object.fromEntries(
    Object.keys(env)
      .filter((k) => pattern.test(k))
      .map((k) => [k, schema]),
  );
  return z.object(shape);
}
