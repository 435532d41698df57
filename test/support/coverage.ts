import { globalOptions } from "hardhat";

/**
 * Whether this run is `hardhat test --coverage`: the bytecode is instrumented, so gas figures are inflated and gas
 * stipends run out sooner, and the deployed code is not what a node or the stack would run. Tests that measure gas or
 * start the real stack skip themselves under it; the plain `npm test` run asserts them.
 */
export function underCoverage(): boolean {
  return (globalOptions as { coverage?: boolean }).coverage === true;
}
