// ESLint for every TypeScript part of the workspace: typescript-eslint's type-checked recommendations (each part
// resolved through its own tsconfig by the project service), React's hook rules in the dapp. `npm run lint` fails on
// any warning. Formatting is Prettier's job (`npm run format:check`), not ESLint's. One TypeScript program per tsconfig
// (about 5.5 GB with the workspace packages) is more than Node's default heap: `npm run lint` gives ESLint 8 GB.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { dappBoundaries } from "./frontend/eslint.boundaries.js";

/** Paths no file imports (no-restricted-imports): repeated by every config object that sets the rule again. */
const RESTRICTED_PATHS = [
  // One zod package serves two APIs: Hardhat needs zod 3 at the root, our code uses Zod 4 from its subpath.
  { name: "zod", message: 'Import Zod 4 from "zod/v4" (see docs/DECISIONS.md, "One zod").' },
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "artifacts/**",
      "cache/**",
      "coverage/**",
      "typechain-types/**",
      "types/**",
      ".local/**",
      ".tools/**",
      ".mutation/**",
      "test-results/**",
      "playwright-report/**",
      "ignition/deployments/**",
      "reports/**",
      "server/data/**",
      "indexer/.ponder/**",
      "indexer/generated/**",
      "frontend/public/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  { rules: { "no-restricted-imports": ["error", { paths: RESTRICTED_PATHS }] } },
  {
    files: ["frontend/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  // The dapp's folders import each other through their index.ts; layers never import upwards.
  ...dappBoundaries(RESTRICTED_PATHS),
  {
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
);
