/**
 * Hardhat hook (registered in hardhat.config.ts): after each successful build, writes the TypeChain types of the OP
 * Stack contracts (scripts/lib/opstack-artifacts.ts) to typechain-types/opstack/, next to Hardhat's own TypeChain
 * output, so the tooling and the tests call them type-checked against the package's ABIs.
 */
import path from "node:path";
import type { SolidityHooks } from "hardhat/types/hooks";
import { runTypeChain } from "typechain";
import { OPSTACK_CONTRACTS, opStackArtifactPath } from "./opstack-artifacts.js";

export async function writeOpStackTypes(outDir: string): Promise<void> {
  const files = OPSTACK_CONTRACTS.map((name) => opStackArtifactPath(name));
  await runTypeChain({
    cwd: path.dirname(outDir),
    allFiles: files,
    filesToProcess: files,
    outDir: path.join(outDir, "opstack"),
    target: "ethers-v6",
    flags: {
      node16Modules: true,
      alwaysGenerateOverloads: false,
      discriminateTypes: false,
      tsNocheck: false,
      environment: undefined,
    },
  });
}

export default (): Promise<Partial<SolidityHooks>> =>
  Promise.resolve({
    processArtifactsAfterSuccessfulBuild: async (context) => {
      await writeOpStackTypes(context.config.typechain.outDir ?? path.join(context.config.paths.root, "types"));
    },
  });
