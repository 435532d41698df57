import { useState } from "react";
import { InfoIcon } from "../../shared/icons.tsx";

export function InfoTip({ text, testId }: { text: string; testId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <span className="infotip">
      <button
        className="icon-btn icon-btn-xs"
        onClick={() => setOpen((o) => !o)}
        onBlur={() => setOpen(false)}
        aria-label={text}
        data-testid={testId}
      >
        <InfoIcon />
      </button>
      {open && (
        <span className="infotip-pop" role="tooltip" data-testid={`${testId}-popup`}>
          {text}
        </span>
      )}
    </span>
  );
}
