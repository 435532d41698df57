/**
 * `npm run deployments:local`: regenerates deployments/31337.json, 31338.json and deployedContracts.ts for the local
 * chains without starting any node, by deploying to the in-process twins (same deployer, same nonces → the same
 * addresses and deploy blocks as `npm start`). Run it after a contract change so the dapp's typed map is current.
 * `--no-compile` uses the artifacts as they are.
 */
import hre from "hardhat";
import { runMain } from "../lib/cli.js";
import { deploySystem, loadNetworkParams, type Connection } from "../lib/deploy.js";

await runMain(async () => {
  if (!process.argv.includes("--no-compile")) await hre.tasks.getTask("build").run({ quiet: true });
  for (const [net, params] of [
    ["hardhatEth", "localEth"],
    ["hardhatBase", "localBase"],
  ] as const) {
    const conn: Connection = await hre.network.create(net);
    const rec = await deploySystem(conn, loadNetworkParams(params), { log: (m) => console.log(m) });
    console.log(
      `  ${Object.entries(rec.contracts)
        .map(([k, v]) => `${k} ${v.address}`)
        .join("\n  ")}`,
    );
  }
});
