/**
 * `flags`: sanctions screening (and its oracle) on either side; on Base also claim whitelist only and card providers
 * restricted (claims and card purchases exist there only).
 */
import { ZeroAddress } from "ethers";
import { Refusal } from "../../lib/cli.js";
import { scanLogs } from "../../lib/crosschain.js";
import type { PlannedCall } from "../../lib/exec.js";
import { needBase, parseAddress, parseBool, type ChainCtx } from "../context.js";
import { call, onNetwork } from "../runner.js";

/**
 * Whether screening is on. Base answers `flags()`; the Ethereum presale has no view of it, so its last
 * `SanctionsUpdated` event says (the deployment emits one when it sets the oracle).
 */
async function sanctionsOn(chain: ChainCtx): Promise<boolean> {
  if (chain.basePresale) return (await chain.basePresale.flags())[0];
  const topic = chain.presale.interface.getEvent("SanctionsUpdated").topicHash;
  const head = await chain.conn.ethers.provider.getBlockNumber();
  const logs = await scanLogs(
    chain.conn,
    { address: chain.record.contracts.Presale.address, topics: [topic] },
    chain.record.contracts.Presale.deployBlock,
    head,
  );
  const last = logs.at(-1);
  return last === undefined ? false : Boolean(chain.presale.interface.parseLog(last)?.args.enabled);
}

export const flags = onNetwork({
  names: ["flags"],
  usage:
    "  flags           [--sanctions on|off [--sanctions-oracle 0x…]] [--claim-whitelist-only on|off] [--card-provider-restricted on|off] (the last two: Base side)",
  options: {
    sanctions: { type: "string" },
    "sanctions-oracle": { type: "string" },
    "claim-whitelist-only": { type: "string" },
    "card-provider-restricted": { type: "string" },
  },
  async run({ v, chain, out, header, execute }) {
    const sanctions = await sanctionsOn(chain);
    const oracle = await chain.presale.sanctionsList();
    const cw = parseBool(v["claim-whitelist-only"], "--claim-whitelist-only");
    const cr = parseBool(v["card-provider-restricted"], "--card-provider-restricted");
    const base =
      cw !== undefined || cr !== undefined || chain.basePresale
        ? needBase(chain, "--claim-whitelist-only and --card-provider-restricted apply to claims and card purchases")
        : undefined;
    header("flags");
    const [, claimWl, cardRestricted] = base ? await base.flags() : [sanctions, false, false];
    out(
      base
        ? `  now: sanctions ${sanctions} (oracle ${oracle}), claim whitelist only ${claimWl}, card providers restricted ${cardRestricted}`
        : `  now: sanctions ${sanctions} (oracle ${oracle})`,
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
    if (base && cw !== undefined && cw !== claimWl)
      calls.push(call(base, "Presale", "setClaimWhitelistOnly", [cw], `claim whitelist only ${claimWl} → ${cw}`));
    if (base && cr !== undefined && cr !== cardRestricted) {
      calls.push(
        call(base, "Presale", "setCardProviderRestricted", [cr], `card providers restricted ${cardRestricted} → ${cr}`),
      );
    }
    await execute(calls, "Presale flags");
  },
});
