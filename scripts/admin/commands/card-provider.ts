/** `card-provider allow|deny --address 0x…` (Base side): who may buy for users with a card (CARD_PROVIDER_ROLE). */
import { Refusal, UsageError } from "../../lib/cli.js";
import type { PlannedCall } from "../../lib/exec.js";
import { needBase, parseAddress } from "../context.js";
import { call, onNetwork } from "../runner.js";

export const cardProvider = onNetwork({
  names: ["card-provider"],
  usage: "  card-provider allow|deny --address 0x… [--address 0x…]                               (Base side)",
  options: { address: { type: "string", multiple: true } },
  async run({ v, positionals, chain, out, header, execute }) {
    const action = positionals[0];
    if (action !== "allow" && action !== "deny") throw new UsageError('card-provider needs "allow" or "deny"');
    const addrs = (v.address ?? []).map((a) => parseAddress(a, "--address"));
    if (addrs.length === 0) throw new UsageError("card-provider needs --address");
    const presale = needBase(chain, "card purchases exist on Base only");
    const role = await presale.CARD_PROVIDER_ROLE();
    header(`card provider ${action}`);
    const calls: PlannedCall[] = [];
    for (const a of addrs) {
      const has = await presale.hasRole(role, a);
      if (action === "deny" && !has)
        throw new Refusal(`unknown address: ${a} is not a card provider on ${chain.info.name}`);
      if (action === "allow" && has) {
        out(`  ${a} is already a card provider`);
        continue;
      }
      if (action === "allow")
        calls.push(
          call(presale, "Presale", "grantRole", [role, a], `allow ${a} to buy for users (CARD_PROVIDER_ROLE)`),
        );
      else calls.push(call(presale, "Presale", "revokeRole", [role, a], `deny ${a} (revoke CARD_PROVIDER_ROLE)`));
    }
    await execute(calls, `Card provider ${action}`);
  },
});
