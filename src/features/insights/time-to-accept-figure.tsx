// Time to accept over the range: the median and the 90th percentile on a continuous time axis (empty days as
// gaps), the clinical target as a line with its value when one target applies, each point's count in its
// tooltip and in the table, and points resting on few cases marked.
import { Text } from '@mantine/core';
import type { HospitalInsights } from '../../../generated/types.gen.ts';
import { ChoiceButtons } from '../../components/choice-buttons.tsx';
import { ChartFigure } from './chart-figure.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { formatCount, formatDay, formatPercentile, toMinutes } from './format.ts';
import { groupColumns } from './group-columns.ts';
import { LineChart } from './line-chart.tsx';
import { continuousTrend, MIN_CASES_PER_POINT } from './trend.ts';

interface Row {
  readonly start: string;
  readonly day: string;
  readonly figures: NonNullable<ReturnType<typeof continuousTrend>[number]['figures']>;
}

export interface TimeToAcceptFigureProps {
  readonly data: HospitalInsights;
  readonly bucket: 'day' | 'week';
  readonly onBucket: (bucket: 'day' | 'week') => void;
  readonly fileName: string;
}

export function TimeToAcceptFigure({ data, bucket, onBucket, fileName }: TimeToAcceptFigureProps) {
  const slots = continuousTrend(data.trend, data.range, bucket);
  const approximate = data.percentileError !== undefined;
  const rows: Row[] = slots.flatMap((slot) =>
    slot.figures === null ? [] : [{ start: slot.start, day: formatDay(slot.start), figures: slot.figures }],
  );
  const target = data.targetMinutes ?? null;
  const few = (count: number) => count < MIN_CASES_PER_POINT;
  const columns: Column<Row>[] = [
    {
      header: bucket === 'week' ? 'Week of' : 'Day',
      cell: (row) => row.day,
      csv: { header: bucket === 'week' ? 'week_start' : 'day', value: (row) => row.start },
    },
    ...groupColumns('', '')
      .slice(1, 5)
      .map((column): Column<Row> => ({
        ...column,
        cell: (row) => column.cell({ id: row.start, name: row.day, figures: row.figures }),
        csv: {
          header: column.csv.header,
          value: (row) => column.csv.value({ id: row.start, name: row.day, figures: row.figures }),
        },
      })),
    {
      header: 'Note',
      cell: (row) => (few(row.figures.volume) ? `Fewer than ${MIN_CASES_PER_POINT} cases` : ''),
      csv: { header: 'fewer_than_min_cases', value: (row) => few(row.figures.volume) },
    },
  ];
  return (
    <ChartFigure
      title="Time to accept"
      controls={
        <>
          <ChoiceButtons
            label="Trend by"
            value={bucket}
            onChange={onBucket}
            options={[
              { value: 'day', label: 'By day' },
              { value: 'week', label: 'By week' },
            ]}
          />
          <Text size="sm" c="dimmed">
            {target === null
              ? 'No single clinical target applies to these cases: choose one specialty and urgency to see it.'
              : `Clinical target: accepted within ${formatCount(target)} min.`}
          </Text>
        </>
      }
      chart={
        <LineChart
          height={240}
          minCount={MIN_CASES_PER_POINT}
          target={target === null ? null : { value: target, label: `Target ${formatCount(target)} min` }}
          points={slots.map((slot) => {
            const median = slot.figures?.intervals.requestToAccept.median ?? null;
            const p90 = slot.figures?.intervals.requestToAccept.p90 ?? null;
            const count = slot.figures?.volume ?? 0;
            return {
              label: formatDay(slot.start),
              values: [toMinutes(median), toMinutes(p90)],
              count,
              title:
                count === 0
                  ? `${formatDay(slot.start)}: no cases`
                  : `${formatDay(slot.start)}: ${formatCount(count)} cases; median ${formatPercentile(median, approximate)}, 90th percentile ${formatPercentile(p90, approximate)}`,
            };
          })}
          unit=" min"
          series={[
            { name: 'Median to accept (min)', color: 'blue.7', marker: 'dot' },
            { name: '90th percentile (min)', color: 'orange.8', dashed: true, marker: 'square' },
          ]}
        />
      }
      table={
        <DataTable
          caption={`Time to accept by ${bucket === 'week' ? 'week' : 'day'}`}
          fileName={fileName}
          rows={rows}
          rowKey={(row) => row.start}
          columns={columns}
        />
      }
    />
  );
}
