/** `close-sale` (Ethereum side): ends the sale there for good; the contract sends the final report to Base. */
import { Refusal } from "../../lib/cli.js";
import { fmtTime } from "../context.js";
import { call, onNetwork } from "../runner.js";

export const closeSale = onNetwork({
  names: ["close-sale"],
  usage: [
    "  close-sale      (Ethereum side; final: purchases there stop for good and the final report goes to Base through the bridge;",
    "                  the owner at any time, anyone after the end time)",
  ].join("\n"),
  options: {},
  async run({ chain, out, header, execute }) {
    if (chain.info.role !== "eth")
      throw new Refusal(
        `${chain.info.name} is the Base side: close-sale ends the Ethereum sale (Base's sale ends with start-claim)`,
      );
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
      "  after this, every purchase on Ethereum reverts (SaleClosed) for good; Base learns the final total within minutes",
    );
    await execute(
      [call(chain.presale, "Presale", "closeSale", [], "sale closed for good; final report sent to Base")],
      "Close Ethereum sale",
    );
  },
});
