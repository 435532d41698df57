/**
 * IP addresses and proxy ranges: what TRUST_PROXY may list, and the client IP a request is counted and stored under.
 */
import net from "node:net";
import type { FastifyRequest } from "fastify";

/** An IPv4 or IPv6 address (IPv4 inside IPv6, "::ffff:10.0.0.1", included) as a 128-bit number. */
export function ipToBigInt(ip: string): { value: bigint; v4: boolean } | undefined {
  if (net.isIPv4(ip)) {
    const value = ip.split(".").reduce((a, b) => (a << 8n) | BigInt(Number(b)), 0n);
    return { value, v4: true };
  }
  if (!net.isIPv6(ip)) return undefined;
  let text = ip;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(ip)?.[1];
  if (tail !== undefined) {
    const v4 = ipToBigInt(tail)!.value;
    text = `${ip.slice(0, -tail.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, rest] = text.split("::");
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = groups(rest);
  const all =
    rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return { value: all.reduce((a, g) => (a << 16n) | BigInt(parseInt(g, 16)), 0n), v4: false };
}

/** IPv4 addresses inside IPv6 (::ffff:0:0/96): how a dual-stack socket sees every IPv4 client. */
const MAPPED_V4 = { value: 0xffffn << 32n, bits: 96 };
/** Private IPv6 ranges (unique local fc00::/7, link-local fe80::/10): any size is the operator's own network. */
const PRIVATE_V6 = [
  { value: 0xfcn << 120n, bits: 7 },
  { value: 0xfe80n << 112n, bits: 10 },
];
/** The broadest ranges a proxy list may name: an IPv4 /8 (10.0.0.0/8), an IPv6 /32 outside the private ranges. */
export const WIDEST = { v4: 8, v6: 32 } as const;

const within = (value: bigint, bits: number, range: { value: bigint; bits: number }) =>
  bits >= range.bits && value >> BigInt(128 - range.bits) === range.value >> BigInt(128 - range.bits);
const overlaps = (value: bigint, bits: number, range: { value: bigint; bits: number }) =>
  within(value, bits, range) || within(range.value, range.bits, { value, bits });

/**
 * Why a TRUST_PROXY entry ("10.0.0.5", "10.1.0.0/16", "fd00::/8") cannot be a list of proxies, or undefined when it
 * can. A range wider than WIDEST would trust clients: `0.0.0.0/1,128.0.0.0/1` is every IPv4 address, and an IPv6
 * range over ::ffff:0:0/96 is every IPv4 client of a dual-stack socket.
 */
export function proxyEntryProblem(entry: string): string | undefined {
  const [ip = "", bitsText, extra] = entry.split("/");
  const parsed = ipToBigInt(ip);
  if (parsed === undefined || extra !== undefined || (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)))
    return "is neither a hop count nor a proxy address/CIDR";
  const max = parsed.v4 ? 32 : 128;
  const bits = bitsText === undefined ? max : Number(bitsText);
  if (bits > max) return `has a prefix longer than /${max}`;
  if (parsed.v4) {
    return bits < WIDEST.v4
      ? `covers ${2n ** BigInt(32 - bits)} IPv4 addresses: list your proxies, or ranges no wider than a /${WIDEST.v4}`
      : undefined;
  }
  if (overlaps(parsed.value, bits, MAPPED_V4) && bits < MAPPED_V4.bits + WIDEST.v4)
    return `covers IPv4-mapped addresses (::ffff:0:0/96) wider than a /${WIDEST.v4}, i.e. IPv4 clients`;
  if (bits < WIDEST.v6 && !PRIVATE_V6.some((r) => within(parsed.value, bits, r)))
    return `covers more than an IPv6 /${WIDEST.v6} of public addresses: list your proxies`;
  return undefined;
}

/**
 * The IP a request is rate-limited and stored under: Fastify's reading of TRUST_PROXY when that is an IP address,
 * else the socket's peer. With a hop count, a client that connects directly writes the X-Forwarded-For entry that is
 * read as its address; text that is no address at all (`<script>…`) is never taken for one.
 */
export function clientIp(req: Pick<FastifyRequest, "ip" | "socket">): string {
  return net.isIP(req.ip) !== 0 ? req.ip : (req.socket.remoteAddress ?? "unknown");
}
