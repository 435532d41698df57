// QR code rendered locally as SVG (qrcode-generator computes the matrix; no network, no canvas).
import qrcode from "qrcode-generator";
import { useMemo } from "react";

export function qrPath(text: string): { size: number; d: string } {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  let d = "";
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c} ${r}h1v1h-1z`;
  return { size: n, d };
}

export function QrCode({ text, size = 200, testId = "qr-code" }: { text: string; size?: number; testId?: string }) {
  const { size: n, d } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      className="qr"
      width={size}
      height={size}
      viewBox={`-2 -2 ${n + 4} ${n + 4}`}
      data-testid={testId}
      role="img"
      aria-label="QR code"
    >
      <rect x="-2" y="-2" width={n + 4} height={n + 4} fill="#fff" />
      <path d={d} fill="#0a0e17" />
    </svg>
  );
}
