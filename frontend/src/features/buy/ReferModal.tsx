import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fetchReferralUrl } from "../../shared/api.ts";
import { CopyIcon } from "../../shared/icons.tsx";
import { Modal } from "../../shared/Modal.tsx";
import { toast } from "../../shared/toast.ts";
import { useWallet } from "../../chain/index.ts";
import { closeReferModal, useBuyUi } from "./buyUi.ts";

export default function ReferModal() {
  const { t } = useTranslation();
  const { referOpen } = useBuyUi();
  const { address } = useWallet();
  const { data: url } = useQuery({
    queryKey: ["referral", address],
    queryFn: () => fetchReferralUrl(address!),
    enabled: !!address,
    staleTime: Infinity,
  });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      /* clipboard can be unavailable on http; the link stays selectable */
    }
    toast("success", t("refer.copied"), "", 4000);
  };
  return (
    <Modal
      open={referOpen}
      onClose={closeReferModal}
      title={t("refer.title")}
      testId="refer-modal"
      closeLabel={t("common.close")}
    >
      <p className="muted">{t("refer.desc")}</p>
      <div className="copy-field">
        <input
          readOnly
          value={url ?? ""}
          aria-label={t("refer.link_label")}
          data-testid="refer-link"
          onFocus={(e) => e.target.select()}
        />
        <button className="btn btn-primary" onClick={() => void copy()} data-testid="refer-copy">
          <CopyIcon /> {t("refer.copy")}
        </button>
      </div>
    </Modal>
  );
}
