import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { ROOT } from "../../../scripts/lib/networks.js";

type Manifest = { workspaces?: string[] } & Partial<Record<DependencyField, Record<string, string>>>;
type DependencyField = "dependencies" | "devDependencies" | "peerDependencies";
type Lockfile = { packages: Record<string, { version?: string }> };

const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")) as T;

/** Every version of each package that the lockfile installs, anywhere in the tree. */
function installedVersions(): Map<string, Set<string>> {
  const versions = new Map<string, Set<string>>();
  for (const [where, entry] of Object.entries(readJson<Lockfile>("package-lock.json").packages)) {
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
    const lock = readJson<Lockfile>("package-lock.json").packages;
    // What a workspace imports: its own nested copy if npm made one, else the hoisted one at the root.
    const resolvedFor = (folder: string, name: string) =>
      (folder === "." ? undefined : lock[`${folder}/node_modules/${name}`]?.version) ??
      lock[`node_modules/${name}`]?.version;
    const ranges = new Map<string, Map<string, string>>();
    for (const [folder, manifest] of manifests()) {
      for (const field of ["dependencies", "devDependencies", "peerDependencies"] as const) {
        for (const [name, range] of Object.entries(manifest[field] ?? {})) {
          ranges.set(name, (ranges.get(name) ?? new Map<string, string>()).set(folder, range));
        }
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

  it("zod is one major across the whole tree (see docs/DECISIONS.md, Conventions)", function () {
    const majors = new Set([...(installedVersions().get("zod") ?? [])].map((v) => v.split(".")[0]));
    expect([...majors]).to.have.lengthOf(1);
  });
});
