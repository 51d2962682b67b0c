import { useBoxWidth } from './useBoxWidth';
import { fitText, textWidth } from './scale';
import './charts.css';

export interface Bar {
  label: string;
  value: number;
  /** A colour that says something (in stock, low, out); otherwise the chart's first. */
  tone?: 'good' | 'warn' | 'bad';
}

interface BarChartProps {
  /** What the chart shows, for screen readers; the table or figures beside it hold the numbers. */
  label: string;
  bars: Bar[];
  formatValue: (value: number) => string;
  /** A fixed width (a printed page); otherwise as wide as its box. */
  width?: number;
}

const ROW = 30;
const BAR = 18;

/** One horizontal bar per label, its figure at its end; plain SVG. */
export function BarChart({ label, bars, formatValue, width: fixedWidth }: BarChartProps) {
  const box = useBoxWidth<HTMLDivElement>();
  const width = fixedWidth ?? box.width;
  const height = bars.length * ROW;
  const labelWidth = Math.min(width * 0.4, Math.max(...bars.map((bar) => textWidth(bar.label)), 0) + 12);
  // The figures are bold: a little wider than the estimate for plain text.
  const valueWidth = Math.max(...bars.map((bar) => textWidth(formatValue(bar.value)) * 1.1), 0) + 14;
  const trackWidth = Math.max(0, width - labelWidth - valueWidth);
  const high = Math.max(...bars.map((bar) => bar.value), 0) || 1;

  return (
    <div ref={fixedWidth ? undefined : box.ref} className="chart-box">
      {width > 0 && (
        <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="chart-svg">
          {bars.map((bar, index) => {
            const top = index * ROW;
            const length = (Math.max(0, bar.value) / high) * trackWidth;
            return (
              <g key={bar.label}>
                <text x={0} y={top + ROW / 2} dy="0.35em" className="chart-label">
                  {fitText(bar.label, labelWidth - 8)}
                </text>
                <rect x={labelWidth} y={top + (ROW - BAR) / 2} width={trackWidth} height={BAR} rx={3} className="chart-track" />
                <rect
                  x={labelWidth}
                  y={top + (ROW - BAR) / 2}
                  width={bar.value > 0 ? Math.max(2, length) : 0}
                  height={BAR}
                  rx={3}
                  className={bar.tone ? `chart-${bar.tone}` : 'chart-tone-0'}
                />
                <text x={width - 2} y={top + ROW / 2} dy="0.35em" textAnchor="end" className="chart-value">
                  {formatValue(bar.value)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}
