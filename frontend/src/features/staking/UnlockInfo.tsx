// The unlock time as a date and a countdown (days, hours, minutes, seconds).
import { useTranslation } from "react-i18next";
import { HTML_LANG, isLang } from "../i18n/index.ts";
import { computeCountdown } from "../../presale/index.ts";

/** Formats unix seconds as a date and time in the page language. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const tag = isLang(i18n.language) ? HTML_LANG[i18n.language] : "en";
  return (sec: number) =>
    sec > 0 ? new Date(sec * 1000).toLocaleString(tag, { dateStyle: "medium", timeStyle: "short" }) : "—";
}

export function UnlockCountdown({
  unlockTime,
  nowSec,
  testId = "unlock-countdown",
}: {
  unlockTime: number;
  nowSec: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const cd = computeCountdown(nowSec, [unlockTime], 0);
  const cells: [string, string, string][] = [
    [cd.days, t("widget.days"), "days"],
    [cd.hours, t("widget.hours"), "hours"],
    [cd.minutes, t("widget.minutes"), "minutes"],
    [cd.seconds, t("widget.seconds"), "seconds"],
  ];
  return (
    <div className="countdown unlock-countdown" data-testid={testId} role="timer">
      {cells.map(([v, l, id]) => (
        <div className="countdown-cell" key={id}>
          <strong data-testid={`${testId}-${id}`}>{v}</strong>
          <span>{l}</span>
        </div>
      ))}
    </div>
  );
}
