// The buy widget: countdown, progress, claimable / stakeable lines, price line, refer-and-earn, the no-wallet
// buttons or the swap form, the links below it, and the click-block while a transaction is pending.
import { useQuery } from "@tanstack/react-query";
import { lazy, memo, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { env } from "../../config/env.ts";
import { fetchReferralUrl } from "../../shared/api.ts";
import { formatBalance, formatPrice, formatUsd } from "../../shared/format.ts";
import { CardHost } from "../card/index.ts";
import { openConnectModal, openPromoModalDelayed } from "../wallet/index.ts";
import { useWallet } from "../../chain/index.ts";
import { loadClaimActions } from "../staking/index.ts";
import { openReferModal, setBuyMode, setPayToken, useBuyUi } from "./buyUi.ts";
import { Countdown } from "./Countdown.tsx";
import { saleBlock, nativeOf, tokenById, type PresaleView } from "../../presale/index.ts";
import { InfoTip } from "./InfoTip.tsx";
import { SwapForm } from "./SwapForm.tsx";
import { isBlocking, useSwapState } from "./swapMachine.ts";

// Claim / claim-and-stake under the claimable line (the claim component), loaded once a wallet is connected.
const ClaimActions = lazy(loadClaimActions);

/** Memoised: the home page hands it a deferred copy of the presale data (HomePage.tsx). */
export const BuyWidget = memo(function BuyWidget({ data }: { data: PresaleView }) {
  const { t } = useTranslation();
  const { address, chainId, isConnected } = useWallet();
  const swap = useSwapState();
  const { tokenId } = useBuyUi();
  const referral = useQuery({
    queryKey: ["referral", address],
    queryFn: () => fetchReferralUrl(address!),
    enabled: !!address,
    staleTime: Infinity,
    retry: 1,
  });

  useEffect(() => {
    const chain = chainId === env.base.chainIdInt ? "base" : chainId === env.eth.chainIdInt ? "eth" : undefined;
    if (chain && tokenById(tokenId).chain !== chain) setPayToken(nativeOf(chain).id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the wallet's chain only, not the visitor's choice
  }, [chainId]);

  const blocked = isBlocking(swap.status);
  const endDates = data.rounds.map((r) => r.endTime);
  // Each chain walks its own share of the ladder: the round and price shown are those of the buyer's chain (the
  // chain of the token chosen), which its quotes charge; the stage figures fall back to the shared view.
  const buyerChain = data[tokenById(tokenId).chain];
  const buyerRounds = buyerChain?.rounds.length ? buyerChain.rounds : undefined;
  const step = buyerRounds ? Math.min(buyerChain!.currentStep, buyerRounds.length - 1) : data.currentStep;
  const price = buyerRounds && data.loaded ? (buyerRounds[step]?.price ?? data.price) : data.price;
  const nextPrice = buyerRounds ? buyerRounds[step + 1]?.price : data.nextPrice;
  return (
    <div className="widget" id="buy-widget" data-testid="buy-widget" aria-busy={blocked}>
      {blocked && <div className="click-block" data-testid="click-block" />}
      <div className="widget-head">
        <span className="badge" data-testid="stage-label">
          {t("widget.stage", { n: step + 1, total: data.rounds.length })}
        </span>
        <h2 className="widget-title">{t("widget.title", { token: env.tokenName })}</h2>
        <p className="muted small">{t("widget.ends_in")}</p>
        <Countdown endDates={endDates} currentStep={step} started={data.loaded} />
      </div>
      <div className="progress-wrap">
        <div
          className="progress"
          role="progressbar"
          aria-label={t("widget.progress_label")}
          aria-valuenow={Math.round(data.raisedPercent)}
          aria-valuemin={0}
          aria-valuemax={100}
          data-testid="raised-progress"
        >
          <span style={{ width: `${data.raisedPercent}%` }} />
        </div>
        <p className="progress-label small" data-testid="usd-raised">
          {t("widget.usd_raised")}: <strong>{formatUsd(data.usdRaised)}</strong> / {formatUsd(data.maxUsd)}
        </p>
      </div>
      {isConnected && (
        <div className="claim-lines">
          <p data-testid="claimable-line">
            {t("widget.your_purchased", { token: env.tokenName })}{" "}
            <strong data-testid="claimable-amount">{formatBalance(data.userClaimable)}</strong>{" "}
            <InfoTip text={t("widget.purchased_info")} testId="claimable-info" />
          </p>
          <p data-testid="stakeable-line">
            {t("widget.your_stakeable", { token: env.tokenName })}{" "}
            <strong data-testid="stakeable-amount">{formatBalance(data.stakeable)}</strong>{" "}
            <InfoTip text={t("widget.stakeable_info")} testId="stakeable-info" />
          </p>
          <Suspense fallback={null}>
            <ClaimActions data={data} />
          </Suspense>
        </div>
      )}
      <div className="price-line" data-testid="price-line">
        <span>
          1 {env.tokenName} = <strong>{formatPrice(price)}</strong>
        </span>
        {nextPrice && (
          <span className="muted small">
            {t("widget.next_price")}: {formatPrice(nextPrice)}
          </span>
        )}
      </div>
      {data.stale && (
        <p className="muted small center" data-testid="stale-data">
          {t("widget.stale")}
        </p>
      )}
      {isConnected && referral.data && (
        <button className="btn btn-ghost btn-block btn-sm" onClick={openReferModal} data-testid="refer-earn">
          {t("widget.refer_earn")}
        </button>
      )}
      {isConnected ? (
        <SwapForm data={data} variant="dropdown" inModal={false} />
      ) : (
        <div className="nowallet-buttons">
          {(["eth", "base"] as const).map((k) => {
            const reason = saleBlock(data[k]);
            return (
              reason && (
                <p key={k} className="warn small" role="status" data-testid={`sale-${k}-${reason}`}>
                  {t(`sale.${reason}`, { chain: env[k].chainName })}
                </p>
              )
            );
          })}
          <button
            className="btn btn-native btn-block"
            onClick={() => {
              setBuyMode("card");
              openConnectModal();
            }}
            data-testid="buy-card"
          >
            {t("widget.buy_card")}
          </button>
          <button
            className="btn btn-outline btn-block"
            onClick={() => {
              setBuyMode("crypto");
              openConnectModal();
            }}
            data-testid="buy-crypto"
          >
            {t("widget.buy_crypto")}
          </button>
        </div>
      )}
      <div className="widget-foot small">
        {isConnected && chainId === env.eth.chainIdInt && (
          <a href={env.buyEthCardUrl} target="_blank" rel="noreferrer" className="link" data-testid="not-enough-eth">
            {t("widget.not_enough_eth")}
          </a>
        )}
        {!isConnected && (
          <button className="link" onClick={openPromoModalDelayed} data-testid="no-wallet-link">
            {t("widget.no_wallet")}
          </button>
        )}
        <p className="muted powered" data-testid="powered-by">
          {t("widget.powered_by", { wallet: env.partnerWalletName })}
        </p>
      </div>
      <CardHost />
    </div>
  );
});
