// Local-shape Base-side system for `hardhat ignition deploy` (prefer `npm run deploy`, see EthSystem.ts).
import { buildSystemModule, localShape } from "./System.js";
export default buildSystemModule(localShape("base"));
