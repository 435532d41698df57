/** Builds the Fastify app from its dependencies (config, store, chains): used by index.ts and by the tests. */
import crypto from "node:crypto";
import http from "node:http";
import type { Duplex } from "node:stream";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from "fastify";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import { Redis } from "ioredis";
import type { Config } from "./config.ts";
import type { Repository } from "./db/index.ts";
import type { Chains } from "./chain.ts";
import { HttpError, LogThrottle, UnavailableError } from "./http.ts";
import { clientIp } from "./ip.ts";
import { parseJsonBody } from "./json.ts";
import { StoreUnavailableError } from "./db/repository.ts";
import cardRoutes from "./routes/card.ts";
import referralRoutes from "./routes/referral.ts";
import trackRoutes from "./routes/track.ts";
import healthRoutes from "./routes/health.ts";
import ownerRoutes from "./routes/owner.ts";

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

export async function buildApp(
  deps: Deps,
  opts: { logger?: FastifyServerOptions["logger"] } = {},
): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie"],
    },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimit,
    // Fastify turns Node's request timeout off: a client sending its headers or body slowly (or a Content-Length
    // longer than its body) would hold a connection for ever. Checked every second, not Node's 30 s.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
      requireHostHeader: false, // refused below with {error, reason}, not Node's empty 400
    },
    clientErrorHandler: answerClientError,
    // Never hand out stack traces or internals: see the error handler below.
    return503OnClosing: true,
    requestIdHeader: "x-request-id",
    genReqId: () => crypto.randomUUID(),
    // A URL that cannot be decoded (GET /%) gets the same {error, reason} body as every other error.
    frameworkErrors: (err, _req, reply) => {
      const badUrl = err.code === "FST_ERR_BAD_URL";
      // Fastify types this reply with the route's generics, which a framework error has none of.
      void (reply as unknown as FastifyReply).code(400).send({
        error: badUrl ? "bad_url" : "bad_request",
        reason: badUrl ? "the URL is not valid (malformed percent-encoding)" : err.message.replace(/^FST_\w+:\s*/, ""),
      });
    },
  });

  // An outage produces the same error on every request: log each distinct one once per interval, with a count.
  const throttle = new LogThrottle(config.errorLogIntervalMs);
  app.setErrorHandler((raw: Error & { statusCode?: number; code?: string; validation?: unknown }, req, reply) => {
    const err = asUnavailable(raw, config.redisUrl !== undefined) ?? raw;
    if (err instanceof HttpError) {
      if (err.statusCode >= 500) {
        throttle.run(`${err.code}:${err.reason}`, (suppressed) =>
          req.log.warn({ code: err.code, reason: err.reason, cause: causeOf(raw), suppressed }, "request failed"),
        );
      }
      if (err instanceof UnavailableError) reply.header("retry-after", String(err.retryAfterSeconds));
      return reply.code(err.statusCode).send({ error: err.code, reason: err.reason });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ error: "rate_limited", reason: err.message });
    if (status >= 400 && status < 500) {
      const code = (err.code && FASTIFY_CODES[err.code]) ?? "bad_request";
      return reply.code(status).send({ error: code, reason: err.message.replace(/^FST_\w+:\s*/, "") });
    }
    throttle.run(`internal:${err.name}:${err.message}`, (suppressed) =>
      req.log.error({ err, suppressed }, "unhandled error"),
    );
    return reply.code(500).send({ error: "internal", reason: "internal server error" });
  });

  // Node answers these itself with an empty body (Expect other than 100-continue) or not at all (CONNECT).
  app.server.on("checkExpectation", (req: http.IncomingMessage, res: http.ServerResponse) =>
    res.writeHead(417, { "content-type": "application/json; charset=utf-8", connection: "close" }).end(
      JSON.stringify({
        error: "expectation_failed",
        reason: `Expect: ${String(req.headers.expect).slice(0, 100)} is not supported (only 100-continue)`,
      }),
    ),
  );
  app.server.on("connect", (_req: http.IncomingMessage, socket: Duplex) =>
    writeRaw(socket, 405, { error: "method_not_allowed", reason: "CONNECT is not supported: this is no proxy" }),
  );

  // JSON only, in UTF-8, uncompressed: other bodies get a 415 instead of reaching the schemas as strings. Numbers keep
  // their exact text (json.ts).
  app.removeContentTypeParser("text/plain");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (req, body, done) => {
    try {
      const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(req.headers["content-type"] ?? "")?.[1];
      if (charset !== undefined && !/^utf-?8$/i.test(charset))
        throw new HttpError(
          415,
          "unsupported_media_type",
          `JSON is UTF-8; charset=${charset.slice(0, 40)} is not accepted`,
        );
      done(null, parseJsonBody(body as Buffer));
    } catch (e) {
      done(e as Error, undefined);
    }
  });

  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ error: "not_found", reason: `no route for ${req.method} ${req.url.split("?")[0]}` }),
  );

  // CORS: only the site's origin(s). A browser request from any other origin is refused outright (not just left
  // without CORS headers), so nothing is stored for it; requests without an Origin (server-to-server) pass.
  const allowed = new Set(config.siteOrigins);
  app.addHook("onRequest", (req, _reply, done) => {
    const origin = req.headers.origin;
    const encoding = req.headers["content-encoding"];
    if (origin && !allowed.has(origin) && !req.url.startsWith("/healthz") && !req.url.startsWith("/readyz")) {
      done(new HttpError(403, "origin_not_allowed", `origin ${origin.slice(0, 200)} is not allowed`));
    } else if (req.raw.httpVersion === "1.1" && !req.headers.host) {
      done(new HttpError(400, "bad_request", "an HTTP/1.1 request needs a Host header"));
    } else if (encoding !== undefined && !/^identity$/i.test(encoding.trim())) {
      // Nothing is decompressed here (no gzip bombs): a compressed body would reach the parser as bytes.
      done(
        new HttpError(
          415,
          "unsupported_media_type",
          `Content-Encoding ${encoding.slice(0, 40)} is not accepted: send the JSON uncompressed`,
        ),
      );
    } else if (req.method === "OPTIONS" && !(origin && req.headers["access-control-request-method"])) {
      done(
        new HttpError(
          400,
          "bad_request",
          "OPTIONS is only a CORS preflight here: it needs Origin and Access-Control-Request-Method",
        ),
      );
    } else done();
  });
  await app.register(cors, {
    origin: [...allowed],
    methods: ["GET", "POST"],
    // authorization: the owner console's session token (routes/owner.ts).
    allowedHeaders: ["content-type", "x-request-id", "authorization"],
    // The CSV export's file name, for a console on another origin (locally the API is on another port).
    exposedHeaders: ["content-disposition"],
    maxAge: 600,
  });

  // With REDIS_URL the counters live in Redis, so several instances behind a load balancer share one limit.
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      connectTimeout: 2000,
      // A Redis that is up but does not answer (SIGSTOP, a stalled host) keeps its socket open: without a command
      // timeout every request would wait for it. With one, the request gets a 503 within REDIS_TIMEOUT_MS.
      commandTimeout: config.redisTimeoutMs,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
    // Connection errors surface on the requests (503); the client reconnects by itself.
    redis.on("error", (e: Error) =>
      throttle.run(`redis:${e.message}`, (suppressed) => app.log.warn({ err: e.message, suppressed }, "redis error")),
    );
    const client = redis;
    app.addHook("onClose", (_app, done) => {
      client.disconnect();
      done();
    });
  }
  await app.register(rateLimit, {
    global: true,
    keyGenerator: (req) => clientIp(req),
    ...(redis ? { redis, nameSpace: "shaft-rl-" } : {}),
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    errorResponseBuilder: (_req, ctx) => {
      const e = new Error(
        `too many requests: at most ${ctx.max} per ${Math.round(config.rateLimit.windowMs / 1000)} s; retry in ${Math.ceil(ctx.ttl / 1000)} s`,
      ) as Error & { statusCode: number };
      e.statusCode = 429;
      return e;
    },
  });

  app.addHook("onSend", async (_req, reply) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("cache-control", "no-store");
  });

  await app.register(healthRoutes, { ...deps, redis });
  await app.register(cardRoutes, deps);
  await app.register(referralRoutes, deps);
  await app.register(trackRoutes, deps);
  await app.register(ownerRoutes, deps);
  return app;
}

/**
 * Failures of a dependency that arrive as plain errors mapped to a 503: the store's StoreUnavailableError, and when
 * Redis holds the rate-limit counters, ioredis's own errors (its retry limit, a closed connection, a server reply error).
 */
function asUnavailable(err: Error, usesRedis: boolean): UnavailableError | undefined {
  if (err instanceof StoreUnavailableError)
    return new UnavailableError("db_unavailable", "the database is unavailable; retry shortly");
  if (!usesRedis || err instanceof HttpError) return undefined;
  const redisDown =
    /^(MaxRetriesPerRequestError|ReplyError|AbortError)$/.test(err.name) ||
    /^(Connection is closed\.?|Stream isn't writeable.*|Command timed out)$/.test(err.message);
  return redisDown
    ? new UnavailableError("rate_limit_unavailable", "the rate-limit store is unavailable; retry shortly")
    : undefined;
}

/** Node's HTTP parser refused the bytes (or they came too slowly): the same {error, reason} as every answer. */
function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT")
    writeRaw(socket, 408, { error: "request_timeout", reason: "the request did not arrive in time" });
  else if (err.code === "HPE_HEADER_OVERFLOW")
    writeRaw(socket, 431, { error: "headers_too_large", reason: "the request's headers are too large" });
  else writeRaw(socket, 400, { error: "bad_request", reason: `malformed HTTP request (${err.code ?? "parse error"})` });
}

/** Writes a whole JSON response on a socket no request object owns, and closes it. */
function writeRaw(socket: Duplex, status: number, body: { error: string; reason: string }): void {
  const text = JSON.stringify(body);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  socket.destroy();
}

function causeOf(err: Error): string | undefined {
  return err instanceof HttpError ? undefined : err.message.split("\n")[0];
}

/**
 * Fastify's own reading of a number ignores X-Forwarded-For entirely; a hop count here means: the socket peer and
 * the next `hops - 1` forwarded addresses are our proxies, and the address before them is the client.
 */
function trustProxyOption(tp: Config["trustProxy"]): false | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof tp === "number") return (_addr, hop) => hop < tp;
  return tp;
}
