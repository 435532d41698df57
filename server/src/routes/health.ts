/** Liveness (process up) and readiness (database and every configured RPC answer). */
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { Deps } from "../app.ts";

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, rej) => setTimeout(() => rej(new Error("timeout")), ms).unref())]);

export default function healthRoutes(
  app: FastifyInstance,
  deps: Deps & { redis?: Redis },
  done: (err?: Error) => void,
) {
  const noLimit = { config: { rateLimit: false } } as const;

  app.get("/healthz", noLimit, (_req, reply) =>
    reply.send({ status: "ok", uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get("/readyz", noLimit, async (_req, reply) => {
    const checks: { db: string; rpc: Record<string, string>; redis?: string } = { db: "ok", rpc: {} };
    let ok = true;
    if (deps.redis) {
      try {
        await withTimeout(deps.redis.ping(), 2000);
        checks.redis = "ok";
      } catch {
        checks.redis = "unavailable";
        ok = false;
      }
    }
    try {
      await withTimeout(deps.repo.ping(), 2000);
    } catch {
      checks.db = "unavailable";
      ok = false;
    }
    await Promise.all(
      deps.chains.ids().map(async (id) => {
        try {
          const got = await withTimeout(deps.chains.client(id).getChainId(), 2000);
          checks.rpc[id] = got === id ? "ok" : `wrong chain id ${got}`;
          if (got !== id) ok = false;
        } catch {
          checks.rpc[id] = "unavailable";
          ok = false;
        }
      }),
    );
    if (!ok) reply.header("retry-after", "5");
    return reply.code(ok ? 200 : 503).send({ status: ok ? "ready" : "not_ready", db: deps.repo.kind, checks });
  });
  done();
}
