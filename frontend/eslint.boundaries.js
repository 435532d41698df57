// The dapp's folder boundaries (docs/CONVENTIONS.md, "Dapp layout"), as ESLint configuration for the root config.
// frontend/src has layers (config and shared at the bottom, then chain, then presale), features above them and the
// app on top. Outside a folder, code imports only its index.ts, the folder's public surface; the chain layer has a
// second one, chain/approvals/index.ts, which only the lazily loaded flows import (it carries viem and the ABIs).
// A layer never imports a feature, the app or a layer above it. Both rules cover static imports and re-exports
// (no-restricted-imports) and dynamic import() (no-restricted-syntax). The regexes see the import as written: every
// import in src is relative (there is no path alias).

const MESSAGE = {
  feature: "Import another feature through its index.ts, its public surface (docs/CONVENTIONS.md, Dapp layout).",
  layer:
    "Import a layer through its index.ts (chain: or chain/approvals/index.ts, from lazily loaded flows only) " +
    "(docs/CONVENTIONS.md, Dapp layout).",
  upward: "A layer does not import a feature, the app or a layer above it (docs/CONVENTIONS.md, Dapp layout).",
};

/** Another feature's module other than its index.ts, from a file of a feature (`../buy/swapMachine.ts`). */
const FEATURE_FROM_FEATURE = String.raw`^\.\./(?!\.)[^/]+/(?!index\.ts$)`;
/** A feature's module other than its index.ts, from a file of the app (`../features/buy/BuyWidget.tsx`). */
const FEATURE_FROM_APP = String.raw`^\.\./features/[^/]+/(?!index\.ts$)`;
/** A module of the chain or presale layer other than its public surfaces, from outside the layer. */
const CHAIN_INTERNAL = String.raw`^(?:\.\./)+chain/(?!index\.ts$|approvals/index\.ts$)`;
const PRESALE_INTERNAL = String.raw`^(?:\.\./)+presale/(?!index\.ts$)`;
/** Any module of the named folders (a layer reaching up). */
const folders = (...names) => String.raw`^(?:\.\./)+(?:${names.join("|")})/`;

/**
 * no-restricted-imports and no-restricted-syntax options for one group of files. `base` is the root config's own
 * restriction (the zod entry), repeated because a rule's options in a later config object replace earlier ones.
 */
function restrict(base, rules) {
  const patterns = rules.map(([regex, message]) => ({ regex, message }));
  // esquery reads a regex up to the next "/": the slashes of the pattern are written as \x2F.
  const dynamic = rules.map(([regex, message]) => ({
    selector: `ImportExpression[source.value=/${regex.replaceAll("/", "\\x2F")}/]`,
    message,
  }));
  return {
    "no-restricted-imports": ["error", { paths: base, patterns }],
    "no-restricted-syntax": ["error", ...dynamic],
  };
}

/** The boundary config objects, for `frontend/src`; `base` is the list of restricted paths every file has. */
export function dappBoundaries(base) {
  const layerInternals = [
    [CHAIN_INTERNAL, MESSAGE.layer],
    [PRESALE_INTERNAL, MESSAGE.layer],
  ];
  return [
    {
      files: ["frontend/src/features/**/*.{ts,tsx}"],
      rules: restrict(base, [[FEATURE_FROM_FEATURE, MESSAGE.feature], ...layerInternals]),
    },
    {
      files: ["frontend/src/app/**/*.{ts,tsx}"],
      // The start-up steps import the one module each step evaluates (features/i18n/detect.ts, i18n.ts, presale's
      // chainReads.ts): an index.ts would evaluate its whole folder in the first task (frontend/README.md, "First
      // paint and start-up").
      ignores: ["frontend/src/app/boot.tsx"],
      rules: restrict(base, [[FEATURE_FROM_APP, MESSAGE.feature], ...layerInternals]),
    },
    {
      files: ["frontend/src/{shared,config}/**/*.{ts,tsx}"],
      rules: restrict(base, [[folders("features", "app", "chain", "presale"), MESSAGE.upward]]),
    },
    {
      files: ["frontend/src/chain/**/*.{ts,tsx}"],
      rules: restrict(base, [[folders("features", "app", "presale"), MESSAGE.upward]]),
    },
    {
      files: ["frontend/src/{presale,test}/**/*.{ts,tsx}"],
      rules: restrict(base, [
        [folders("features", "app"), MESSAGE.upward],
        [CHAIN_INTERNAL, MESSAGE.layer],
      ]),
    },
  ];
}
