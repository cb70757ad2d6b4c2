// The insights charts, drawn as plain SVG: a line chart for a trend over days or weeks and a bar chart for
// shares and volumes. They are for the eye only: the table under each chart is its text alternative, and
// ChartFigure hides the drawing from assistive technology. The SVG is drawn at the width it is given (not
// scaled), so its labels keep their size on a phone and nothing overflows: labels that would collide are
// thinned out, long names cut short with an ellipsis.
import { useEffect, useRef, useState } from 'react';
import { numberFormat } from '../../lib/intl-formats.ts';

const FONT_SIZE = 12;
// A rough advance width per character of the UI font at FONT_SIZE, to lay labels out without measuring.
const CHAR_WIDTH = 7.6;
const TEXT = 'var(--mantine-color-text)';
const GRID = 'var(--mantine-color-default-border)';
// Before the first measure (and where nothing is laid out, as in jsdom).
const FALLBACK_WIDTH = 640;

export interface ChartSeries {
  readonly name: string;
  /** A Mantine colour and shade, as `blue.7`. */
  readonly color: string;
  /** Drawn dashed, so two lines differ by more than their colour. */
  readonly dashed?: boolean;
}

const cssColor = (color: string): string => {
  const [name = 'blue', shade = '7'] = color.split('.');
  return `var(--mantine-color-${name}-${shade})`;
};

const textWidth = (text: string): number => text.length * CHAR_WIDTH;

function fit(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  const chars = Math.max(1, Math.floor(width / CHAR_WIDTH) - 1);
  return `${text.slice(0, chars)}…`;
}

const axisFormat = () =>
  numberFormat(typeof navigator === 'undefined' ? undefined : navigator.language, {
    maximumFractionDigits: 1,
  });

/** Ticks from 0 to a round top at or above `max`: 0, step, 2 step, … */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= raw) ?? 10) * power;
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step / 2 && ticks.length <= count + 1; tick += step) ticks.push(tick);
  if ((ticks.at(-1) ?? 0) < max) ticks.push(ticks.length * step);
  return ticks;
}

/** Every n-th label, so that labels of `labelWidth` in slots of `slotWidth` never touch. */
export function labelEvery(slotWidth: number, labelWidth: number): number {
  return Math.max(1, Math.ceil((labelWidth + 8) / Math.max(slotWidth, 1)));
}

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    // The observer reports the element's first size once the browser has laid the page out anyway: measuring
    // here as well would force that layout early, inside the effect's task.
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  return { ref, width: width > 0 ? width : FALLBACK_WIDTH };
}

/** The series' names beside a stroke of their line, or a square of their bars' colour. */
function Legend({
  series,
  bars = false,
}: {
  readonly series: readonly ChartSeries[];
  readonly bars?: boolean;
}) {
  return (
    <div className="insights-legend">
      {series.map((item) => (
        <span key={item.name} className="insights-legend-item">
          <svg width={bars ? 12 : 24} height={bars ? 12 : 10} aria-hidden="true">
            {bars ? (
              <rect width={12} height={12} rx={2} fill={cssColor(item.color)} />
            ) : (
              <line
                x1={0}
                y1={5}
                x2={24}
                y2={5}
                stroke={cssColor(item.color)}
                strokeWidth={3}
                strokeDasharray={item.dashed ? '6 3' : undefined}
              />
            )}
          </svg>
          {item.name}
        </span>
      ))}
    </div>
  );
}

interface ValueAxisProps {
  readonly ticks: readonly number[];
  readonly unit: string;
  readonly left: number;
  readonly right: number;
  readonly y: (value: number) => number;
}

/** Horizontal grid lines with their values at the left. */
function ValueAxis({ ticks, unit, left, right, y }: ValueAxisProps) {
  const format = axisFormat();
  return (
    <g>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} stroke={GRID} />
          <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fill={TEXT} fontSize={FONT_SIZE}>
            {`${format.format(tick)}${unit}`}
          </text>
        </g>
      ))}
    </g>
  );
}

const axisWidth = (ticks: readonly number[], unit: string): number =>
  Math.max(...ticks.map((tick) => textWidth(`${axisFormat().format(tick)}${unit}`))) + 10;

export interface LineChartProps {
  /** One point per day or week, with one value (or none) per series. */
  readonly points: readonly { readonly label: string; readonly values: readonly (number | null)[] }[];
  readonly series: readonly ChartSeries[];
  /** After each value on the axis, as ` min`. */
  readonly unit?: string;
  readonly height?: number;
}

/** Lines over time; a point without a value is skipped, the line joining its neighbours. */
export function LineChart({ points, series, unit = '', height = 240 }: LineChartProps) {
  const { ref, width } = useWidth();
  const values = points.flatMap((point) => point.values.filter((value) => value !== null));
  const ticks = niceTicks(Math.max(0, ...values));
  const top = ticks.at(-1) ?? 1;
  // The labels under the axis are centred on their point: the first and the last need room at the sides.
  const labelWidth = Math.max(0, ...points.map((point) => textWidth(point.label)));
  const left = Math.max(axisWidth(ticks, unit), labelWidth / 2 + 2);
  const right = width - Math.max(12, labelWidth / 2 + 2);
  const bottom = height - 24;
  const slot = points.length > 1 ? (right - left) / (points.length - 1) : right - left;
  const x = (index: number) => (points.length > 1 ? left + index * slot : (left + right) / 2);
  const y = (value: number) => 8 + (bottom - 8) * (1 - value / top);
  const every = labelEvery(slot, labelWidth);
  return (
    <div ref={ref} className="insights-chart-frame">
      <Legend series={series} />
      <svg width={width} height={height} className="insights-chart-svg" aria-hidden="true">
        <ValueAxis ticks={ticks} unit={unit} left={left} right={right} y={y} />
        {points.map((point, index) =>
          index % every === 0 ? (
            <text
              key={point.label}
              x={x(index)}
              y={bottom + 16}
              textAnchor="middle"
              fill={TEXT}
              fontSize={FONT_SIZE}
            >
              {point.label}
            </text>
          ) : null,
        )}
        {series.map((item, seriesIndex) => {
          const drawn = points.flatMap((point, index) => {
            const value = point.values[seriesIndex];
            return value === null || value === undefined ? [] : [{ x: x(index), y: y(value) }];
          });
          const color = cssColor(item.color);
          return (
            <g key={item.name} data-series={item.name}>
              <polyline
                points={drawn.map((point) => `${point.x},${point.y}`).join(' ')}
                fill="none"
                stroke={color}
                strokeWidth={2.5}
                strokeLinejoin="round"
                strokeDasharray={item.dashed ? '6 3' : undefined}
              />
              {drawn.map((point) => (
                <circle key={point.x} cx={point.x} cy={point.y} r={3} fill={color} />
              ))}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

export interface BarChartProps {
  /** A bar without a value (no case to measure) is left empty, its value a dash. */
  readonly bars: readonly { readonly label: string; readonly value: number | null }[];
  readonly series: ChartSeries;
  /** After each value, as `%`. */
  readonly unit?: string;
  /** The value of a full bar; else a round number at or above the largest. */
  readonly max?: number;
  /** `columns` stand on a value axis; `rows` run from their names, for long names. */
  readonly layout?: 'columns' | 'rows';
  /** Of the columns' drawing; rows take 32 px each. */
  readonly height?: number;
  /** A shorter label where the full one does not fit under its column (as `Mon` for `Monday`). */
  readonly shortLabel?: (label: string) => string;
}

const largest = (bars: BarChartProps['bars']): number => Math.max(0, ...bars.map((bar) => bar.value ?? 0));

export function BarChart(props: BarChartProps) {
  const { ref, width } = useWidth();
  return (
    <div ref={ref} className="insights-chart-frame">
      <Legend series={[props.series]} bars />
      {props.layout === 'rows' ? (
        <RowBars {...props} width={width} />
      ) : (
        <ColumnBars {...props} width={width} />
      )}
    </div>
  );
}

function ColumnBars({
  bars,
  series,
  unit = '',
  max,
  height = 200,
  shortLabel,
  width,
}: BarChartProps & { width: number }) {
  const ticks = niceTicks(max ?? largest(bars));
  const top = ticks.at(-1) ?? 1;
  const left = axisWidth(ticks, unit);
  const right = width - 8;
  const bottom = height - 24;
  const slot = (right - left) / Math.max(1, bars.length);
  const y = (value: number) => 8 + (bottom - 8) * (1 - value / top);
  const widest = Math.max(0, ...bars.map((bar) => textWidth(bar.label)));
  const short = shortLabel !== undefined && widest + 8 > slot;
  const label = (text: string) => (short ? shortLabel(text) : text);
  const every = labelEvery(slot, Math.max(0, ...bars.map((bar) => textWidth(label(bar.label)))));
  const format = axisFormat();
  const showValues = every === 1 && slot >= 28;
  return (
    <svg width={width} height={height} className="insights-chart-svg" aria-hidden="true">
      <ValueAxis ticks={ticks} unit={unit} left={left} right={right} y={y} />
      {bars.map((bar, index) => {
        const x = left + index * slot;
        const barWidth = Math.max(2, slot * 0.7);
        const value = Math.min(bar.value ?? 0, top);
        return (
          <g key={bar.label}>
            <rect
              x={x + (slot - barWidth) / 2}
              y={y(value)}
              width={barWidth}
              height={Math.max(0, bottom - y(value))}
              fill={cssColor(series.color)}
              rx={2}
            />
            {showValues && bar.value !== null && bar.value > 0 && (
              <text x={x + slot / 2} y={y(value) - 4} textAnchor="middle" fill={TEXT} fontSize={FONT_SIZE}>
                {`${format.format(bar.value)}${unit}`}
              </text>
            )}
            {index % every === 0 && (
              <text x={x + slot / 2} y={bottom + 16} textAnchor="middle" fill={TEXT} fontSize={FONT_SIZE}>
                {label(bar.label)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

const ROW_HEIGHT = 32;

function RowBars({ bars, series, unit = '', max, width }: BarChartProps & { width: number }) {
  const format = axisFormat();
  const valueText = (value: number | null) => (value === null ? '—' : `${format.format(value)}${unit}`);
  const top = max ?? niceTicks(largest(bars)).at(-1) ?? 1;
  // Names take up to 40% of the width; values are written after their bar.
  const nameWidth = Math.min(
    Math.max(0, ...bars.map((bar) => textWidth(bar.label))) + 10,
    Math.floor(width * 0.4),
  );
  const valueWidth = Math.max(0, ...bars.map((bar) => textWidth(valueText(bar.value)))) + 12;
  const barSpace = Math.max(10, width - nameWidth - valueWidth);
  const height = bars.length * ROW_HEIGHT;
  return (
    <svg width={width} height={height} className="insights-chart-svg" aria-hidden="true">
      <line x1={nameWidth} x2={nameWidth} y1={0} y2={height} stroke={GRID} />
      {bars.map((bar, index) => {
        const y = index * ROW_HEIGHT;
        const length = (barSpace * Math.min(bar.value ?? 0, top)) / top;
        return (
          <g key={bar.label}>
            <text
              x={nameWidth - 6}
              y={y + ROW_HEIGHT / 2}
              dy="0.32em"
              textAnchor="end"
              fill={TEXT}
              fontSize={FONT_SIZE}
            >
              {fit(bar.label, nameWidth - 6)}
            </text>
            <rect
              x={nameWidth}
              y={y + 6}
              width={length}
              height={ROW_HEIGHT - 12}
              fill={cssColor(series.color)}
              rx={2}
            />
            <text
              x={nameWidth + length + 4}
              y={y + ROW_HEIGHT / 2}
              dy="0.32em"
              fill={TEXT}
              fontSize={FONT_SIZE}
            >
              {valueText(bar.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
