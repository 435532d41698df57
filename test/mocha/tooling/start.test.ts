/** `npm start` while another stack holds a port: it names the port and exits 1 (a refusal), not 3. */
import { spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { expect } from "chai";
import { ROOT } from "../../../scripts/lib/networks.js";
import { freePort } from "./helpers.js";

describe("tooling: npm start on a busy port", function () {
  this.timeout(60_000);
  it("refuses with the port named and exit code 1, starting nothing", async function () {
    const port = await freePort();
    const taken = net.createServer().listen(port, "127.0.0.1");
    try {
      const r = spawnSync(
        process.execPath,
        [
          path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
          "scripts/local/start.ts",
          "--no-compile",
          "--no-frontend",
          "--no-server",
          "--eth-port",
          String(port),
          "--base-port",
          String(await freePort()),
        ],
        { cwd: ROOT, encoding: "utf8", env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" }, timeout: 50_000 },
      );
      expect(r.status).to.equal(1, r.stderr + r.stdout);
      expect(r.stderr).to.match(
        new RegExp(`refused: port ${port} \\(local Ethereum\\) is already in use on 127\\.0\\.0\\.1`),
      );
    } finally {
      taken.close();
    }
  });
});
