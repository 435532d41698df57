/** Entry point of the stand-in card widget: `npm run widget`. */
import { ConfigError } from "../config.ts";
import { loadWidgetConfig, type WidgetConfig } from "./config.ts";
import { createWidgetServer } from "./server.ts";

function main(): void {
  let cfg: WidgetConfig;
  try {
    cfg = loadWidgetConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`configuration error: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
  const server = createWidgetServer(cfg);
  server.listen(cfg.port, cfg.host, () => {
    console.log(
      JSON.stringify({
        level: 30,
        msg: "stand-in card widget ready",
        origin: cfg.origin,
        url: `http://${cfg.host}:${cfg.port}/{partner_id}/widget`,
        rpc: cfg.rpcUrl,
        verifiesSignatures: Boolean(cfg.signerPublicKey),
      }),
    );
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main();
