// The tokenomics ladder, drawn as SVG: one bar per stage at its cumulative cap, y axis in millions,
// the current stage highlighted. No chart library.
import type { Round } from "../../presale/index.ts";
import { TOTAL_SUPPLY_LADDER } from "../../config/constants.ts";

const SIZES = { wide: { W: 720, H: 490, l: 48 }, compact: { W: 360, H: 300, l: 40 } } as const;

function niceTicks(maxMillions: number): number[] {
  const step = maxMillions > 60 ? 20 : maxMillions > 30 ? 10 : 5;
  const out: number[] = [];
  for (let v = 0; v <= maxMillions + 1e-9; v += step) out.push(v);
  return out;
}

export function LadderChart({
  rounds,
  current,
  stageLabel,
  title,
  compact = false,
  millions = "M",
}: {
  rounds: Round[];
  current: number;
  stageLabel: (n: number) => string;
  title: string;
  compact?: boolean;
  /** The millions suffix in the page's language ("M", " млн", "百万"). */
  millions?: string;
}) {
  const { W, H, l } = SIZES[compact ? "compact" : "wide"];
  const PAD = { l, r: 8, t: 18, b: 32 };
  const top = Math.max(TOTAL_SUPPLY_LADDER, ...rounds.map((r) => r.cap)) / 1e6;
  const ticks = niceTicks(top);
  const yMax = ticks[ticks.length - 1];
  const iw = W - PAD.l - PAD.r,
    ih = H - PAD.t - PAD.b;
  const bw = iw / rounds.length;
  const y = (m: number) => PAD.t + ih - (m / yMax) * ih;
  return (
    <svg
      className={`ladder-chart${compact ? " compact" : ""}`}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={title}
      data-testid="ladder-chart"
    >
      {ticks.map((tk) => (
        <g key={tk}>
          <line x1={PAD.l} x2={W - PAD.r} y1={y(tk)} y2={y(tk)} className="grid" />
          <text x={PAD.l - 8} y={y(tk) + 4} textAnchor="end" className="axis">
            {tk}M
          </text>
        </g>
      ))}
      {rounds.map((r, i) => {
        const m = r.cap / 1e6;
        const x = PAD.l + i * bw + bw * 0.16;
        const w = bw * 0.68;
        const cls = i === current ? "bar current" : i < current ? "bar past" : "bar";
        return (
          <g key={i} data-testid={`ladder-bar-${i + 1}`} data-current={i === current || undefined}>
            <rect x={x} y={y(m)} width={w} height={y(0) - y(m)} rx={4} className={cls} />
            <text
              x={x + w / 2}
              y={y(m) - 6}
              textAnchor="middle"
              className={`bar-label${i === current ? " current" : ""}`}
            >
              {m % 1 ? m.toFixed(1) : m}
              {compact ? "" : millions}
            </text>
            <text x={x + w / 2} y={H - PAD.b + 18} textAnchor="middle" className="axis">
              {stageLabel(i + 1)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
