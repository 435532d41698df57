import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TIMINGS } from "../../config/constants.ts";
import { useInterval } from "../../shared/hooks.ts";
import { computeCountdown, PRESALE_END_EVENT } from "../../presale/index.ts";

/** Starts once the sold-token data has arrived; ticks every second; broadcasts PRESALE-END at zero and stops. */
function useCountdown(endDates: number[], currentStep: number, started: boolean) {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  const cd = computeCountdown(now, endDates, currentStep);
  const ended = started && cd.diff === 0;
  const fired = useRef(false);
  useInterval(() => setNow(Math.floor(Date.now() / 1000)), started && !ended ? TIMINGS.countdownTickMs : null);
  useEffect(() => {
    if (ended && !fired.current) {
      fired.current = true;
      window.dispatchEvent(new CustomEvent(PRESALE_END_EVENT));
    }
  }, [ended]);
  return cd;
}

export function Countdown({
  endDates,
  currentStep,
  started,
}: {
  endDates: number[];
  currentStep: number;
  started: boolean;
}) {
  const { t } = useTranslation();
  const cd = useCountdown(endDates, currentStep, started);
  const cells: [string, string][] = [
    [cd.days, t("widget.days")],
    [cd.hours, t("widget.hours")],
    [cd.minutes, t("widget.minutes")],
    [cd.seconds, t("widget.seconds")],
  ];
  return (
    <div className="countdown" data-testid="countdown">
      {cells.map(([v, l], i) => (
        <div className="countdown-cell" key={i}>
          <strong data-testid={`countdown-${["days", "hours", "minutes", "seconds"][i]}`}>{started ? v : "--"}</strong>
          <span>{l}</span>
        </div>
      ))}
    </div>
  );
}
