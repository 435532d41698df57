// Local-shape Ethereum-side system for `hardhat ignition deploy` (prefer `npm run deploy`, which validates the
// parameter file first and writes deployments/). Parameters: ignition/parameters/<network>.json, `npm run deploy -- --emit-ignition-params`.
import { buildSystemModule, localShape } from "./System.js";
export default buildSystemModule(localShape("eth"));
