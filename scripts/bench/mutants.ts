/**
 * The mutant catalogue of `npm run bench:mutation`: plausible bugs, each defined by the source text it replaces (so
 * the catalogue survives refactors, and `npm run bench:mutation -- --check`, run by the tooling tests, fails as soon as
 * a contract edit orphans a pattern). One module per contract area under ./mutants/; `equivalent` explains, for a
 * mutant that cannot change behaviour, why no test can kill it.
 */
import { BASE_MUTANTS } from "./mutants/base.js";
import { ETHEREUM_MUTANTS } from "./mutants/ethereum.js";
import { LADDER_MUTANTS } from "./mutants/ladder.js";
import { PAYMENT_MUTANTS } from "./mutants/payments.js";
import { PRESALE_MUTANTS } from "./mutants/presale.js";
import { STAKING_MUTANTS } from "./mutants/staking.js";

export { TESTS_BY_FILE, type Mutant } from "./mutants/common.js";

/** The catalogue by area (one module each), for `npm run bench:mutation -- --area <name>`. */
export const AREAS = {
  ladder: LADDER_MUTANTS,
  ethereum: ETHEREUM_MUTANTS,
  base: BASE_MUTANTS,
  presale: PRESALE_MUTANTS,
  staking: STAKING_MUTANTS,
  payments: PAYMENT_MUTANTS,
} as const;

export const MUTANTS = Object.values(AREAS).flat();
