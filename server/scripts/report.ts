/** reports/chaos.json is written by two benches (the server's kills, the keeper's and relayer's): each its section. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const out = path.resolve(import.meta.dirname, "../../reports/chaos.json");

/** Merges `section` into reports/chaos.json under `name`; returns the file's path. */
export function writeSection(name: string, section: unknown): string {
  const report = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, "utf8")) as Record<string, unknown>) : {};
  report[name] = section;
  report.machine = { cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.arch()}` };
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(report, null, 2) + "\n");
  return out;
}
