// The Base-only rule in the card form (PRODUCT.md §5): card payments settle on Base. On another chain the form
// says so and offers the switch (Buy with card also asks before it starts).
import { useTranslation } from "react-i18next";
import { env } from "../../config/env.ts";
import { useEnsureChain } from "../wallet/index.ts";
import { useWallet } from "../../chain/index.ts";

export function CardBaseNotice() {
  const { t } = useTranslation();
  const { chainId } = useWallet();
  const { ensure } = useEnsureChain();
  const chain = env.base.chainName;
  if (chainId === env.base.chainIdInt) {
    return (
      <p className="muted small center" style={{ margin: 0 }} data-testid="card-base-note">
        {t("card.base_note", { chain })}
      </p>
    );
  }
  return (
    <p className="muted small center" style={{ margin: 0 }} data-testid="card-base-note">
      {t("card.base_switch_note", { chain })}{" "}
      <button className="link" onClick={() => void ensure(env.base, false)} data-testid="card-switch-base">
        {t("swap.switch_to", { chain })}
      </button>
    </p>
  );
}
