/**
 * HTTP/1.1 as bytes on a socket, for what a well-behaved client cannot send: Content-Length lies, smuggling-style
 * header pairs, malformed request lines, pipelined requests. Every response on the connection is read back.
 */
import net from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `bytes`, reads until the server closes the connection or `waitMs` pass; the responses it wrote, in order. */
export function rawRequest(
  port: number,
  bytes: string | Buffer,
  waitMs = 2000,
): Promise<{ responses: RawResponse[]; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const s = net.connect(port, "127.0.0.1", () => s.write(bytes));
    const done = () => {
      clearTimeout(timer);
      s.destroy();
      resolve({ responses: parseResponses(Buffer.concat(chunks).toString("latin1")), ms: Date.now() - started });
    };
    const timer = setTimeout(done, waitMs);
    s.on("data", (d: Buffer) => chunks.push(d));
    s.on("close", done);
    s.on("error", () => undefined); // a reset after the answer: what was read counts
  });
}

function parseResponses(text: string): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = text;
  while (rest.startsWith("HTTP/")) {
    const end = rest.indexOf("\r\n\r\n");
    if (end < 0) break;
    const [statusLine, ...lines] = rest.slice(0, end).split("\r\n");
    const headers: Record<string, string> = {};
    for (const l of lines) {
      const i = l.indexOf(":");
      headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
    }
    const status = Number(statusLine.split(" ")[1]);
    let body: string;
    rest = rest.slice(end + 4);
    if (status < 200)
      body = ""; // 100 Continue: the answer follows
    else if (headers["content-length"] !== undefined) {
      body = rest.slice(0, Number(headers["content-length"]));
      rest = rest.slice(body.length);
    } else if (headers["transfer-encoding"] === "chunked") {
      body = "";
      for (;;) {
        const nl = rest.indexOf("\r\n");
        const size = parseInt(rest.slice(0, nl), 16);
        rest = rest.slice(nl + 2);
        if (!size) {
          rest = rest.slice(2);
          break;
        }
        body += rest.slice(0, size);
        rest = rest.slice(size + 2);
      }
    } else {
      body = status === 204 || status === 304 ? "" : rest;
      rest = "";
    }
    out.push({ status, headers, body });
  }
  return out;
}

export interface RawCase {
  name: string;
  bytes: string | Buffer;
  /** How long to wait for the server to close (a timeout case waits for the server's own timeout). */
  waitMs?: number;
  /** Statuses that are right for every final response on the connection (default any 4xx). */
  expect?: number[];
}

/**
 * Bytes no HTTP client library sends, each with an otherwise refused body (`bad`): the server must answer every one
 * with a 4xx and `{error, reason}`, then close or go on reading requests, never hang or crash. `timeoutMs` is the
 * server's request timeout (a body shorter than its Content-Length waits for it, then gets a 408).
 */
export function rawCases(bad: string, timeoutMs: number): RawCase[] {
  const host = "Host: 127.0.0.1\r\n";
  const json = "Content-Type: application/json\r\n";
  const post = (headers: string, body = bad, path = "/api/referral") =>
    `POST ${path} HTTP/1.1\r\n${host}${json}Connection: close\r\n${headers}\r\n${body}`;
  const len = (b: string) => `Content-Length: ${Buffer.byteLength(b)}\r\n`;
  const chunked = (parts: string[]) => parts.map((p) => `${p.length.toString(16)}\r\n${p}\r\n`).join("") + "0\r\n\r\n";
  const big = JSON.stringify({ walletAddress: 1, pad: "x".repeat(20_000) });
  return [
    { name: "Content-Length shorter than the body", bytes: post("Content-Length: 5\r\n") },
    {
      name: "Content-Length longer than the body",
      bytes: post(`Content-Length: ${bad.length + 50}\r\n`),
      waitMs: timeoutMs + 3000,
      expect: [408],
    },
    {
      name: "Content-Length and chunked together",
      bytes: post(`${len(bad)}Transfer-Encoding: chunked\r\n`, chunked([bad])),
    },
    { name: "two different Content-Lengths", bytes: post(`${len(bad)}Content-Length: 3\r\n`) },
    { name: "Content-Length that is not a number", bytes: post("Content-Length: abc\r\n") },
    { name: "a negative Content-Length", bytes: post("Content-Length: -1\r\n") },
    { name: "a Content-Length of 1 TB", bytes: post("Content-Length: 1000000000000\r\n"), expect: [413] },
    {
      name: "a chunked body over the limit",
      bytes: post("Transfer-Encoding: chunked\r\n", chunked(big.match(/.{1,1000}/g)!)),
      expect: [413],
    },
    {
      name: "a chunk size that is not hex",
      bytes: post("Transfer-Encoding: chunked\r\n", `zz\r\n${bad}\r\n0\r\n\r\n`),
    },
    { name: "gzip, chunked transfer encoding", bytes: post("Transfer-Encoding: gzip, chunked\r\n", chunked([bad])) },
    {
      name: "chunked, then identity",
      bytes: post(`Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n${len(bad)}`),
    },
    { name: "no Host", bytes: `POST /api/referral HTTP/1.1\r\n${json}Connection: close\r\n${len(bad)}\r\n${bad}` },
    { name: "two Host headers", bytes: post(`Host: evil.example\r\n${len(bad)}`) },
    { name: "two different Content-Types", bytes: post(`Content-Type: text/plain\r\n${len(bad)}`) },
    { name: "a 20 KB header", bytes: post(`X-Pad: ${"x".repeat(20_000)}\r\n${len(bad)}`), expect: [431] },
    { name: "an HTTP/0.9 request line", bytes: "POST /api/referral\r\n\r\n" },
    { name: "an unknown method", bytes: `FOO /api/referral HTTP/1.1\r\n${host}\r\n` },
    { name: "a space in the path", bytes: `GET /api/ref erral HTTP/1.1\r\n${host}\r\n` },
    { name: "a control character in the path", bytes: `GET /api/\u0001 HTTP/1.1\r\n${host}\r\n` },
    { name: "a NUL in a header value", bytes: post(`X-A: a\u0000b\r\n${len(bad)}`) },
    { name: "a space in a header name", bytes: post(`Bad Header: x\r\n${len(bad)}`) },
    { name: "a folded header line", bytes: post(`X-A: 1\r\n  folded\r\n${len(bad)}`) },
    {
      name: "bare LF line ends",
      bytes: `POST /api/referral HTTP/1.1\n${host.trim()}\n${json.trim()}\nConnection: close\n${len(bad).trim()}\n\n${bad}`,
    },
    { name: "the HTTP/2 preface", bytes: "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" },
    { name: "HTTP/9.9", bytes: `GET /healthz HTTP/9.9\r\n${host}\r\n` },
    { name: "Expect: 100-continue", bytes: post(`Expect: 100-continue\r\n${len(bad)}`) },
    { name: "an Expect the server cannot meet", bytes: post(`Expect: bogus\r\n${len(bad)}`), expect: [417] },
    { name: "an Upgrade to WebSocket", bytes: post(`Upgrade: websocket\r\nConnection: Upgrade\r\n${len(bad)}`) },
    { name: "CONNECT", bytes: `CONNECT 127.0.0.1:22 HTTP/1.1\r\n${host}\r\n` },
    { name: "an absolute-form URL to another host", bytes: post(len(bad), bad, "http://evil.example/api/referral") },
    { name: "the asterisk form", bytes: `OPTIONS * HTTP/1.1\r\n${host}Connection: close\r\n\r\n` },
    {
      name: "two bad requests pipelined",
      bytes: `POST /api/referral HTTP/1.1\r\n${host}${json}${len(bad)}\r\n${bad}${post(len(bad))}`,
    },
    {
      name: "headers that never end",
      bytes: `POST /api/referral HTTP/1.1\r\n${host}X-Slow: 1\r\n`,
      waitMs: timeoutMs + 3000,
      expect: [408],
    },
  ];
}
