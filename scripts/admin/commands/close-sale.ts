/** `close-sale` (Ethereum side): ends the sale there for good; the contract sends the final report to Base. */
import { Refusal } from "../../lib/cli.js";
import { fmtTime, needEthereum } from "../context.js";
import { call, onNetwork } from "../runner.js";

export const closeSale = onNetwork({
  names: ["close-sale"],
  usage: [
    "  close-sale      (Ethereum side; final: purchases there stop for good, unused quotas go to Base, the final report goes through the bridge;",
    "                  the owner at any time, anyone after the end time)",
  ].join("\n"),
  options: {},
  async run({ chain, out, header, execute }) {
    const presale = needEthereum(chain, "close-sale ends the Ethereum sale (Base's sale ends with the claim start)");
    header("close the Ethereum sale");
    if (await chain.presale.saleClosed())
      throw new Refusal(
        `the Ethereum sale is already closed (final); its final report went to Base through the bridge`,
      );
    const end = await chain.presale.endTime();
    const now = BigInt((await chain.conn.ethers.provider.getBlock("latest"))!.timestamp);
    out(
      now >= end
        ? `  end time ${fmtTime(end)} has passed: anyone may close`
        : `  end time ${fmtTime(end)} not reached: only the owner may close now`,
    );
    out(
      "  after this, every purchase on Ethereum reverts (SaleClosed) for good and every unused Ethereum quota goes to Base; Base learns both within minutes",
    );
    await execute(
      [call(presale, "Presale", "closeSale", [], "sale closed for good; final report sent to Base")],
      "Close Ethereum sale",
    );
  },
});
