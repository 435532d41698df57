// Local-shape Ethereum-side system for `hardhat ignition deploy` (prefer `npm run deploy`, which validates the
// parameter file first, deploys OP's bridge contracts on a local chain and writes deployments/). Parameters: ignition/parameters/<network>.json, `npm run deploy -- --emit-ignition-params` (`messenger`: an L1CrossDomainMessenger).
import { buildSystemModule, localShape } from "./System.js";
export default buildSystemModule(localShape("eth"));
