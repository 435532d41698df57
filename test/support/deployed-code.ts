/**
 * A command that deploys without compiling, as the benchmarks and the owner tools do: both local systems deployed
 * with the real deployment code (scripts/lib/deploy.ts) on in-process chains, into the folder given as argument.
 * Prints one JSON line: each contract it deployed from this build, by artifact name, with the code now at its address.
 * Run by test/mocha/tooling/coverage-build.test.ts in a process of its own (no artifact cached from earlier tests).
 */
import { network } from "hardhat";
import { deploySystem, loadNetworkParams, type Connection } from "../../scripts/lib/deploy.js";
import { OPSTACK_CONTRACTS, type OpStackContract } from "../../scripts/lib/opstack-artifacts.js";

const outDir = process.argv[2];
if (outDir === undefined) throw new Error("usage: tsx test/support/deployed-code.ts <output folder>");
const eth: Connection = await network.create("hardhatEth");
const base: Connection = await network.create("hardhatBase");
const anchor = Number((await eth.ethers.provider.getBlock("latest"))!.timestamp);
const deployed: { artifact: string; code: string }[] = [];
for (const [conn, name] of [
  [eth, "localEth"],
  [base, "localBase"],
] as const) {
  const record = await deploySystem(conn, loadNetworkParams(name), { outDir, anchor });
  for (const c of Object.values(record.contracts)) {
    // OP's bridge contracts are the package's bytecode (contracts-bedrock), never built here.
    if (c.external || OPSTACK_CONTRACTS.includes(c.artifact as OpStackContract)) continue;
    deployed.push({ artifact: c.artifact, code: await conn.ethers.provider.getCode(c.address) });
  }
}
console.log(JSON.stringify(deployed));
