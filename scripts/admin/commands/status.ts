/** `status`: the state of both chains of a pair in one table (see ../status.ts). */
import { status as showStatus } from "../status.js";
import type { Command } from "../runner.js";

export const status: Command = {
  names: ["status"],
  usage: "  status          [--pair local|testnet|mainnet | --network X]   state of both chains in one table",
  run: (_name, argv, env, out) => showStatus(argv, env, out),
};
