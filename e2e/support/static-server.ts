/**
 * A small static server for the built dapp on loopback: files from the build directory, gzip when asked (as any real
 * host would), long caching for hashed assets, and the single-page fallback (every path without a file gets
 * index.html, so the router's redirects are exercised).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".webmanifest"]);

export interface StaticServer {
  url: string;
  close: () => Promise<void>;
}

export function serveStatic(dir: string, port: number, host = "127.0.0.1"): Promise<StaticServer> {
  const root = path.resolve(dir);
  const gzCache = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    let rel = decodeURIComponent(url.pathname);
    let file = path.join(root, rel);
    if (!file.startsWith(root)) {
      res.writeHead(400).end();
      return;
    }
    let stat = fs.existsSync(file) ? fs.statSync(file) : undefined;
    if (stat?.isDirectory()) {
      file = path.join(file, "index.html");
      stat = fs.existsSync(file) ? fs.statSync(file) : undefined;
    }
    if (!stat) {
      // Missing asset files are real 404s; everything else is a route of the single-page app.
      if (path.extname(rel) && !rel.endsWith(".html")) {
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      file = path.join(root, "index.html");
      rel = "/index.html";
    }
    const ext = path.extname(file);
    const headers: Record<string, string> = {
      "content-type": TYPES[ext] ?? "application/octet-stream",
      "cache-control":
        rel.startsWith("/assets/") && /-[A-Za-z0-9_-]{8,}\./.test(rel)
          ? "public, max-age=31536000, immutable"
          : "no-cache",
    };
    let body: Buffer = fs.readFileSync(file);
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
      let gz = gzCache.get(file);
      if (!gz) gzCache.set(file, (gz = gzipSync(body, { level: 6 })));
      body = gz;
      headers["content-encoding"] = "gzip";
      headers.vary = "accept-encoding";
    }
    headers["content-length"] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () =>
      resolve({
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      }),
    );
  });
}
