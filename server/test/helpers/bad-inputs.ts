/**
 * The bad requests an outsider sends, by input channel: every field of every endpoint × the values wrong for its
 * kind, the body's shape and JSON oddities, URLs (paths, query strings, encodings), methods, headers (content type
 * and charset, content encoding, origin, referer, duplicates) and X-Forwarded-For garbage. Used by bad-inputs.test.ts.
 */
import { KEYS, signedLead } from "./lead.ts";

export const WALLET = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

export type Method = "GET" | "POST" | "HEAD" | "PUT" | "DELETE" | "PATCH" | "OPTIONS" | "TRACE";

export interface Case {
  name: string;
  method?: Method;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** The app (TRUST_PROXY mode) that gets it; default the one without TRUST_PROXY. */
  app?: ProxyMode;
  remoteAddress?: string;
  /** Statuses that are right for it: default any 4xx. A 503 must also carry retry-after. */
  expect?: number[];
}

/** The TRUST_PROXY settings the channel cases are sent through (one app each, sharing the store). */
export const PROXY_MODES = ["off", "1", "2", "10.0.0.0/8"] as const;
export type ProxyMode = (typeof PROXY_MODES)[number];

export const FOUR_XX = Array.from({ length: 100 }, (_, i) => 400 + i);
/** The chain is down in these tests: a valid request that needs it gets 503 (with retry-after). */
export const CHAIN_DOWN = [...FOUR_XX, 503];

const CONTROL_TEXT: Array<[string, string]> = [
  ["NUL", "a\u0000b"],
  ["an escape sequence", "\u001b[2J"],
  ["a line break", "a\nb"],
  ["a tab", "a\tb"],
  ["DEL", "x\u007f"],
  ["C1", "x\u009b"],
  ["a lone high surrogate", "x\ud800"],
  ["a lone low surrogate", "\udc00x"],
  ["a reversed surrogate pair", "\udc00\ud800"],
];
/** Wrong JSON types for a field that takes text. */
const NOT_TEXT: Array<[string, unknown]> = [
  ["null", null],
  ["a number", 12],
  ["a boolean", true],
  ["an array", ["x"]],
  ["an object", { a: 1 }],
];

type Kind =
  | { kind: "address" }
  | { kind: "text"; max: number; required?: boolean }
  | { kind: "amount" }
  | { kind: "tokens" }
  | { kind: "boolean" }
  | { kind: "hash" }
  | { kind: "chainId" }
  | { kind: "signature" }
  | { kind: "message" }
  | { kind: "literal"; values: string[] };

/** The values that are wrong for a field of this kind (each must be refused, whatever the other fields are). */
function badValues(k: Kind): Array<[string, unknown]> {
  const long = (n: number) => "x".repeat(n);
  switch (k.kind) {
    case "address":
      return [
        ...NOT_TEXT,
        ["an empty string", ""],
        ["too short", "0x1234"],
        ["41 hex digits", `${WALLET}0`],
        ["no 0x", WALLET.slice(2)],
        ["a bad checksum", WALLET.replace("F79", "f79")],
        ["the zero address", `0x${"0".repeat(40)}`],
        ["fullwidth digits", WALLET.replace("0x9", "0x\uff19")],
        ["a Cyrillic homoglyph", WALLET.replace("bf6EB", "bf6\u0415B")],
        ["a NUL inside", `${WALLET.slice(0, 10)}\u0000${WALLET.slice(10)}`],
        ["a space inside", `${WALLET.slice(0, 10)} ${WALLET.slice(10)}`],
        ["an ENS name", "vitalik.eth"],
        ["a hex overflow", `0x${"f".repeat(80)}`],
        ["100 KB", long(100_000)],
        ["a prototype key", "__proto__"],
        ["a lone surrogate", `${WALLET}\ud800`],
      ];
    case "text":
      return [
        ...NOT_TEXT,
        ...CONTROL_TEXT,
        [`${k.max + 1} characters`, long(k.max + 1)],
        ["100 KB", long(100_000)],
        ...(k.required ? ([["an empty string", ""]] as Array<[string, unknown]>) : []),
      ];
    case "amount":
      return [
        ["null", null],
        ["a boolean", true],
        ["an array", ["1"]],
        ["an object", { v: 1 }],
        ["a negative number", -1],
        ["negative text", "-1"],
        ["minus zero", "-0"],
        ["an exponent", "1e999"],
        ["a small exponent", "1e-20"],
        ["NaN text", "NaN"],
        ["Infinity text", "Infinity"],
        ["a comma", "1,5"],
        ["Arabic-Indic digits", "\u0661\u0662"],
        ["fullwidth digits", "\uff11\uff12"],
        ["hex", "0x10"],
        ["a trailing point", "1."],
        ["a leading point", ".5"],
        ["25 integer digits", "1".repeat(25)],
        ["19 decimals", `0.${"1".repeat(19)}`],
        ["leading zeros", "007"],
        ["an empty string", ""],
      ];
    case "tokens":
      return [
        ["null", null],
        ["a boolean", true],
        ["an array", [10]],
        ["zero", 0],
        ["a negative number", -10],
        ["a float", 10.5],
        ["a float as text", "10.0"],
        ["leading zeros", "010"],
        ["an exponent", "1e3"],
        ["above 1e15", 1e16],
        ["2^53 + 1", "9007199254740993"],
        ["hex", "0x10"],
        ["an empty string", ""],
        ["fullwidth digits", "\uff11\uff10"],
        ["NaN text", "NaN"],
      ];
    case "boolean":
      return [
        ["null", null],
        ["text true", "true"],
        ["text false", "false"],
        ["one", 1],
        ["zero", 0],
        ["an array", [true]],
        ["yes", "yes"],
      ];
    case "hash":
      return [
        ...NOT_TEXT,
        ["an empty string", ""],
        ["63 hex digits", `0x${"ab".repeat(31)}a`],
        ["65 hex digits", `0x${"ab".repeat(32)}a`],
        ["not hex", `0x${"zz".repeat(32)}`],
        ["no 0x", "ab".repeat(32)],
        ["fullwidth digits", `0x\uff11${"a".repeat(63)}`],
        ["100 KB", long(100_000)],
      ];
    case "chainId":
      return [
        ["null", null],
        ["a boolean", true],
        ["zero", 0],
        ["a negative number", -1],
        ["a float", 1.5],
        ["letters", "abc"],
        ["hex", "0x7a6a"],
        ["1e20", 1e20],
        ["13 digits", "1".repeat(13)],
        ["an empty string", ""],
        ["a chain the server does not know", 1],
        ["an array", [31338]],
      ];
    case "signature":
      return [
        ...NOT_TEXT,
        ["an empty string", ""],
        ["0x alone", "0x"],
        ["not hex", "0xzz"],
        ["no 0x", "ab".repeat(65)],
        ["over 12,000 hex digits", `0x${"ab".repeat(6001)}`],
        ["a lone surrogate", "0xab\ud800"],
      ];
    case "message":
      return [...NOT_TEXT, ["an empty string", ""], ["not EIP-4361", "hello"], ["over 4,096 characters", long(4097)]];
    case "literal":
      return [...NOT_TEXT, ["an empty string", ""], ...k.values.map((v) => [`"${v}"`, v] as [string, unknown])];
  }
}

const text = (max: number): Kind => ({ kind: "text", max });
const AMOUNTS = { purchaseTokens: { kind: "amount" }, purchaseTypeAmount: { kind: "amount" } } as const;
const TRACKING: Record<string, Kind> = {
  purchaseType: text(32),
  ...AMOUNTS,
  purchaseUsdAmount: { kind: "amount" },
  ipAddress: text(64),
  clickId: text(256),
  source: text(256),
  pid: text(256),
  tid: text(256),
  referrer: text(1024),
};

/** Every field of every endpoint and its kind (schemas.ts), optional ones included. */
export const FIELDS: Record<string, Record<string, Kind>> = {
  "/api/referral": { walletAddress: { kind: "address" }, iid: text(128) },
  "/api/track/lead": {
    walletAddress: { kind: "address" },
    message: { kind: "message" },
    signature: { kind: "signature" },
    event: { kind: "literal", values: ["conversion", "LEAD_SUCCESS"] },
    ...TRACKING,
    iid: text(128),
    tsid: text(256),
    userAgent: text(1024),
    acceptLanguage: text(256),
  },
  "/api/track/conversion": {
    publicAddress: { kind: "address" },
    session: text(128),
    event: { kind: "literal", values: ["lead_success", "CONVERSION"] },
    ...TRACKING,
    hash: { kind: "hash" },
    chainId: { kind: "chainId" },
    presaleName: text(128),
    isBW: { kind: "boolean" },
    extra: text(512),
  },
  "/api/card/session": { address: { kind: "address" }, tokenAmount: { kind: "tokens" }, stake: { kind: "boolean" } },
};

/** Each field of `url` replaced by each value wrong for it, in an otherwise valid body: always a 4xx. */
export function fieldCases(url: string, valid: Record<string, unknown>): Case[] {
  const cases: Case[] = [];
  for (const [field, kind] of Object.entries(FIELDS[url]))
    for (const [what, value] of badValues(kind)) {
      const raw = JSON.stringify({ ...valid, [field]: value });
      cases.push({ name: `${url} ${field} = ${what}`, url, payload: raw, expect: FOUR_XX });
    }
  return cases;
}

/** The body's shape broken, and JSON that is valid but odd, around an otherwise valid body. */
export function shapeCases(url: string, valid: Record<string, unknown>): Case[] {
  const body = JSON.stringify(valid);
  const [firstKey, ...others] = Object.keys(valid);
  const inner = body.slice(1, -1);
  const rest = JSON.stringify(Object.fromEntries(others.map((k) => [k, valid[k]]))).slice(1, -1);
  const shapes: Array<[string, string | Buffer, Record<string, string>?]> = [
    ["an empty body", ""],
    ["whitespace only", "  \n"],
    ["invalid JSON", "{"],
    ["a trailing comma", `{${inner},}`],
    ["single quotes", body.replace(/"/g, "'")],
    ["a comment", `{/* x */${inner}}`],
    ["two JSON texts", `${body}${body}`],
    ["a JSON string", '"x"'],
    ["a JSON number", "12"],
    ["a JSON array", "[]"],
    ["an array of the body", `[${body}]`],
    ["JSON null", "null"],
    ["JSON true", "true"],
    ["an empty object", "{}"],
    ["JSON nested 3,000 deep", `{"x":${"[".repeat(3000)}${"]".repeat(3000)}}`],
    ["JSON nested 33 deep", `{"x":${"[".repeat(33)}${"]".repeat(33)}}`],
    ["a __proto__ key", `{"__proto__":{"x":1},${inner}}`],
    ["an escaped __proto__ key", `{"\\u005f_proto__":{"x":1},${inner}}`],
    ["a constructor.prototype key", `{"constructor":{"prototype":{"x":1}},${inner}}`],
    ["a duplicate key, the later one bad", `{${inner},"${firstKey}":12}`],
    ["a duplicate key, the earlier one bad", `{"${firstKey}":12,${inner}}`],
    [
      "a duplicate key spelled with an escape",
      `{${inner},"\\u00${firstKey.charCodeAt(0).toString(16)}${firstKey.slice(1)}":12}`,
    ],
    ["a byte order mark", `\ufeff${body}`],
    ["NaN as a value", `{${rest},"${firstKey}":NaN}`],
    ["a number with 400 digits", `{${rest},"${firstKey}":${"9".repeat(400)}}`],
    ["a 1e400 number", `{${rest},"${firstKey}":1e400}`],
    ["a -0 number", `{${rest},"${firstKey}":-0}`],
    [
      "invalid UTF-8 bytes",
      Buffer.concat([Buffer.from(`{${inner},"x":"`), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    ],
    [
      "an overlong UTF-8 encoding",
      Buffer.concat([Buffer.from(`{${inner},"x":"`), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]),
    ],
    ["UTF-16", Buffer.from(body, "utf16le")],
    ["a lone surrogate key", `{${inner},"\\ud800":1}`],
    ["a NUL byte outside strings", `${body}\u0000`],
    ["text/plain", body, { "content-type": "text/plain" }],
    ["form data", "walletAddress=0x1", { "content-type": "application/x-www-form-urlencoded" }],
    ["multipart", "--b\r\n\r\nx\r\n--b--", { "content-type": "multipart/form-data; boundary=b" }],
    ["XML", "<a/>", { "content-type": "application/xml" }],
    ["octet-stream", body, { "content-type": "application/octet-stream" }],
    ["no content type", body, { "content-type": "" }],
    ["application/jsonp", body, { "content-type": "application/jsonp" }],
    ["application/vnd.api+json", body, { "content-type": "application/vnd.api+json" }],
    ["charset=utf-16", Buffer.from(body, "utf16le"), { "content-type": "application/json; charset=utf-16" }],
    ["charset=iso-8859-1", body, { "content-type": "application/json; charset=iso-8859-1" }],
    ["a gzip body", body, { "content-encoding": "gzip" }],
    ["a br body", body, { "content-encoding": "br" }],
    ["a body over the limit", JSON.stringify({ ...valid, pad: "x".repeat(20_000) })],
    ["another origin", body, { origin: "https://evil.example" }],
    ["origin null", body, { origin: "null" }],
    ["a look-alike origin", body, { origin: "http://127.0.0.1:5173.evil.example" }],
    ["the site's origin over https", body, { origin: "https://127.0.0.1:5173" }],
    ["two origins in one header", body, { origin: "http://127.0.0.1:5173, https://evil.example" }],
  ];
  return shapes.map(([what, payload, headers]) => ({ name: `${url} ${what}`, url, payload, headers }));
}

/**
 * Requests that are valid but for one hostile channel: a forged Referer, X-Forwarded-For garbage under each
 * TRUST_PROXY mode, odd content types that are still JSON. Each carrier body is refused or needs the chain, so nothing
 * is stored whatever the channel does; the answer must still be one of `expect`.
 */
export function channelCases(url: string, carrier: Record<string, unknown>, expect: number[]): Case[] {
  const body = JSON.stringify(carrier);
  const cases: Case[] = [];
  const xff = [
    "<script>alert(1)</script>",
    "not-an-ip",
    "999.1.1.1",
    "203.0.113.7, <img src=x>",
    "1.2.3.4\u0000",
    `${"1.1.1.1, ".repeat(500)}1.1.1.1`,
    "::ffff:127.0.0.1",
    "unknown, , ,",
  ];
  for (const mode of PROXY_MODES)
    for (const v of xff)
      cases.push({
        name: `${url} TRUST_PROXY=${mode} X-Forwarded-For ${JSON.stringify(v.slice(0, 30))}`,
        url,
        payload: body,
        app: mode,
        remoteAddress: mode === "off" ? "198.51.100.9" : "10.0.0.1",
        headers: { "x-forwarded-for": v },
        expect,
      });
  const headers: Array<[string, Record<string, string>]> = [
    ["a forged Referer", { referer: "https://evil.example/?clickId=stolen" }],
    ["a Referer with control characters", { referer: "https://a.example/\u001b[2J" }],
    ["a 8 KB user agent", { "user-agent": "x".repeat(8000) }],
    ["an uppercase content type", { "content-type": "APPLICATION/JSON" }],
    ["charset=utf-8", { "content-type": "application/json; charset=utf-8" }],
    ["a quoted charset", { "content-type": 'application/json; charset="UTF-8"' }],
    ["identity content encoding", { "content-encoding": "identity" }],
    ["X-Real-IP", { "x-real-ip": "1.2.3.4" }],
    ["Forwarded", { forwarded: "for=1.2.3.4;proto=https" }],
    ["X-HTTP-Method-Override", { "x-http-method-override": "DELETE" }],
    ["a request id with control characters", { "x-request-id": "a\u001b[2Jb" }],
    ["a 4 KB request id", { "x-request-id": "r".repeat(4000) }],
  ];
  for (const [what, h] of headers) cases.push({ name: `${url} ${what}`, url, payload: body, headers: h, expect });
  return cases;
}

const ROUTES: Array<[string, Method[]]> = [
  ["/api/referral", ["POST"]],
  ["/api/track/lead", ["POST"]],
  ["/api/track/conversion", ["POST"]],
  ["/api/card/session", ["POST"]],
  ["/healthz", ["GET", "HEAD"]],
  ["/readyz", ["GET", "HEAD"]],
];

/** Every method a route does not take: 404 with {error, reason} (HEAD: no body). */
export function methodCases(): Case[] {
  const all: Method[] = ["GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"];
  const wrong = ROUTES.flatMap(([url, ok]) =>
    all
      .filter((m) => !ok.includes(m) && m !== "OPTIONS")
      .map((method): Case => ({
        name: `${method} ${url}`,
        method,
        url,
        payload: method === "GET" || method === "HEAD" ? undefined : "{}",
      })),
  );
  return [
    ...wrong,
    // A preflight without Origin is no preflight; one from another origin is refused.
    ...ROUTES.map(([url]): Case => ({ name: `OPTIONS ${url} without Origin`, method: "OPTIONS", url })),
    ...ROUTES.map(([url]): Case => ({
      name: `OPTIONS ${url} from another origin`,
      method: "OPTIONS" as const,
      url,
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
      // Health is open to every origin (monitoring): the preflight passes, without an allow-origin for it.
      expect: url.startsWith("/api") ? [403] : [204],
    })),
  ];
}

/** Paths and query strings: undecodable, double-encoded, overlong, traversal, look-alike routes. */
export function urlCases(): Case[] {
  const get = [
    "/%",
    "/%zz",
    "/%ff",
    "/%C0%AE%C0%AE/",
    "/api/%",
    "/api/referral%",
    "/api/track/lead?%",
    `/${"a".repeat(5000)}`,
  ];
  const post = [
    "/api/../../etc/passwd",
    "/api/track/lead%00",
    "/api/%2e%2e/api/referral",
    "/api/%252e%252e/referral",
    "/api/referral/",
    "//api/referral",
    "/API/REFERRAL",
    "/api/referral;jsessionid=1",
    "/api/referral%2f",
    "/api/referral/..",
    "/api/referral/%2e%2e",
    "/api/referr%C3%A1l",
    "/api/referral%20",
    "/api/referral\\..\\",
    `/api/referral/${"x".repeat(10_000)}`,
    "/..%2f..%2fetc%2fpasswd",
    "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/%252e%252e%252fetc%252fpasswd",
    "/api/track/lead%3f",
    "/api/track/lead%23",
  ];
  // A POST whose body is bad, with a hostile query string: the query is ignored, the body refused.
  const queries = [
    "?__proto__[x]=1",
    "?constructor[prototype][x]=1",
    "?%",
    "?a=%zz",
    "?%00=%00",
    `?${"a=1&".repeat(3000)}`,
    `?x=${"y".repeat(20_000)}`,
    "?walletAddress=0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    "?a[]=1&a[]=2&a[0]=3",
    "?%E2%80%AE=1",
  ];
  return [
    ...get.map((url) => ({ name: `GET ${url.slice(0, 40)}`, method: "GET" as const, url })),
    ...post.map((url) => ({ name: `POST ${url.slice(0, 40)}`, url, payload: "{}" })),
    ...queries.map((q) => ({
      name: `POST /api/referral${q.slice(0, 30)}`,
      url: `/api/referral${q}`,
      payload: '{"walletAddress":1}',
    })),
    ...queries.map((q) => ({
      name: `GET /healthz${q.slice(0, 30)}`,
      method: "GET" as const,
      url: `/healthz${q}`,
      expect: [200],
    })),
  ];
}

/** Leads whose signed message is wrong in one way (each signed, so the signature is not what is refused). */
export async function signedLeadCases(): Promise<Case[]> {
  const url = "/api/track/lead";
  const hour = 3600_000;
  const variants: Array<[string, Promise<Record<string, unknown>>]> = [
    ["expired", signedLead({ issuedAt: new Date(Date.now() - 2 * hour), expiresInMs: hour })],
    ["issued an hour ahead", signedLead({ issuedAt: new Date(Date.now() + hour) })],
    ["running 2 days", signedLead({ expiresInMs: 48 * hour })],
    ["for another site", signedLead({ site: "https://evil.example" })],
    ["for a chain the server does not know", signedLead({ chainId: 1 })],
    ["with a 10-character nonce", signedLead({ nonce: "abcdefgh12" })],
    [
      "for another wallet than walletAddress",
      signedLead({ body: { walletAddress: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65" } }),
    ],
    [
      "signed by a stranger for the buyer's wallet",
      signedLead({ key: KEYS.stranger, wallet: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65" }),
    ],
    [
      "with attribution in the body that differs",
      signedLead({ attribution: { clickId: "a" }, body: { clickId: "b" } }),
    ],
    ["with tsid in the body that differs", signedLead({ attribution: { tid: "a" }, body: { tsid: "b" } })],
  ];
  const out: Case[] = [];
  for (const [what, lead] of variants)
    out.push({ name: `${url} a message ${what}`, url, payload: JSON.stringify(await lead), expect: CHAIN_DOWN });
  // Signed, then edited: the signature no longer matches (the chain would be asked about a smart account: 503 here).
  const edited = await signedLead({ attribution: { clickId: "mine" } });
  out.push({
    name: `${url} a message edited after signing`,
    url,
    payload: JSON.stringify({ ...edited, message: String(edited.message).replace("clickId=mine", "clickId=theirs") }),
    expect: [401, 503],
  });
  return out;
}

/** Requests to the stand-in card widget (its own server, no store): [name, raw request, right statuses]. */
export function widgetCases(partner: string, origin: string): Array<[string, string, number[]]> {
  const req = (method: string, path: string, headers = "", body = "") =>
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}${body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : ""}\r\n${body}`;
  const json = "Content-Type: application/json\r\n";
  const pay = `/${partner}/widget/pay`;
  const cases: Array<[string, string, number[]]> = [];
  for (const path of [
    "/%",
    "/%zz/widget",
    `/${partner}/%ff`,
    "/",
    "/x",
    `/${partner}`,
    `/${partner}/other`,
    `/${partner}/widget/pay/x`,
    "/../../etc/passwd",
    `/${"a".repeat(5000)}/widget/x`,
    "//evil.example/widget/pay",
  ])
    cases.push([`GET ${path.slice(0, 40)}`, req("GET", path), FOUR_XX]);
  for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"])
    for (const path of [`/${partner}/widget`, pay, "/healthz"])
      cases.push([`${method} ${path}`, req(method, path), FOUR_XX]);
  cases.push([`GET ${pay}`, req("GET", pay), FOUR_XX]);
  const bodies: Array<[string, string, string?]> = [
    ["no content type", '{"query":""}', ""],
    ["text/plain", '{"query":""}', "Content-Type: text/plain\r\n"],
    ["an empty body", ""],
    ["invalid JSON", "{"],
    ["JSON null", "null"],
    ["a JSON array", "[]"],
    ["a query that is a number", '{"query":1}'],
    ["no query", "{}"],
    ["an empty query", '{"query":""}'],
    ["a query without a signature", '{"query":"address=0x1&commodity=ETH"}'],
    [
      "a query with a bad amount",
      `{"query":"address=${WALLET}&commodity=ETH&network=base&commodity_amount=-1&sc_address=${WALLET}&sc_input_data=0x&signature=00"}`,
    ],
    [
      "a query with a forged signature",
      `{"query":"address=${WALLET}&commodity=ETH&network=base&commodity_amount=0.1&sc_address=${WALLET}&sc_input_data=0x12345678&signature=${"ab".repeat(64)}"}`,
    ],
    ["a body over the limit", JSON.stringify({ query: "x".repeat(20_000) })],
  ];
  for (const [what, body, headers] of bodies)
    cases.push([
      `POST pay: ${what}`,
      req("POST", pay, headers ?? json, body),
      what.includes("limit") ? [413] : FOUR_XX,
    ]);
  cases.push([
    `POST pay from another origin`,
    req("POST", pay, `${json}Origin: https://evil.example\r\n`, '{"query":""}'),
    [403],
  ]);
  cases.push([
    `POST pay from the site, not the widget`,
    req("POST", pay, `${json}Origin: ${origin}x\r\n`, '{"query":""}'),
    [403],
  ]);
  for (const hash of ["0x12", "zz", `0x${"g".repeat(64)}`, `0x${"ab".repeat(33)}`, "%", ""])
    cases.push([`GET tx/${hash.slice(0, 20)}`, req("GET", `/${partner}/widget/tx/${hash}`), FOUR_XX]);
  return cases;
}
