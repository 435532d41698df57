// How plans word amounts and times (the CLI prints the same words).

/** "2026-11-26T17:00:00Z (1795712400)"; "-" for 0 (not set). */
export const fmtTime = (t: bigint | number) =>
  BigInt(t) === 0n ? "-" : `${new Date(Number(t) * 1000).toISOString().replace(".000Z", "Z")} (${t})`;

/** Whole tokens with thousands separators. */
export const fmtTokens = (x: bigint) => x.toLocaleString("en-US");
