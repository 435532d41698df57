/**
 * The indexer's read-only HTTP API (Ponder's API server, on the indexer's database through a read-only connection):
 *   GET /activity/:address   a wallet's purchases (as buyer, as named or current recipient), relays, credits,
 *                            claims and staking on both chains, each Ethereum purchase's way to Base
 *   GET /sales               the owner console's figures: each chain's position, sales per round and per payment
 *                            token, buyers, the daily series, the relay backlog and what is in flight
 *   GET /purchases           every purchase, oldest first, paged (`?after=<id>&limit=`) for exports
 *   GET /owner-actions       the latest owner, admin and role events
 *   /graphql, /sql/*         Ponder's GraphQL and SQL-over-HTTP (read-only)
 * Ponder itself serves /health, /ready, /status and /metrics.
 */
import { db } from "ponder:api";
import schema from "ponder:schema";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { client, graphql } from "ponder";
import { activity, ownerActions, purchasesPage, sales } from "./queries";

const app = new Hono();

const origins = (process.env.INDEXER_CORS_ORIGIN ?? "*").split(",").map((o) => o.trim());
app.use("*", cors({ origin: origins.includes("*") ? "*" : origins, allowMethods: ["GET", "POST"] }));

app.use("/sql/*", client({ db, schema }));
app.use("/graphql", graphql({ db, schema }));

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

app.get("/activity/:address", async (c) => {
  const address = c.req.param("address");
  if (!ADDRESS.test(address)) return c.json({ error: "invalid_address", reason: "expected 0x and 40 hex digits" }, 400);
  return c.json(await activity(db, address.toLowerCase() as `0x${string}`, Math.floor(Date.now() / 1000)));
});

app.get("/sales", async (c) => c.json(await sales(db, Math.floor(Date.now() / 1000))));

app.get("/purchases", async (c) => {
  const limit = Number(c.req.query("limit") ?? 1000);
  if (!Number.isInteger(limit) || limit < 1 || limit > 5000)
    return c.json({ error: "invalid_limit", reason: "limit must be an integer from 1 to 5000" }, 400);
  return c.json(await purchasesPage(db, c.req.query("after"), limit));
});

app.get("/owner-actions", async (c) => {
  const limit = Number(c.req.query("limit") ?? 100);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    return c.json({ error: "invalid_limit", reason: "limit must be an integer from 1 to 1000" }, 400);
  return c.json(await ownerActions(db, limit));
});

export default app;
