/** CLI entry of the owner commands: `npm run admin -- <command> --network <name> [--dry-run] [--safe out.json]`. */
import { runMain } from "../lib/cli.js";
import { runAdmin } from "./commands.js";

await runMain(() => runAdmin(process.argv.slice(2)));
