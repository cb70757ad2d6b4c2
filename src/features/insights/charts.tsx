// The insights charts, drawn as plain SVG: a bar chart for shares and volumes, and the parts the line chart
// of a trend over days or weeks shares with it (line-chart.tsx). They are for the eye only: the table under each chart is its text alternative, and
// ChartFigure hides the drawing from assistive technology. The SVG is drawn at the width it is given (not
// scaled), so its labels keep their size on a phone and nothing overflows: labels that would collide are
// thinned out, long names cut short with an ellipsis.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { numberFormat } from '../../lib/intl-formats.ts';

export const FONT_SIZE = 12;
// A rough advance width per character of the UI font at FONT_SIZE, to lay labels out without measuring.
const CHAR_WIDTH = 7.6;
export const TEXT = 'var(--mantine-color-text)';
const GRID = 'var(--mantine-color-default-border)';
// Before the first measure (and where nothing is laid out, as in jsdom).
const FALLBACK_WIDTH = 640;

export interface ChartSeries {
  readonly name: string;
  /** A Mantine colour and shade, as `blue.7`. */
  readonly color: string;
  /** Drawn dashed, so two lines differ by more than their colour. */
  readonly dashed?: boolean;
  /** The mark of each point: two series equal at a point still show both (a square around a dot). */
  readonly marker?: 'dot' | 'square';
}

export const cssColor = (color: string): string => {
  const [name = 'blue', shade = '7'] = color.split('.');
  return `var(--mantine-color-${name}-${shade})`;
};

export const textWidth = (text: string): number => text.length * CHAR_WIDTH;

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

export function useWidth() {
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
export function Legend({
  series,
  bars = false,
  extra,
}: {
  readonly series: readonly ChartSeries[];
  readonly bars?: boolean;
  /** Entries after the series' (a target line, what a hollow mark means). */
  readonly extra?: ReactNode;
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
            {!bars && item.marker !== undefined && (
              <PointMark x={12} y={5} shape={item.marker} color={cssColor(item.color)} hollow={false} />
            )}
          </svg>
          {item.name}
        </span>
      ))}
      {extra}
    </div>
  );
}

/** A point's mark: a dot, or a larger square drawn around it; hollow when it rests on too few cases. */
export function PointMark({
  x,
  y,
  shape,
  color,
  hollow,
}: {
  readonly x: number;
  readonly y: number;
  readonly shape: 'dot' | 'square';
  readonly color: string;
  readonly hollow: boolean;
}) {
  // A square never fills: it is drawn around the dot of a series equal to it, which must stay visible.
  const paint =
    shape === 'square'
      ? {
          fill: 'none',
          stroke: color,
          strokeWidth: hollow ? 1.5 : 2,
          strokeDasharray: hollow ? '2 2' : undefined,
        }
      : hollow
        ? { fill: 'var(--mantine-color-body)', stroke: color, strokeWidth: 1.5 }
        : { fill: color };
  return shape === 'square' ? (
    <rect x={x - 5} y={y - 5} width={10} height={10} {...paint} />
  ) : (
    <circle cx={x} cy={y} r={hollow ? 3.5 : 3} {...paint} />
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
export function ValueAxis({ ticks, unit, left, right, y }: ValueAxisProps) {
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

export const axisWidth = (ticks: readonly number[], unit: string): number =>
  Math.max(...ticks.map((tick) => textWidth(`${axisFormat().format(tick)}${unit}`))) + 10;

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
