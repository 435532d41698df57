/**
 * `release-quota --round N --tokens T|--all` (Ethereum side, owner): gives part of Ethereum's quota of a round to Base.
 * Ethereum's quota only shrinks; Base can sell the tokens once Ethereum's next report reaches it (the keeper sends one).
 */
import { Refusal, UsageError } from "../../lib/cli.js";
import { needEthereum, parseUint } from "../context.js";
import { fmtTokens, readLadder, roundSize } from "../ladder.js";
import { call, onNetwork } from "../runner.js";

export const releaseQuota = onNetwork({
  names: ["release-quota"],
  usage: [
    "  release-quota   --round N (--tokens TOKENS | --all)   (Ethereum side: gives that much of Ethereum's quota of round N to Base;",
    "                  Base sells it once the next report arrives)",
  ].join("\n"),
  options: { round: { type: "string" }, tokens: { type: "string" }, all: { type: "boolean", default: false } },
  async run({ v, chain, out, header, execute }) {
    const presale = needEthereum(chain, "release-quota gives Ethereum's quota to Base");
    if (v.round === undefined) throw new UsageError("release-quota needs --round (1-based round number)");
    if ((v.tokens === undefined) === !v.all) throw new UsageError("release-quota needs one of --tokens and --all");
    if (await presale.saleClosed())
      throw new Refusal("the Ethereum sale is closed: its close already gave every unused quota to Base");
    const ladder = await readLadder(chain);
    const round1 = Number(parseUint(v.round, "--round (1-based round number)"));
    if (round1 < 1 || round1 > ladder.rounds.length)
      throw new Refusal(`--round ${round1}: there are ${ladder.rounds.length} rounds (1..${ladder.rounds.length})`);
    const i = round1 - 1;
    if (i < ladder.step)
      throw new Refusal(
        `Ethereum is already in round ${ladder.step + 1}: round ${round1} is over here (what Ethereum did not use of it goes to Base when a purchase or a manual move leaves it)`,
      );
    const r = ladder.rounds[i];
    const available = r.share - r.used;
    const tokens = v.all ? available : parseUint(v.tokens, "--tokens (whole tokens)");
    if (tokens === 0n)
      throw new Refusal(
        available === 0n
          ? `Ethereum has nothing left to give in round ${round1} (quota ${fmtTokens(r.share)}, used ${fmtTokens(r.used)})`
          : "--tokens must be positive",
      );
    if (tokens > available)
      throw new Refusal(
        `--tokens ${fmtTokens(tokens)}: Ethereum can give at most ${fmtTokens(available)} of round ${round1} (quota ${fmtTokens(r.share)}, used ${fmtTokens(r.used)})`,
      );
    header(`release Ethereum's quota of round ${round1}`);
    const size = roundSize(ladder.rounds, i);
    out(`  round ${round1}: ${fmtTokens(size)} tokens; Ethereum used ${fmtTokens(r.used)} of its quota`);
    out(`  Ethereum's quota: ${fmtTokens(r.share)} → ${fmtTokens(r.share - tokens)}`);
    out(
      `  Base's share:     ${fmtTokens(size - r.share)} → ${fmtTokens(size - r.share + tokens)} (Base books it with Ethereum's next report: the keeper sends one, or npm run admin -- relay --network ${chain.info.name})`,
    );
    await execute(
      [
        call(
          presale,
          "Presale",
          "releaseQuota",
          [BigInt(i), tokens],
          `round ${round1}: ${fmtTokens(tokens)} of Ethereum's quota to Base`,
        ),
      ],
      "Release Ethereum quota",
    );
  },
});
