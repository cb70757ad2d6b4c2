// Lines over a continuous time axis: every day (or week) of the range has its place, and one without cases
// is a gap in the lines, never a join across it. Each series has its own mark (a dot, a square around it),
// so two series equal at a point still both show; a point resting on fewer than `minCount` cases is drawn
// hollow; each point's tooltip gives its count. A target line states its value.
import { Fragment } from 'react';
import {
  axisWidth,
  cssColor,
  FONT_SIZE,
  labelEvery,
  Legend,
  niceTicks,
  PointMark,
  TEXT,
  textWidth,
  useWidth,
  ValueAxis,
  type ChartSeries,
} from './charts.tsx';

export interface LinePoint {
  readonly label: string;
  /** One value per series; null where there is none (no case that day). */
  readonly values: readonly (number | null)[];
  /** The cases the point rests on. */
  readonly count: number;
  /** The tooltip: the point's day, count and values in words. */
  readonly title: string;
}

export interface LineChartProps {
  /** Every day or week of the range, in order, empty ones included. */
  readonly points: readonly LinePoint[];
  readonly series: readonly ChartSeries[];
  /** After each value on the axis, as ` min`. */
  readonly unit?: string;
  readonly height?: number;
  /** A horizontal line at a value, with its label (the clinical target). */
  readonly target?: { readonly value: number; readonly label: string } | null;
  /** A point resting on fewer cases than this is drawn hollow. */
  readonly minCount?: number;
}

const TARGET_COLOR = 'red.8';

/** The runs of consecutive points with a value: each is drawn as one line, gaps between them. */
export function segments<T>(values: readonly (T | null)[]): T[][] {
  const runs: T[][] = [];
  let current: T[] = [];
  for (const value of values) {
    if (value === null) {
      if (current.length > 0) runs.push(current);
      current = [];
    } else current.push(value);
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

export function LineChart({
  points,
  series,
  unit = '',
  height = 240,
  target = null,
  minCount = 0,
}: LineChartProps) {
  const { ref, width } = useWidth();
  const values = points.flatMap((point) => point.values.filter((value) => value !== null));
  const ticks = niceTicks(Math.max(0, target?.value ?? 0, ...values));
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
  const fewCases = minCount > 0 && points.some((point) => point.count > 0 && point.count < minCount);
  const legendExtra = (
    <>
      {target && (
        <span className="insights-legend-item">
          <svg width={24} height={10} aria-hidden="true">
            <line
              x1={0}
              y1={5}
              x2={24}
              y2={5}
              stroke={cssColor(TARGET_COLOR)}
              strokeWidth={2}
              strokeDasharray="2 3"
            />
          </svg>
          {target.label}
        </span>
      )}
      {fewCases && (
        <span className="insights-legend-item">
          <svg width={12} height={10} aria-hidden="true">
            <PointMark x={6} y={5} shape="dot" color={cssColor(series[0]?.color ?? 'gray.7')} hollow />
          </svg>
          Fewer than {minCount} cases
        </span>
      )}
    </>
  );
  return (
    <div ref={ref} className="insights-chart-frame">
      <Legend series={series} extra={legendExtra} />
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
        {target && (
          <g data-target={target.value}>
            <line
              x1={left}
              x2={right}
              y1={y(target.value)}
              y2={y(target.value)}
              stroke={cssColor(TARGET_COLOR)}
              strokeWidth={2}
              strokeDasharray="2 3"
            />
            {/* Under the line: the target is often the axis' top, where a label above it would be cut. */}
            <text
              x={right}
              y={y(target.value) + 14}
              textAnchor="end"
              fill={cssColor(TARGET_COLOR)}
              fontSize={FONT_SIZE}
            >
              {target.label}
            </text>
          </g>
        )}
        {series.map((item, seriesIndex) => {
          const color = cssColor(item.color);
          const drawn = points.map((point, index) => {
            const value = point.values[seriesIndex];
            return value === null || value === undefined
              ? null
              : { x: x(index), y: y(value), hollow: point.count < minCount, title: point.title };
          });
          return (
            <g key={item.name} data-series={item.name}>
              {segments(drawn).map((run) => (
                <polyline
                  key={run[0]?.x}
                  points={run.map((point) => `${point.x},${point.y}`).join(' ')}
                  fill="none"
                  stroke={color}
                  strokeWidth={2.5}
                  strokeLinejoin="round"
                  strokeDasharray={item.dashed ? '6 3' : undefined}
                />
              ))}
              {drawn.map((point) =>
                point === null ? null : (
                  <Fragment key={point.x}>
                    <g data-hollow={point.hollow || undefined}>
                      <title>{point.title}</title>
                      <PointMark
                        x={point.x}
                        y={point.y}
                        shape={item.marker ?? 'dot'}
                        color={color}
                        hollow={point.hollow}
                      />
                    </g>
                  </Fragment>
                ),
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
