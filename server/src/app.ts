/** Builds the Fastify app from its dependencies (config, store, chains): used by index.ts and by the tests. */
import crypto from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import type { Config } from "./config.ts";
import type { Repository } from "./db/index.ts";
import type { Chains } from "./chain.ts";
import { HttpError } from "./http.ts";
import cardRoutes from "./routes/card.ts";
import referralRoutes from "./routes/referral.ts";
import trackRoutes from "./routes/track.ts";
import healthRoutes from "./routes/health.ts";

export interface Deps {
  config: Config;
  repo: Repository;
  chains: Chains;
}

/** Fastify's own client-error codes, mapped to our short codes. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_BODY_TOO_LARGE: "payload_too_large",
  FST_ERR_CTP_EMPTY_JSON_BODY: "invalid_body",
  FST_ERR_CTP_INVALID_JSON_BODY: "invalid_json",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "invalid_body",
  FST_ERR_CTP_INVALID_TYPE: "unsupported_media_type",
};

export async function buildApp(deps: Deps, opts: { logger?: FastifyServerOptions["logger"] } = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie"],
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // Never hand out stack traces or internals: see the error handler below.
    return503OnClosing: true,
    requestIdHeader: "x-request-id",
    genReqId: () => crypto.randomUUID(),
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string; validation?: unknown }, req, reply) => {
    if (err instanceof HttpError) {
      if (err.statusCode >= 500) req.log.warn({ code: err.code, reason: err.reason }, "request failed");
      return reply.code(err.statusCode).send({ error: err.code, reason: err.reason });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ error: "rate_limited", reason: err.message });
    if (status >= 400 && status < 500) {
      const code = (err.code && FASTIFY_CODES[err.code]) ?? "bad_request";
      return reply.code(status).send({ error: code, reason: err.message.replace(/^FST_\w+:\s*/, "") });
    }
    req.log.error({ err }, "unhandled error");
    return reply.code(500).send({ error: "internal", reason: "internal server error" });
  });

  // JSON only: other bodies get a 415 instead of reaching the schemas as strings.
  app.removeContentTypeParser("text/plain");

  app.setNotFoundHandler((req, reply) => reply.code(404).send({ error: "not_found", reason: `no route for ${req.method} ${req.url.split("?")[0]}` }));

  // CORS: only the site's origin(s). A browser request from any other origin is refused outright (not just left
  // without CORS headers), so nothing is stored for it; requests without an Origin (server-to-server) pass.
  const allowed = new Set(config.siteOrigins);
  app.addHook("onRequest", async (req) => {
    const origin = req.headers.origin;
    if (origin && !allowed.has(origin) && !req.url.startsWith("/healthz") && !req.url.startsWith("/readyz")) {
      throw new HttpError(403, "origin_not_allowed", `origin ${origin.slice(0, 200)} is not allowed`);
    }
  });
  await app.register(cors, { origin: [...allowed], methods: ["GET", "POST"], allowedHeaders: ["content-type", "x-request-id"], maxAge: 600 });

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    errorResponseBuilder: (_req, ctx) => {
      const e = new Error(`too many requests: at most ${ctx.max} per ${Math.round(config.rateLimit.windowMs / 1000)} s; retry in ${Math.ceil(ctx.ttl / 1000)} s`) as Error & { statusCode: number };
      e.statusCode = 429;
      return e;
    },
  });

  app.addHook("onSend", async (_req, reply) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("cache-control", "no-store");
  });

  await app.register(healthRoutes, deps);
  await app.register(cardRoutes, deps);
  await app.register(referralRoutes, deps);
  await app.register(trackRoutes, deps);
  return app;
}
