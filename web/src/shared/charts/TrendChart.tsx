import { useBoxWidth } from './useBoxWidth';
import { niceTicks, textWidth } from './scale';
import './charts.css';

export interface TrendSeries {
  name: string;
  values: number[];
  /** Columns side by side per period (the default), or a line across them. */
  kind?: 'column' | 'line';
}

interface TrendChartProps {
  /** What the chart shows, for screen readers; the table beside it holds the figures. */
  label: string;
  /** One short label per period, oldest first. */
  periods: string[];
  series: TrendSeries[];
  /** Axis figures, e.g. compact money. */
  formatTick: (value: number) => string;
  /** The full figure of a column or point, for its tooltip. */
  formatValue: (value: number) => string;
  /** A fixed width (a printed page); otherwise as wide as its box. */
  width?: number;
  height?: number;
}

const MARGIN = { top: 12, right: 8, bottom: 26, left: 8 };

/** Figures per period as columns (and lines), on an axis with round ticks; plain SVG. */
export function TrendChart({ label, periods, series, formatTick, formatValue, width: fixedWidth, height = 240 }: TrendChartProps) {
  const box = useBoxWidth<HTMLDivElement>();
  const width = fixedWidth ?? box.width;
  const ticks = niceTicks(series.flatMap((entry) => entry.values));
  const low = ticks[0];
  const high = ticks[ticks.length - 1];
  const left = MARGIN.left + Math.max(...ticks.map((tick) => textWidth(formatTick(tick)))) + 6;
  const plotWidth = Math.max(0, width - left - MARGIN.right);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const y = (value: number) => MARGIN.top + ((high - value) / (high - low)) * plotHeight;
  const band = periods.length ? plotWidth / periods.length : 0;
  const center = (index: number) => left + band * (index + 0.5);
  const columns = series.filter((entry) => entry.kind !== 'line');
  const lines = series.filter((entry) => entry.kind === 'line');
  const groupWidth = band * (columns.length > 1 ? 0.8 : 0.7);
  const columnWidth = columns.length ? Math.max(1, groupWidth / columns.length) : 0;
  const widestLabel = Math.max(...periods.map((period) => textWidth(period)), 1) + 10;
  const labelEvery = Math.max(1, Math.ceil(widestLabel / Math.max(band, 1)));
  const tone = (entry: TrendSeries) => `chart-tone-${series.indexOf(entry)}`;

  return (
    <figure className="chart">
      <div ref={fixedWidth ? undefined : box.ref} className="chart-box">
        {width > 0 && (
          <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="chart-svg">
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? 'chart-zero' : 'chart-grid'} />
                <text x={left - 6} y={y(tick)} dy="0.35em" textAnchor="end" className="chart-tick">
                  {formatTick(tick)}
                </text>
              </g>
            ))}
            {periods.map((period, index) => (
              <g key={period + index}>
                {columns.map((entry, column) => {
                  const value = entry.values[index] ?? 0;
                  const top = y(Math.max(0, value));
                  return (
                    <rect
                      key={entry.name}
                      x={center(index) - groupWidth / 2 + column * columnWidth}
                      y={top}
                      width={Math.max(1, columnWidth - (columns.length > 1 ? 1 : 0))}
                      height={Math.max(value === 0 ? 0 : 1, Math.abs(y(value) - y(0)))}
                      className={tone(entry)}
                    >
                      <title>{`${period}: ${entry.name} ${formatValue(value)}`}</title>
                    </rect>
                  );
                })}
                {index % labelEvery === 0 && (
                  <text x={center(index)} y={height - MARGIN.bottom + 16} textAnchor="middle" className="chart-tick">
                    {period}
                  </text>
                )}
              </g>
            ))}
            {lines.map((entry) => (
              <g key={entry.name} className={`chart-line ${tone(entry)}`}>
                <polyline points={entry.values.map((value, index) => `${center(index)},${y(value)}`).join(' ')} />
                {periods.length <= 40 &&
                  entry.values.map((value, index) => (
                    <circle key={index} cx={center(index)} cy={y(value)} r={3}>
                      <title>{`${periods[index]}: ${entry.name} ${formatValue(value)}`}</title>
                    </circle>
                  ))}
              </g>
            ))}
          </svg>
        )}
      </div>
      <Legend names={series.map((entry) => entry.name)} />
    </figure>
  );
}

/** The series' names beside their colours (the chart's own figures are in its table). */
export function Legend({ names }: { names: string[] }) {
  if (names.length < 2) return null;
  return (
    <figcaption className="chart-legend">
      {names.map((name, index) => (
        <span key={name} className="chart-legend-item">
          <svg width="12" height="12" aria-hidden="true" className={`chart-tone-${index}`}>
            <rect width="12" height="12" rx="2" />
          </svg>
          {name}
        </span>
      ))}
    </figcaption>
  );
}
