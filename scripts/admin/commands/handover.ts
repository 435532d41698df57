/** `handover --to 0xSafe`: starts the admin transfer of Presale and the ownership transfer of Staking. */
import { Refusal } from "../../lib/cli.js";
import type { PlannedCall } from "../../lib/exec.js";
import { NETWORKS } from "../../lib/networks.js";
import { parseAddress } from "../context.js";
import { call, onNetwork } from "../runner.js";

export const handover = onNetwork({
  names: ["handover"],
  usage:
    "  handover        --to 0xSafe     (starts the admin transfer of Presale and the ownership transfer of Staking)",
  options: { to: { type: "string" } },
  async run({ v, chain, out, header, execute }) {
    const to = parseAddress(v.to, "--to");
    const code = await chain.conn.ethers.provider.getCode(to);
    if (code === "0x" && !NETWORKS[chain.info.name].local)
      throw new Refusal(`--to ${to} has no code on ${chain.info.name}: expected the Safe`);
    header(`hand ownership to ${to}`);
    const calls: PlannedCall[] = [
      call(
        chain.presale,
        "Presale",
        "beginDefaultAdminTransfer",
        [to],
        `owner → ${to} (the Safe calls acceptDefaultAdminTransfer() after the admin delay)`,
      ),
    ];
    const adminRole = await chain.presale.ADMIN_ROLE();
    if (!(await chain.presale.hasRole(adminRole, to)))
      calls.push(call(chain.presale, "Presale", "grantRole", [adminRole, to], `ADMIN_ROLE to ${to}`));
    if (chain.staking)
      calls.push(
        call(
          chain.staking,
          "Staking",
          "transferOwnership",
          [to],
          `Staking owner → ${to} (the Safe calls acceptOwnership())`,
        ),
      );
    await execute(calls, "Hand over ownership");
    out(
      `next: from the Safe, call Presale.acceptDefaultAdminTransfer()${chain.staking ? " and Staking.acceptOwnership()" : ""}; then revoke the deployer's ADMIN_ROLE.`,
    );
  },
});
