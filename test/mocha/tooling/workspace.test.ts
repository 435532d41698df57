import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { ROOT } from "../../../scripts/lib/networks.js";

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "peerDependencies"] as const;
type Manifest = { workspaces?: string[] } & Partial<Record<(typeof DEPENDENCY_FIELDS)[number], Record<string, string>>>;
type Lockfile = { packages: Record<string, { version?: string; optionalDependencies?: Record<string, string> }> };

const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")) as T;
/** The lockfile's installed packages, keyed by their path in the tree (node_modules/a/node_modules/b...). */
const lockPackages = () => readJson<Lockfile>("package-lock.json").packages;
/** A manifest's declared packages and their ranges, over every dependency field. */
const declarations = (m: Manifest) => DEPENDENCY_FIELDS.flatMap((field) => Object.entries(m[field] ?? {}));

/** Every version of each package that the lockfile installs, anywhere in the tree. */
function installedVersions(): Map<string, Set<string>> {
  const versions = new Map<string, Set<string>>();
  for (const [where, entry] of Object.entries(lockPackages())) {
    const at = where.lastIndexOf("node_modules/");
    if (at < 0 || entry.version === undefined) continue;
    const name = where.slice(at + "node_modules/".length);
    versions.set(name, (versions.get(name) ?? new Set()).add(entry.version));
  }
  return versions;
}

/** The root manifest and each workspace's, by folder. */
function manifests(): Map<string, Manifest> {
  const root = readJson<Manifest>("package.json");
  const folders = (root.workspaces ?? []).flatMap((pattern) =>
    pattern.endsWith("/*")
      ? fs.readdirSync(path.join(ROOT, pattern.slice(0, -2))).map((d) => `${pattern.slice(0, -2)}/${d}`)
      : [pattern],
  );
  return new Map([[".", root], ...folders.map((f): [string, Manifest] => [f, readJson(`${f}/package.json`)])]);
}

describe("tooling: one workspace, one version of each shared dependency", function () {
  it("one lockfile, at the root", function () {
    const lockfiles = [...manifests().keys()].filter(
      (folder) => folder !== "." && fs.existsSync(path.join(ROOT, folder, "package-lock.json")),
    );
    expect(lockfiles).to.deep.equal([]);
  });

  it("a package declared by two workspaces has one range, and each of them gets the same installed version", function () {
    const lock = lockPackages();
    // What a workspace imports: its own nested copy if npm made one, else the hoisted one at the root.
    const resolvedFor = (folder: string, name: string) =>
      (folder === "." ? undefined : lock[`${folder}/node_modules/${name}`]?.version) ??
      lock[`node_modules/${name}`]?.version;
    const ranges = new Map<string, Map<string, string>>();
    for (const [folder, manifest] of manifests()) {
      for (const [name, range] of declarations(manifest)) {
        ranges.set(name, (ranges.get(name) ?? new Map<string, string>()).set(folder, range));
      }
    }
    const shared = [...ranges].filter(([, byFolder]) => byFolder.size > 1);
    expect(shared.map(([name]) => name)).to.include.members(["viem", "typescript", "zod"]);
    for (const [name, byFolder] of shared) {
      const declared = JSON.stringify(Object.fromEntries(byFolder));
      expect(new Set(byFolder.values()), `${name} ranges ${declared}`).to.have.lengthOf(1);
      const resolved = new Set([...byFolder.keys()].map((folder) => resolvedFor(folder, name)));
      expect(resolved, `${name} installed for ${declared}`).to.have.lengthOf(1);
    }
  });

  it("every package our code imports is declared by the workspace that imports it", function () {
    const workspaces = manifests();
    const declared = new Map(
      [...workspaces].map(([folder, m]): [string, Set<string>] => [folder, new Set(declarations(m).map(([n]) => n))]),
    );
    const ownerOf = (file: string) =>
      [...workspaces.keys()].find((folder) => folder !== "." && file.startsWith(`${folder}/`)) ?? ".";
    // The dapp's alias for the generated contract map (frontend/vite.config.ts, tsconfig paths): not a package.
    const ALIASES = new Set(["@deployments"]);
    const specifier = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\(\s*|^import\s+)["']([^"'./][^"']*)["']/gm;
    const files = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.js", "*.mjs", "*.cjs"], {
      cwd: ROOT,
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean);
    const undeclared: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(path.join(ROOT, file), "utf8");
      for (const [, spec] of source.matchAll(specifier)) {
        // Built-ins, Vite's virtual modules, Ponder's (`ponder:schema`, `ponder:registry`, `ponder:api`).
        if (/^(node|virtual|ponder):/.test(spec)) continue;
        const name = spec
          .split("/")
          .slice(0, spec.startsWith("@") ? 2 : 1)
          .join("/");
        if (!ALIASES.has(name) && !declared.get(ownerOf(file))?.has(name)) undeclared.push(`${file}: ${name}`);
      }
    }
    expect(files.length).to.be.greaterThan(100);
    expect(undeclared).to.deep.equal([]);
  });

  it("the lockfile has every platform's optional packages, so `npm ci` accepts it on any OS and CPU", function () {
    const lock = lockPackages();
    // Where npm would find `name` for the package at `where`: its own node_modules, then each enclosing one.
    const resolves = (where: string, name: string) => {
      for (let dir = where; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf("/node_modules/")))) {
        if (lock[`${dir ? `${dir}/` : ""}node_modules/${name}`] !== undefined) return true;
        if (dir === "") return false;
      }
    };
    const missing = Object.entries(lock).flatMap(([where, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolves(where, name))
        .map((name) => `${where || "(root)"} -> ${name}`),
    );
    // Hardhat's EDR is one of them (the packages `npm ci` once rejected the lockfile for).
    expect(lock["node_modules/@nomicfoundation/edr-darwin-arm64"]).to.not.equal(undefined);
    expect(missing).to.deep.equal([]);
  });

  it("zod is one major across the whole tree (see docs/DECISIONS.md, Conventions)", function () {
    const majors = new Set([...(installedVersions().get("zod") ?? [])].map((v) => v.split(".")[0]));
    expect([...majors]).to.have.lengthOf(1);
  });
});
