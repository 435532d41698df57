// Inline SVG icons (no icon font, no library).
import type { SVGProps } from "react";

const I = (p: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden {...p} />
);

export const CloseIcon = () => (
  <I>
    <path d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z" />
  </I>
);
export const ChevronDown = () => (
  <I width="16" height="16">
    <path d="m7 10 5 5 5-5z" />
  </I>
);
export const InfoIcon = () => (
  <I width="14" height="14">
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z" />
  </I>
);
export const CopyIcon = () => (
  <I width="18" height="18">
    <path d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11z" />
  </I>
);
export const MenuIcon = () => (
  <I>
    <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
  </I>
);
export const CheckIcon = () => (
  <I width="40" height="40">
    <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
  </I>
);
export const WarnIcon = () => (
  <I width="40" height="40">
    <path d="M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z" />
  </I>
);

const SOCIAL_PATHS: Record<string, string> = {
  tiktok: "M16.5 3c.4 2.2 1.9 3.7 4 4v3c-1.5 0-2.9-.5-4-1.3V15a6 6 0 1 1-6-6v3.1a3 3 0 1 0 3 2.9V3z",
  instagram:
    "M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm5 5a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm5.5-3.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z",
  youtube:
    "M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .4-3.8 31 31 0 0 0-.4-3.8zM10 15V9l5.2 3z",
  linkedin:
    "M4 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM2.5 8.5h3V21h-3zm6 0h2.9v1.7c.4-.8 1.4-1.9 3.4-1.9 3.1 0 3.7 2 3.7 4.7V21h-3v-7c0-1.4-.3-2.6-1.8-2.6s-2.2 1.1-2.2 2.6v7h-3z",
  x: "M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z",
  discord:
    "M20 5.3A17 17 0 0 0 15.7 4l-.5 1a15.5 15.5 0 0 0-6.4 0l-.5-1A17 17 0 0 0 4 5.3 18 18 0 0 0 1 17.5a17 17 0 0 0 5.2 2.6l1.1-1.8-1.8-.9.4-.3a12 12 0 0 0 12.2 0l.4.3-1.8.9 1.1 1.8a17 17 0 0 0 5.2-2.6A18 18 0 0 0 20 5.3zM8.7 15c-1 0-1.9-1-1.9-2.2s.8-2.2 1.9-2.2 1.9 1 1.9 2.2-.8 2.2-1.9 2.2zm6.6 0c-1 0-1.9-1-1.9-2.2s.8-2.2 1.9-2.2 1.9 1 1.9 2.2-.8 2.2-1.9 2.2z",
  medium:
    "M13.5 12a6.2 6.2 0 1 1-12.4 0 6.2 6.2 0 0 1 12.4 0zm6.8 0c0 3.2-1.4 5.8-3.1 5.8s-3.1-2.6-3.1-5.8 1.4-5.8 3.1-5.8 3.1 2.6 3.1 5.8zM23 12c0 2.9-.5 5.2-1.1 5.2s-1.1-2.3-1.1-5.2.5-5.2 1.1-5.2S23 9.1 23 12z",
  telegram:
    "M21.9 4.3 18.7 19.5c-.2 1-.9 1.3-1.7.8l-4.8-3.5-2.3 2.2c-.3.3-.5.5-1 .5l.3-4.9 8.9-8c.4-.3-.1-.5-.6-.2L6.5 13.3l-4.7-1.5c-1-.3-1-1 .2-1.5l18.5-7.1c.9-.3 1.6.2 1.4 1.1z",
};

export function SocialIcon({ name }: { name: string }) {
  return (
    <I>
      <path d={SOCIAL_PATHS[name] ?? ""} />
    </I>
  );
}

/** A token's icon: its colour and the mark drawn on it (the payment tokens' are in presale/payTokens.ts). */
export type TokenIconSpec = { fill: string; mark: "eth" | "base" | "dollar" | "sale" };
/** The sale token's. */
export const SALE_TOKEN_ICON: TokenIconSpec = { fill: "#f5b82e", mark: "sale" };

export function TokenIcon({ icon, size = 28 }: { icon: TokenIconSpec; size?: number }) {
  const { fill, mark } = icon;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden className="token-icon">
      <circle cx="16" cy="16" r="16" fill={fill} />
      {mark === "eth" && (
        <path
          d="M16 5v8.1l6.9 3.1zm0 0-6.9 11.2 6.9-3.1zm0 16.5V27l6.9-9.6zm0 5.5v-5.5l-6.9-4.1zm0-6.8 6.9-4-6.9-3.1zm-6.9-4 6.9 4v-7.1z"
          fill="#fff"
          opacity=".9"
        />
      )}
      {mark === "base" && <path d="M16 26a10 10 0 1 0-9.9-11.2h13.1v2.4H6.1A10 10 0 0 0 16 26z" fill="#fff" />}
      {mark === "dollar" && (
        <text
          x="16"
          y="21"
          textAnchor="middle"
          fontSize="14"
          fontWeight="700"
          fill="#fff"
          fontFamily="Inter, sans-serif"
        >
          $
        </text>
      )}
      {mark === "sale" && <path d="M9 9h14l-4 6h-6zm4 8h6l-3 7z" fill="#0a0e17" />}
    </svg>
  );
}

export function Flag({ code }: { code: string }) {
  const common = { width: 20, height: 14, viewBox: "0 0 20 14", className: "flag", "aria-hidden": true } as const;
  switch (code) {
    case "gb":
      return (
        <svg {...common}>
          <rect width="20" height="14" fill="#012169" />
          <path d="M0 0l20 14M20 0 0 14" stroke="#fff" strokeWidth="2.4" />
          <path d="M0 0l20 14M20 0 0 14" stroke="#c8102e" strokeWidth="1" />
          <path d="M10 0v14M0 7h20" stroke="#fff" strokeWidth="4" />
          <path d="M10 0v14M0 7h20" stroke="#c8102e" strokeWidth="2.2" />
        </svg>
      );
    case "cn":
      return (
        <svg {...common}>
          <rect width="20" height="14" fill="#de2910" />
          <path d="m4 2 .6 1.8h1.9l-1.5 1.1.6 1.8L4 5.6 2.4 6.7 3 4.9 1.5 3.8h1.9z" fill="#ffde00" />
        </svg>
      );
    case "hk":
      return (
        <svg {...common}>
          <rect width="20" height="14" fill="#de2910" />
          <circle cx="10" cy="7" r="3.4" fill="none" stroke="#fff" strokeWidth="1.2" strokeDasharray="2 1.6" />
          <circle cx="10" cy="7" r="1" fill="#fff" />
        </svg>
      );
    case "ru":
      return (
        <svg {...common}>
          <rect width="20" height="14" fill="#fff" />
          <rect y="4.67" width="20" height="4.67" fill="#0039a6" />
          <rect y="9.33" width="20" height="4.67" fill="#d52b1e" />
        </svg>
      );
    case "es":
      return (
        <svg {...common}>
          <rect width="20" height="14" fill="#aa151b" />
          <rect y="3.5" width="20" height="7" fill="#f1bf00" />
        </svg>
      );
    default:
      return null;
  }
}

/** Neutral marks for the connect modal rows (no third-party logos bundled). */
export function WalletMark({ kind }: { kind: "partner" | "walletconnect" | "base" | "local" | "generic" }) {
  const bg = { partner: "#f5b82e", walletconnect: "#3b99fc", base: "#0052ff", local: "#34d399", generic: "#33415c" }[
    kind
  ];
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden>
      <rect width="40" height="40" rx="10" fill={bg} />
      {kind === "partner" && (
        <path d="m20 9 3.2 7 7.6.8-5.7 5.1 1.6 7.5L20 25.6l-6.7 3.8 1.6-7.5-5.7-5.1 7.6-.8z" fill="#1a1203" />
      )}
      {kind === "walletconnect" && (
        <path
          d="M12.5 16.5c4.1-4 10.9-4 15 0l.5.5-1.8 1.7-.7-.6c-2.9-2.8-7.6-2.8-10.5 0l-.7.7-1.8-1.8zm18.7 3.5 1.6 1.6-7.1 6.9-4.9-4.8a.4.4 0 0 0-.6 0l-4.9 4.8-7.1-6.9L9.8 20l4.9 4.8 4.9-4.8a.4.4 0 0 1 .6 0l4.9 4.8z"
          fill="#fff"
        />
      )}
      {kind === "base" && <circle cx="20" cy="20" r="9" fill="#fff" />}
      {kind === "base" && <rect x="11" y="18.8" width="10" height="2.4" fill="#0052ff" />}
      {kind === "local" && (
        <path
          d="M16 10h8v2h-1v6.5l6 9.5a2 2 0 0 1-1.7 3H12.7a2 2 0 0 1-1.7-3l6-9.5V12h-1zm3 2v7.1L16.6 23h6.8L21 19.1V12z"
          fill="#06281c"
        />
      )}
      {kind === "generic" && (
        <path
          d="M28 15H13a1 1 0 0 1 0-2h13v-2H13a3 3 0 0 0-3 3v12a3 3 0 0 0 3 3h15zm-3 8a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z"
          fill="#f5b82e"
        />
      )}
    </svg>
  );
}
