/** Entry point: `npm run dev` / `npm start`. */
import { loadConfig, ConfigError } from "./config.ts";
import { openRepository, StartupError } from "./db/index.ts";
import { Chains } from "./chain.ts";
import { buildApp } from "./app.ts";

async function main() {
  let config;
  try {
    config = await loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`configuration error: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
  let repo;
  try {
    repo = await openRepository(config.database);
  } catch (e) {
    if (e instanceof StartupError) {
      console.error(`configuration error: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
  const chains = new Chains(config);
  const app = await buildApp({ config, repo, chains });
  if (!config.card.signerPrivateKey)
    app.log.warn("WERT_SIGNER_PRIVATE_KEY is not set: POST /api/card/session answers 503");
  for (const c of config.chains.values()) {
    if (!c.presale)
      app.log.warn(
        { chainId: c.chainId },
        "no presale address for this chain (deployments map or PRESALE_ADDRESS_<chainId>)",
      );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await repo.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (e) {
    if ((e as { code?: string }).code !== "EADDRINUSE") throw e;
    console.error(
      `fatal: port ${config.port} on ${config.host} is already in use (another server is running there): stop it, or set PORT`,
    );
    await repo.close().catch(() => {});
    process.exit(1);
  }
  app.log.info(
    {
      db: repo.kind,
      rateLimitStore: config.redisUrl ? "redis" : "process",
      trustProxy: config.trustProxy,
      chains: [...config.chains.keys()],
      cardChainId: config.card.chainId,
      origins: config.siteOrigins,
    },
    "server ready",
  );
}

main().catch((e) => {
  console.error(`fatal: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
