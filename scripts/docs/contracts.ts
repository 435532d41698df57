/**
 * `npm run docs:contracts`: the contracts' API reference in docs/contracts/, generated from their NatSpec. Reads what
 * Hardhat's last compile left: each artifact's ABI and, from its build info, the compiler's userdoc/devdoc (selected in
 * hardhat.config.ts) and the AST (where each function, event and error is declared). Every contract under contracts/
 * except mocks/ and test-support/: one page each, plus an index. `--check` writes nothing and fails when a page
 * differs from what the contracts say now (npm test runs it after the compile).
 */
import fs from "node:fs";
import path from "node:path";
import { ErrorFragment, EventFragment, Fragment, FunctionFragment, type JsonFragment, type ParamType } from "ethers";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ARTIFACTS = path.join(ROOT, "artifacts");
/** `--dir <folder>` writes or checks another folder (the tooling test's). */
const dirArg = process.argv.indexOf("--dir");
const OUT = dirArg > 0 ? path.resolve(process.argv[dirArg + 1]) : path.join(ROOT, "docs/contracts");
/** Code-point order: the same on every machine, whatever its locale. */
const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const SKIPPED = [/^contracts\/mocks\//, /^contracts\/test-support\//, /\.t\.sol$/];

interface Artifact {
  contractName: string;
  sourceName: string;
  inputSourceName: string;
  buildInfoId: string;
  abi: JsonFragment[];
}
type Text = Record<string, string | undefined>;
interface MethodDoc extends Text {
  notice?: string;
  details?: string;
}
interface DevDoc {
  title?: string;
  details?: string;
  author?: string;
  methods?: Record<string, MethodDoc & { params?: Text; returns?: Text }>;
  events?: Record<string, MethodDoc & { params?: Text }>;
  errors?: Record<string, (MethodDoc & { params?: Text })[]>;
  stateVariables?: Record<string, { details?: string; return?: string; returns?: Text }>;
  [custom: `custom:${string}`]: string;
}
interface UserDoc {
  notice?: string;
  methods?: Record<string, MethodDoc>;
  events?: Record<string, MethodDoc>;
  errors?: Record<string, MethodDoc[]>;
}
interface AstNode {
  id: number;
  nodeType: string;
  name?: string;
  contractKind?: string;
  abstract?: boolean;
  linearizedBaseContracts?: number[];
  functionSelector?: string;
  eventSelector?: string;
  errorSelector?: string;
  nodes?: AstNode[];
}
interface BuildOutput {
  contracts: Record<string, Record<string, { devdoc?: DevDoc; userdoc?: UserDoc }>>;
  sources: Record<string, { ast: AstNode }>;
}

/** One build info's output and its contract definitions by AST id (cached: several artifacts share one build). */
const builds = new Map<string, { output: BuildOutput; definitions: Map<number, AstNode> }>();
function build(id: string) {
  let found = builds.get(id);
  if (found === undefined) {
    const file = path.join(ARTIFACTS, "build-info", `${id}.output.json`);
    const { output } = JSON.parse(fs.readFileSync(file, "utf8")) as { output: BuildOutput };
    const definitions = new Map<number, AstNode>();
    for (const { ast } of Object.values(output.sources)) {
      for (const node of ast.nodes ?? []) if (node.nodeType === "ContractDefinition") definitions.set(node.id, node);
    }
    found = { output, definitions };
    builds.set(id, found);
  }
  return found;
}

/** The project's contracts: every artifact under artifacts/contracts whose source is not skipped. */
function projectArtifacts(): Artifact[] {
  const dir = path.join(ARTIFACTS, "contracts");
  if (!fs.existsSync(dir)) throw new Error("no artifacts: compile first (npx hardhat compile)");
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".json") && path.basename(path.dirname(f)) !== "build-info")
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Artifact)
    .filter((a) => a.sourceName.startsWith("contracts/") && !SKIPPED.some((re) => re.test(a.sourceName)))
    .sort((a, b) => byText(a.sourceName, b.sourceName) || byText(a.contractName, b.contractName));
}

/** Where a contract's page goes, relative to docs/contracts (its source's folder under contracts/). */
const pageOf = (a: Pick<Artifact, "sourceName" | "contractName">) =>
  path.posix.join(path.posix.dirname(a.sourceName.replace(/^contracts\//, "")), `${a.contractName}.md`);

/** `record[key]` if the record has it as its own key ("constructor" is also every object's inherited property). */
const own = <T>(record: Record<string, T> | undefined, key: string) =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
const oneLine = (s: string | undefined) => s?.replace(/\s*\n\s*/g, " ").trim();
const typeOf = (p: ParamType) => p.format("full").replace(/ [^ ]+$/, (m) => (p.name ? "" : m));

/** A table of the parameters or return values, when NatSpec describes at least one (the signature shows the rest). */
function paramTable(params: readonly ParamType[], docs: Text | undefined, header: string): string[] {
  const described = params.map((p, i) => oneLine(docs?.[p.name] ?? docs?.[`_${i}`]) ?? "");
  if (described.every((d) => d === "")) return [];
  const rows = params.map((p, i) => {
    const name = p.name || `_${i}`;
    return `| \`${name}\` | \`${typeOf(p)}\` | ${described[i].replace(/\|/g, "\\|")} |`;
  });
  return ["", `| ${header} | type | |`, "|---|---|---|", ...rows];
}

interface Entry {
  heading: string;
  signature: string;
  lines: string[];
}

function render(a: Artifact, all: Map<string, Artifact>): string {
  const { output, definitions } = build(a.buildInfoId);
  const docs = output.contracts[a.inputSourceName]?.[a.contractName] ?? {};
  const dev = docs.devdoc ?? {};
  const user = docs.userdoc ?? {};
  const ast = [...definitions.values()].find(
    (d) =>
      d.name === a.contractName && output.sources[a.inputSourceName]?.ast.nodes?.some((n) => n.id === d.id) === true,
  );
  const bases = (ast?.linearizedBaseContracts ?? []).map((id) => definitions.get(id)).filter((d) => d !== undefined);
  /** The most derived contract that declares the member with this selector (the contract itself first). */
  const declaredIn = (field: "functionSelector" | "eventSelector" | "errorSelector", selector: string) =>
    bases.find((b) => (b.nodes ?? []).some((n) => n[field]?.replace(/^0x/, "") === selector.replace(/^0x/, "")))?.name;
  const link = (name: string) => {
    const target = all.get(name);
    if (target === undefined) return `\`${name}\``;
    const rel = path.posix.relative(path.posix.dirname(pageOf(a)), pageOf(target));
    return `[\`${name}\`](${rel})`;
  };
  const origin = (name: string | undefined) =>
    name === undefined || name === a.contractName ? [] : ["", `Declared in ${link(name)}.`];

  const kind = ast?.abstract ? `abstract ${ast.contractKind}` : (ast?.contractKind ?? "contract");
  const inherits = bases.slice(1).map((b) => link(b.name!));
  const out = [`# ${a.contractName}`, "", `${kind} in \`${a.sourceName}\``];
  if (inherits.length > 0) out.push("", `Inherits ${inherits.join(", ")}.`);
  if (dev.title) out.push("", `**${oneLine(dev.title)}**`);
  if (user.notice) out.push("", user.notice.trim());
  if (dev.details) out.push("", dev.details.trim());
  if (dev.author) out.push("", `Author: ${oneLine(dev.author)}`);
  for (const [key, value] of Object.entries(dev).filter(([k]) => k.startsWith("custom:"))) {
    out.push("", `${key.replace(/^custom:/, "")}: ${oneLine(String(value))}`);
  }

  const prose = (notice: string | undefined, details: string | undefined) => [
    ...(notice ? ["", notice.trim()] : []),
    ...(details ? ["", details.trim()] : []),
  ];
  const functions: Entry[] = [];
  const events: Entry[] = [];
  const errors: Entry[] = [];
  let undocumented = 0;
  /** One member: its declaration, its NatSpec, its described parameters, then `more`. */
  const entry = (
    f: FunctionFragment | EventFragment | ErrorFragment,
    doc: { notice?: string; details?: string; params?: Text } | undefined,
    more: string[],
  ): Entry => ({
    heading: f.name,
    signature: f.format("sighash"),
    lines: [
      "```solidity",
      f.format("full"),
      "```",
      ...prose(doc?.notice, doc?.details),
      ...paramTable(f.inputs, doc?.params, "parameter"),
      ...more,
    ],
  });
  for (const json of a.abi) {
    const fragment = Fragment.from(json);
    if (fragment instanceof FunctionFragment) {
      const signature = fragment.format("sighash");
      const m = dev.methods?.[signature];
      const variable = dev.stateVariables?.[fragment.name];
      const notice = user.methods?.[signature]?.notice;
      const details = m?.details ?? variable?.details;
      if (!notice && !details) undocumented++;
      functions.push(
        entry(fragment, { notice, details, params: m?.params }, [
          ...(!notice && !details ? ["", "_No NatSpec._"] : []),
          ...paramTable(fragment.outputs, m?.returns ?? variable?.returns, "returns"),
          ...(variable?.return && fragment.outputs.length === 1 && !m?.returns
            ? ["", `Returns: ${variable.return}`]
            : []),
          ...origin(declaredIn("functionSelector", fragment.selector)),
        ]),
      );
    } else if (fragment instanceof EventFragment) {
      const key = fragment.format("sighash");
      const doc = { ...dev.events?.[key], notice: user.events?.[key]?.notice };
      events.push(entry(fragment, doc, origin(declaredIn("eventSelector", fragment.topicHash))));
    } else if (fragment instanceof ErrorFragment) {
      const key = fragment.format("sighash");
      const doc = { ...dev.errors?.[key]?.[0], notice: user.errors?.[key]?.[0]?.notice };
      errors.push(entry(fragment, doc, origin(declaredIn("errorSelector", fragment.selector))));
    }
  }
  const constructor = a.abi.find((f) => f.type === "constructor");
  if (constructor !== undefined) {
    const c = Fragment.from(constructor);
    const m = own(dev.methods, "constructor");
    out.push(
      "",
      "## Constructor",
      "",
      "```solidity",
      c.format("full"),
      "```",
      ...prose(own(user.methods, "constructor")?.notice, m?.details),
      ...paramTable(c.inputs, m?.params, "parameter"),
    );
  }
  for (const [title, entries] of [
    ["Functions", functions],
    ["Events", events],
    ["Errors", errors],
  ] as const) {
    if (entries.length === 0) continue;
    out.push("", `## ${title}`);
    const sorted = [...entries].sort((x, y) => byText(x.signature, y.signature));
    for (const e of sorted) {
      const overloaded = entries.filter((x) => x.heading === e.heading).length > 1;
      out.push("", `### ${overloaded ? e.signature : e.heading}`, "", ...e.lines);
    }
  }
  undocumentedByContract.set(a.contractName, undocumented);
  return `${out.join("\n")}\n`;
}

const undocumentedByContract = new Map<string, number>();

/** Every page, by its path under docs/contracts. */
function generate(): Map<string, string> {
  const artifacts = projectArtifacts();
  const byName = new Map(artifacts.map((a) => [a.contractName, a]));
  const pages = new Map<string, string>();
  const index = [
    "# Contract API reference",
    "",
    "Generated from the contracts' NatSpec by `npm run docs:contracts` (do not edit; `npm test` checks it is current).",
    "",
    "| contract | kind | source | summary |",
    "|---|---|---|---|",
  ];
  for (const a of artifacts) {
    pages.set(pageOf(a), render(a, byName));
    const { output, definitions } = build(a.buildInfoId);
    const docs = output.contracts[a.inputSourceName]?.[a.contractName];
    const ast = [...definitions.values()].find(
      (d) => d.name === a.contractName && output.sources[a.inputSourceName]?.ast.nodes?.some((n) => n.id === d.id),
    );
    const kind = ast?.abstract ? `abstract ${ast.contractKind}` : (ast?.contractKind ?? "contract");
    const summary = oneLine(docs?.devdoc?.title ?? docs?.userdoc?.notice) ?? "";
    index.push(
      `| [${a.contractName}](${pageOf(a)}) | ${kind} | \`${a.sourceName}\` | ${summary.replace(/\|/g, "\\|")} |`,
    );
  }
  pages.set("README.md", `${index.join("\n")}\n`);
  return pages;
}

/** The pages now in docs/contracts, by path. */
function current(): Map<string, string> {
  if (!fs.existsSync(OUT)) return new Map();
  return new Map(
    fs
      .readdirSync(OUT, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".md"))
      .map((f) => [f.split(path.sep).join("/"), fs.readFileSync(path.join(OUT, f), "utf8")]),
  );
}

const pages = generate();
const existing = current();
const changed = [...pages].filter(([file, text]) => existing.get(file) !== text).map(([file]) => file);
const stale = [...existing.keys()].filter((file) => !pages.has(file));
if (process.argv.includes("--check")) {
  const shown = path.relative(ROOT, OUT);
  for (const file of changed) console.error(`${shown}/${file}: not what the contracts' NatSpec says now`);
  for (const file of stale) console.error(`${shown}/${file}: no such contract any more`);
  if (changed.length + stale.length > 0) {
    console.error("Run `npm run docs:contracts` and commit docs/contracts/.");
    process.exit(1);
  }
  console.log(`${path.relative(ROOT, OUT)}: current (${pages.size - 1} contracts)`);
} else {
  for (const file of stale) fs.rmSync(path.join(OUT, file));
  for (const file of changed) {
    fs.mkdirSync(path.dirname(path.join(OUT, file)), { recursive: true });
    fs.writeFileSync(path.join(OUT, file), pages.get(file)!);
  }
  const missing = [...undocumentedByContract].filter(([, n]) => n > 0).map(([c, n]) => `${c} ${n}`);
  console.log(
    `${path.relative(ROOT, OUT)}: ${pages.size - 1} contracts, ${changed.length} page(s) written, ${stale.length} removed`,
  );
  if (missing.length > 0) console.log(`functions without NatSpec: ${missing.join(", ")}`);
}
