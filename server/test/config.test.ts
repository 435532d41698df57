/** Configuration: defaults, the generated deployments map, and refusals. */
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { loadConfig, ConfigError, serverVariables } from "../src/config.ts";
import { loadWidgetConfig, localCardProviderAccount, widgetVariables } from "../src/widget/config.ts";
import { tempDir, TEST_SIGNER_KEY } from "./helpers/app.ts";
import { publicKeyOf } from "../src/card.ts";

const PRESALE_BASE = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const PRESALE_ETH = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

void test("local defaults: the two local chains, port 8787 on 127.0.0.1, the dapp's origins, card on 31338", async () => {
  const c = await loadConfig({ DEPLOYMENTS_DIR: tempDir() });
  assert.equal(c.port, 8787);
  assert.equal(c.host, "127.0.0.1");
  assert.deepEqual([...c.chains.keys()], [31337, 31338]);
  assert.equal(c.chains.get(31338)!.rpcUrl, "http://127.0.0.1:8546");
  assert.deepEqual(c.siteOrigins, ["http://127.0.0.1:5173", "http://localhost:5173"]);
  assert.equal(c.card.chainId, 31338);
  assert.equal(c.card.network, "base_sepolia");
  assert.equal(c.card.origin, "http://127.0.0.1:8788");
  assert.equal(c.card.signerPrivateKey, undefined, "no key unless the environment gives one");
  assert.equal(c.card.providerAddress, localCardProviderAccount().address, "Hardhat #2 on a local chain");
});

void test("presale addresses come from the generated deployedContracts.ts; env overrides the address", async () => {
  const dir = tempDir();
  fs.writeFileSync(
    path.join(dir, "deployedContracts.ts"),
    `export const deployedContracts = {
  31337: { Presale: { address: "${PRESALE_ETH.toLowerCase()}", abi: [{ type: "function", name: "x", inputs: [], outputs: [], stateMutability: "view" }] as const, deployBlock: 1 } },
  31338: { Presale: { address: "${PRESALE_BASE}", abi: [] as const, deployBlock: 1 } },
} as const;
export type DeployedContracts = typeof deployedContracts;
`,
  );
  const c = await loadConfig({ DEPLOYMENTS_DIR: dir });
  assert.equal(c.chains.get(31337)!.presale, PRESALE_ETH);
  assert.equal(c.chains.get(31338)!.presale, PRESALE_BASE);
  const o = await loadConfig({ DEPLOYMENTS_DIR: dir, PRESALE_ADDRESS_31338: PRESALE_ETH });
  assert.equal(o.chains.get(31338)!.presale, PRESALE_ETH);
});

void test("<chainId>.json is read when there is no typed map", async () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, "31338.json"), JSON.stringify({ contracts: { Presale: { address: PRESALE_BASE } } }));
  const c = await loadConfig({ DEPLOYMENTS_DIR: dir });
  assert.equal(c.chains.get(31338)!.presale, PRESALE_BASE);
  assert.equal(c.chains.get(31337)!.presale, undefined);
});

void test("production: Base mainnet, the real widget origin, and required settings", async () => {
  await assert.rejects(loadConfig({ NODE_ENV: "production", SITE_ORIGIN: "https://shaft.example" }), ConfigError);
  await assert.rejects(loadConfig({ NODE_ENV: "production", RPC_URL_8453: "https://rpc.example" }), /SITE_ORIGIN/);
  const c = await loadConfig({
    NODE_ENV: "production",
    RPC_URL_8453: "https://rpc.example",
    RPC_URL_1: "https://eth.example",
    SITE_ORIGIN: "https://shaft.example/",
    DEPLOYMENTS_DIR: tempDir(),
  });
  assert.equal(c.card.chainId, 8453);
  assert.equal(c.card.network, "base");
  assert.equal(c.card.origin, "https://widget.wert.io");
  assert.equal(c.card.providerAddress, undefined, "no well-known key or account off the local chains");
  assert.deepEqual(c.siteOrigins, ["https://shaft.example"]);
});

void test("bad values stop the start with a readable message", async () => {
  const bad: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: "http" }, /PORT/],
    [{ WERT_SIGNER_PRIVATE_KEY: "0x1234" }, /WERT_SIGNER_PRIVATE_KEY/],
    [{ RPC_URL_31338: "ftp://x" }, /RPC_URL_31338/],
    [{ CARD_CHAIN_ID: "84532" }, /CARD_CHAIN_ID/],
    [{ PRESALE_ADDRESS_31338: "0x12" }, /PRESALE_ADDRESS_31338/],
    [{ SITE_ORIGIN: "not a url" }, /SITE_ORIGIN/],
    [{ RATE_LIMIT_MAX: "0" }, /RATE_LIMIT_MAX/],
    [{ TRUST_PROXY: "true" }, /TRUST_PROXY=true would trust every X-Forwarded-For hop/],
    [{ TRUST_PROXY: "proxy.internal" }, /TRUST_PROXY/],
    [{ REDIS_URL: "http://cache:6379" }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [
      { DATABASE_URL: "not-a-url" },
      /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL with a host.*got "not-a-url"/,
    ],
    [{ DATABASE_URL: "mysql://app:secret@db/x" }, /DATABASE_URL must be a postgres:\/\/.*got "mysql:\/\/…@db\/x"/],
    [{ DB_TIMEOUT_MS: "0" }, /DB_TIMEOUT_MS/],
    [{ REDIS_TIMEOUT_MS: "forever" }, /REDIS_TIMEOUT_MS/],
  ];
  for (const [env, re] of bad)
    await assert.rejects(loadConfig({ DEPLOYMENTS_DIR: tempDir(), ...env }), re, JSON.stringify(env));
});

void test("widget: public key from the signer secret, local defaults", () => {
  const w = loadWidgetConfig({ WERT_SIGNER_PRIVATE_KEY: TEST_SIGNER_KEY });
  assert.equal(w.signerPublicKey, publicKeyOf(TEST_SIGNER_KEY));
  assert.equal(w.port, 8788);
  assert.equal(w.origin, "http://127.0.0.1:8788");
  assert.equal(w.rpcUrl, "http://127.0.0.1:8546");
  assert.equal(w.providerKey, undefined);
  assert.throws(() => loadWidgetConfig({ CARD_PROVIDER_PRIVATE_KEY: "abc" }), /CARD_PROVIDER_PRIVATE_KEY/);
});

void test("the local stack's variable names: ETH_/BASE_RPC_URL with their chain ids", async () => {
  const c = await loadConfig({
    DEPLOYMENTS_DIR: tempDir(),
    ETH_RPC_URL: "http://127.0.0.1:9545",
    BASE_RPC_URL: "http://127.0.0.1:9546",
    ETH_CHAIN_ID: "31337",
    BASE_CHAIN_ID: "31338",
  });
  assert.deepEqual(
    [...c.chains.values()].map((x) => [x.chainId, x.rpcUrl]),
    [
      [31337, "http://127.0.0.1:9545"],
      [31338, "http://127.0.0.1:9546"],
    ],
  );
  assert.equal(c.card.chainId, 31338);
  const explicit = await loadConfig({
    DEPLOYMENTS_DIR: tempDir(),
    BASE_RPC_URL: "http://127.0.0.1:9546",
    RPC_URL_31338: "http://127.0.0.1:7777",
  });
  assert.equal(explicit.chains.get(31338)!.rpcUrl, "http://127.0.0.1:7777", "RPC_URL_<id> wins");
  assert.equal(loadWidgetConfig({ BASE_RPC_URL: "http://127.0.0.1:9546" }).rpcUrl, "http://127.0.0.1:9546");
});

void test("every bad variable is named in one message, not only the first", async () => {
  const env = {
    DEPLOYMENTS_DIR: tempDir(),
    PORT: "http",
    REDIS_URL: "http://cache:6379",
    PRESALE_ADDRESS_31338: "0x12",
  };
  await assert.rejects(
    loadConfig(env),
    (e: Error) =>
      e instanceof ConfigError && ["PORT", "REDIS_URL", "PRESALE_ADDRESS_31338"].every((n) => e.message.includes(n)),
  );
});

void test(".env.example lists every variable, and taken as it is gives the defaults", async () => {
  const text = fs.readFileSync(path.join(import.meta.dirname, "../.env.example"), "utf8");
  const example = Object.fromEntries(
    text
      .split("\n")
      .filter((l) => /^[A-Z0-9_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
  const listed = Object.keys(example);
  const read = [...Object.keys(serverVariables.shape), ...Object.keys(widgetVariables.shape), "NODE_ENV"];
  assert.deepEqual(
    read.filter((name) => !listed.includes(name)),
    [],
    "variables the server reads but .env.example does not list",
  );
  assert.ok(listed.some((n) => n.startsWith("RPC_URL_")) && listed.some((n) => n.startsWith("PRESALE_ADDRESS_")));
  const dir = tempDir();
  assert.deepEqual(await loadConfig({ ...example, DEPLOYMENTS_DIR: dir }), await loadConfig({ DEPLOYMENTS_DIR: dir }));
  assert.deepEqual(loadWidgetConfig(example), loadWidgetConfig({}));
});
