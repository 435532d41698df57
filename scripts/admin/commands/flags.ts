/** `flags`: sanctions screening (and its oracle), claim whitelist only, card providers restricted. */
import { ZeroAddress } from "ethers";
import { Refusal } from "../../lib/cli.js";
import type { PlannedCall } from "../../lib/exec.js";
import { parseAddress, parseBool } from "../context.js";
import { call, onNetwork } from "../runner.js";

export const flags = onNetwork({
  names: ["flags"],
  usage:
    "  flags           [--sanctions on|off [--sanctions-oracle 0x…]] [--claim-whitelist-only on|off] [--card-provider-restricted on|off]",
  options: {
    sanctions: { type: "string" },
    "sanctions-oracle": { type: "string" },
    "claim-whitelist-only": { type: "string" },
    "card-provider-restricted": { type: "string" },
  },
  async run({ v, chain, out, header, execute }) {
    const [sanctions, claimWl, cardRestricted] = await chain.presale.flags();
    const oracle = await chain.presale.sanctionsList();
    header("flags");
    out(
      `  now: sanctions ${sanctions} (oracle ${oracle}), claim whitelist only ${claimWl}, card providers restricted ${cardRestricted}`,
    );
    const calls: PlannedCall[] = [];
    const want = parseBool(v.sanctions, "--sanctions");
    const newOracle =
      v["sanctions-oracle"] !== undefined ? parseAddress(v["sanctions-oracle"], "--sanctions-oracle") : oracle;
    if (want !== undefined || newOracle !== oracle) {
      const on = want ?? sanctions;
      if (on && newOracle === ZeroAddress)
        throw new Refusal("sanctions screening needs an oracle: pass --sanctions-oracle");
      if (on && (await chain.conn.ethers.provider.getCode(newOracle)) === "0x") {
        throw new Refusal(`unknown address: ${newOracle} has no code on ${chain.info.name} (not a sanctions oracle)`);
      }
      if (on !== sanctions || newOracle !== oracle)
        calls.push(
          call(
            chain.presale,
            "Presale",
            "setSanctions",
            [newOracle, on],
            `sanctions ${sanctions} → ${on}, oracle ${newOracle}`,
          ),
        );
    }
    const cw = parseBool(v["claim-whitelist-only"], "--claim-whitelist-only");
    if (cw !== undefined && cw !== claimWl)
      calls.push(
        call(chain.presale, "Presale", "setClaimWhitelistOnly", [cw], `claim whitelist only ${claimWl} → ${cw}`),
      );
    const cr = parseBool(v["card-provider-restricted"], "--card-provider-restricted");
    if (cr !== undefined && cr !== cardRestricted) {
      calls.push(
        call(
          chain.presale,
          "Presale",
          "setCardProviderRestricted",
          [cr],
          `card providers restricted ${cardRestricted} → ${cr}`,
        ),
      );
    }
    await execute(calls, "Presale flags");
  },
});
