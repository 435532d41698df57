/**
 * What every part of the mutant catalogue shares: the mutant's shape, the contract files, and which tests run for a
 * mutant of each file (cheapest and likeliest killers first: a run stops at the first failing test).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export interface Mutant {
  id: string;
  file: string;
  /** The source text replaced. Without `occurrence` it must occur exactly once in the file (`--check` enforces it). */
  find: string;
  replace: string;
  /** Picks the n-th match (1-based) where a pattern repeats on purpose. */
  occurrence?: number;
  description: string;
  /** Test files to run instead of the file's default set. */
  tests?: string[];
  /** Why the mutant cannot change behaviour (no test can kill it). */
  equivalent?: string;
  /** Reported with a survivor: why it is not (yet) killed on this code. */
  note?: string;
  /** Compile with the optimizer (gas-limit mutants: measured against optimized code, as deployed). */
  optimized?: boolean;
}

export const STAKING = "contracts/Staking.sol";
export const ROUTER = "contracts/presale/PaymentRouter.sol";
export const PRESALE = "contracts/Presale.sol";
export const ETHEREUM = "contracts/EthereumPresale.sol";
export const BASE = "contracts/BasePresale.sol";
export const LADDER = "contracts/presale/PresaleLadder.sol";
export const BOOK = "contracts/presale/LadderBook.sol";
export const SYNC = "contracts/presale/CrossChainSync.sol";
export const ORACLE = "contracts/presale/EthUsdOracle.sol";
export const TOKEN = "contracts/SaleToken.sol";

const mocha = (...names: string[]) => names.map((n) => `test/mocha/${n}.test.ts`);

/** Suites of the whole two-chain system, slowest last. */
const SYSTEM = mocha("attack.supply");

/** The ladder's walk (PresaleLadder) and its book (LadderBook) are met through the same purchases and reports. */
const LADDER_TESTS = [
  ...mocha(
    "presale.buy",
    "exact-fill",
    "presale.crosschain",
    "presale.admin",
    "boundaries",
    "regressions.crosschain",
    "regressions",
    "attack.recipient",
    "permit",
  ),
  ...SYSTEM,
];

/** The tests that exercise each contract, cheapest and likeliest killers first. */
export const TESTS_BY_FILE: Record<string, string[]> = {
  [STAKING]: mocha(
    "staking",
    "attack.staking",
    "owner-bounds",
    "boundaries",
    "regressions",
    "permit",
    "presale.claim",
    "presale.buy",
  ),
  [ROUTER]: mocha("presale.payments", "owner-bounds", "boundaries", "regressions", "presale.buy"),
  [PRESALE]: [
    ...mocha(
      "presale.buy",
      "presale.admin",
      "presale.ethereum",
      "boundaries",
      "regressions",
      "presale.claim",
      "exact-fill",
      "presale.crosschain",
      "regressions.crosschain",
      "owner-bounds",
      "permit",
      "presale.payments",
    ),
    ...SYSTEM,
  ],
  [ETHEREUM]: [
    ...mocha(
      "presale.ethereum",
      "attack.recipient",
      "presale.crosschain",
      "regressions.crosschain",
      "presale.buy",
      "presale.admin",
      "permit",
      "regressions",
      "exact-fill",
      "boundaries",
      "presale.payments",
    ),
    ...SYSTEM,
  ],
  [BASE]: [
    ...mocha(
      "presale.claim",
      "presale.buy",
      "attack.staking",
      "attack.recipient",
      "presale.crosschain",
      "regressions.crosschain",
      "presale.admin",
      "regressions",
      "permit",
      "boundaries",
      "exact-fill",
      "owner-bounds",
      "presale.payments",
    ),
    ...SYSTEM,
  ],
  [LADDER]: LADDER_TESTS,
  [BOOK]: LADDER_TESTS,
  [SYNC]: [...mocha("presale.crosschain", "regressions.crosschain", "attack.recipient", "presale.admin"), ...SYSTEM],
  [ORACLE]: mocha("presale.oracle", "regressions", "boundaries"),
  [TOKEN]: mocha("boundaries"),
};

/** The permit entry points: their own attack tests first. */
export const PERMIT_TESTS = mocha("permit", "presale.buy", "staking");

export const m = (
  id: string,
  file: string,
  description: string,
  find: string,
  replace: string,
  extra: Partial<Mutant> = {},
): Mutant => ({ id, file, description, find, replace, ...extra });

/** The default tests of `file` with the named suites moved to the front (they are the likeliest killers). */
export const first = (file: string, ...names: string[]): Partial<Mutant> => {
  const front = mocha(...names);
  return { tests: [...front, ...TESTS_BY_FILE[file].filter((t) => !front.includes(t))] };
};

const literal = (v: bigint) => v.toLocaleString("en-US").replaceAll(",", "_");

/**
 * A mutant of a numeric constant (`NAME = 120_000;`) defined by what it does to the value the contract has today, so
 * tuning a constant (relay gas, batch limits) keeps its mutant. A constant that is gone or no longer a plain number
 * leaves a pattern that `--check` reports as not found.
 */
export function constant(
  id: string,
  file: string,
  name: string,
  change: (value: bigint) => bigint,
  description: (from: string, to: string) => string,
  extra: Partial<Mutant> = {},
): Mutant {
  const found = new RegExp(`\\b${name} = ([0-9][0-9_]*);`).exec(readFileSync(path.join(ROOT, file), "utf8"));
  if (found === null) return m(id, file, description("?", "?"), `${name} = <a number>;`, `${name} = 0;`, extra);
  const from = BigInt(found[1].replaceAll("_", ""));
  const to = change(from);
  const words = (v: bigint) => v.toLocaleString("en-US");
  return m(id, file, description(words(from), words(to)), found[0], `${name} = ${literal(to)};`, extra);
}
