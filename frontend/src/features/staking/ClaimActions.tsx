// Claim and Claim-and-stake for the home buy widget (PRODUCT.md §2: the claimable line lives there). The buy feature mounts
// <ClaimActions data={data} /> under its claimable / stakeable lines; it renders the two buttons while the user has
// something to claim on Base, and the claim modal (progress, success with a link to the staking page, rejection).
import "./staking.css";
import { useTranslation } from "react-i18next";
import type { PresaleView } from "../../presale/index.ts";
import { isRunning, useFlow } from "./stakingMachine.ts";
import { ClaimModal } from "./StakingModals.tsx";
import { useStakingActions } from "./useStakingActions.ts";
import { useStakeView } from "./useStakingData.ts";

export default function ClaimActions({ data }: { data: PresaleView }) {
  const { t } = useTranslation();
  const view = useStakeView(data);
  const actions = useStakingActions(data, view);
  const busy = isRunning(useFlow());
  return (
    <>
      {view.connected && view.baseClaimable > 0 && (
        <div className="claim-actions" data-testid="claim-actions">
          <button
            className="btn btn-ghost btn-sm"
            disabled={busy}
            onClick={() => void actions.claim()}
            data-testid="claim-tokens"
          >
            {t("staking.claim")}
          </button>
          <button
            className="btn btn-outline btn-sm"
            disabled={busy}
            onClick={() => void actions.claimAndStake()}
            data-testid="claim-and-stake"
          >
            {t("staking.claim_and_stake")}
          </button>
        </div>
      )}
      <ClaimModal />
    </>
  );
}
