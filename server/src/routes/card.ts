/** POST /api/card/session: signed options for the card widget, priced from the chain. */
import crypto from "node:crypto";
import type { CardSessionAnswer } from "@shaft/card-options";
import type { FastifyInstance } from "fastify";
import { BaseError, ContractFunctionRevertedError, RawContractError } from "viem";
import { commodityAmount, encodeCardPurchase, signCardOptions } from "../card.ts";
import { presaleAbi as abi } from "../contracts.ts";
import { HttpError, parse, UnavailableError } from "../http.ts";
import { cardSessionBody } from "../schemas.ts";
import type { Deps } from "../app.ts";
import { clientIp } from "../ip.ts";

/** Maps a failed chain call to a 4xx (the contract refused: the buyer can't buy this now) or a 503 (RPC trouble). */
export function chainError(e: unknown, what: string): HttpError {
  if (e instanceof BaseError) {
    const revert = e.walk((x) => x instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError | null;
    if (revert) {
      const name = revert.data?.errorName ?? revert.reason ?? "unknown reason";
      const args = revert.data?.args?.map((a) => String(a)).join(", ");
      return new HttpError(422, "purchase_not_possible", `${what} reverted: ${name}${args ? `(${args})` : ""}`);
    }
    // A revert the ABI cannot name (e.g. a require without reason) is still the contract refusing, not the RPC.
    if (e.walk((x) => x instanceof RawContractError) || /revert/i.test(e.shortMessage)) {
      return new HttpError(422, "purchase_not_possible", `${what} reverted: ${e.shortMessage.split("\n")[0]}`);
    }
  }
  return new UnavailableError("rpc_unavailable", `${what} failed: the chain could not be reached`);
}

export default function cardRoutes(app: FastifyInstance, deps: Deps, done: (err?: Error) => void) {
  const { config, chains, repo } = deps;
  const card = config.card;

  app.post(
    "/api/card/session",
    { config: { rateLimit: { max: config.rateLimit.cardMax, timeWindow: config.rateLimit.windowMs } } },
    async (req, reply) => {
      const body = parse(cardSessionBody, req.body);
      if (body.tokenAmount < card.minTokens) {
        throw new HttpError(400, "invalid_input", `tokenAmount: must be at least ${card.minTokens} tokens`);
      }
      const presale = chains.presale(card.chainId);
      if (!card.signerPrivateKey || !card.partnerId || !presale) {
        throw new HttpError(503, "card_unavailable", "card payments are not configured on this server");
      }
      const client = chains.client(card.chainId);

      let ethNeeded: bigint;
      try {
        ethNeeded = await client.readContract({
          address: presale,
          abi,
          functionName: "ethBuyHelper",
          args: [body.tokenAmount],
        });
      } catch (e) {
        throw chainError(e, "ethBuyHelper");
      }
      if (ethNeeded <= 0n)
        throw new HttpError(422, "purchase_not_possible", "the presale quoted no price for this amount");
      const amount = commodityAmount(ethNeeded);
      const data = encodeCardPurchase(body.address, body.tokenAmount, body.stake);

      // Dry-run the provider's purchase so the buyer is never charged for a transaction the contract would refuse
      // (paused, over maxTokensToBuy, blacklisted, staking unavailable...). The provider gets a balance override.
      if (card.providerAddress) {
        try {
          await client.simulateContract({
            account: card.providerAddress,
            address: presale,
            abi,
            functionName: "buyWithETHWert",
            args: [body.address, body.tokenAmount, body.stake],
            value: amount.wei,
            stateOverride: [{ address: card.providerAddress, balance: amount.wei * 2n + 10n ** 18n }],
          });
        } catch (e) {
          throw chainError(e, "buyWithETHWert");
        }
      }

      const signed = signCardOptions(
        {
          address: body.address,
          commodity: card.commodity,
          commodity_amount: amount.value,
          network: card.network,
          sc_address: presale,
          sc_input_data: data,
        },
        card.signerPrivateKey,
      );
      const clickId = crypto.randomUUID();
      await repo.recordCardSession({
        clickId,
        address: body.address,
        tokenAmount: body.tokenAmount.toString(),
        stake: body.stake,
        chainId: card.chainId,
        scAddress: presale,
        ethNeededWei: ethNeeded.toString(),
        commodityAmount: amount.text,
        ipAddress: clientIp(req),
      });
      req.log.info(
        { clickId, address: body.address, tokens: body.tokenAmount.toString(), stake: body.stake, eth: amount.text },
        "card session",
      );

      const answer: CardSessionAnswer = {
        data: {
          partner_id: card.partnerId,
          origin: card.origin,
          click_id: clickId,
          lang: card.lang,
          theme: card.theme,
          currency: card.currency,
          extra: { item_info: { name: card.tokenSymbol, category: "Presale" } },
          ...signed,
        },
        meta: {
          chainId: card.chainId,
          tokenAmount: body.tokenAmount.toString(),
          stake: body.stake,
          ethNeededWei: ethNeeded.toString(),
          commodityAmountWei: amount.wei.toString(),
          quotedAt: new Date().toISOString(),
        },
      };
      return reply.code(200).send(answer);
    },
  );
  done();
}
