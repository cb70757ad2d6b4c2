// The hospital figures of a range: headline figures, then the charts people look at (time to accept over
// time, share within target per specialty, volume by hour and weekday), each with the table behind it.
import { Stack } from '@mantine/core';
import { memo } from 'react';
import type { HospitalInsights, InsightGroup } from '../../../generated/types.gen.ts';
import { ChoiceButtons } from '../../components/choice-buttons.tsx';
import { csvFileName, secondsToMinutes } from '../../lib/csv.ts';
import { ChartFigure } from './chart-figure.tsx';
import { BarChart, LineChart } from './charts.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { formatCount, formatDay, formatDuration, formatShare, toMinutes, WEEKDAYS } from './format.ts';
import { HeadlineFigures } from './headline.tsx';
import type { InsightsFilters } from './use-insights-filters.ts';

const groupColumns = (first: string, csvFirst: string): Column<InsightGroup>[] => [
  { header: first, cell: (row) => row.name, csv: { header: csvFirst, value: (row) => row.name } },
  {
    header: 'Cases',
    cell: (row) => formatCount(row.figures.volume),
    csv: { header: 'cases', value: (row) => row.figures.volume },
    numeric: true,
  },
  {
    header: 'Median to accept',
    cell: (row) => formatDuration(row.figures.intervals.requestToAccept.median),
    csv: {
      header: 'time_to_accept_median_min',
      value: (row) => secondsToMinutes(row.figures.intervals.requestToAccept.median),
    },
    numeric: true,
  },
  {
    header: '90th percentile to accept',
    cell: (row) => formatDuration(row.figures.intervals.requestToAccept.p90),
    csv: {
      header: 'time_to_accept_p90_min',
      value: (row) => secondsToMinutes(row.figures.intervals.requestToAccept.p90),
    },
    numeric: true,
  },
  {
    header: 'Within target',
    cell: (row) => formatShare(row.figures.withinTargetShare),
    csv: { header: 'share_within_target', value: (row) => row.figures.withinTargetShare },
    numeric: true,
  },
  {
    header: 'Within acknowledgement time',
    cell: (row) => formatShare(row.figures.withinAckShare),
    csv: { header: 'share_within_ack', value: (row) => row.figures.withinAckShare },
    numeric: true,
  },
  {
    header: 'Escalated',
    cell: (row) => formatCount(row.figures.escalated),
    csv: { header: 'escalated', value: (row) => row.figures.escalated },
    numeric: true,
  },
  {
    header: 'Declines',
    cell: (row) => formatCount(row.figures.declines),
    csv: { header: 'declines', value: (row) => row.figures.declines },
    numeric: true,
  },
  {
    header: 'No coverage',
    cell: (row) => formatCount(row.figures.noCoverage),
    csv: { header: 'no_coverage', value: (row) => row.figures.noCoverage },
    numeric: true,
  },
  {
    header: 'Cancelled',
    cell: (row) => formatCount(row.figures.cancelled),
    csv: { header: 'cancelled', value: (row) => row.figures.cancelled },
    numeric: true,
  },
];

export interface HospitalInsightsViewProps {
  readonly data: HospitalInsights;
  readonly filters: InsightsFilters;
  readonly onChange: (changes: Partial<InsightsFilters>) => void;
  /** Show the table of hospitals (the system overview). */
  readonly showHospitals: boolean;
}

// Memoised: while new figures render as a deferred update, the screen's urgent render skips the old ones.
export const HospitalInsightsView = memo(function HospitalInsightsView({
  data,
  filters,
  onChange,
  showHospitals,
}: HospitalInsightsViewProps) {
  const fileName = (what: string) =>
    csvFileName(what, {
      hospitalId: filters.hospitalId || (showHospitals ? '' : (data.byHospital[0]?.id ?? '')),
      specialtyId: filters.specialtyId,
      urgency: filters.urgency,
      from: data.range.from,
      to: data.range.to,
    });
  const trend = data.trend.map((point) => ({
    day: formatDay(point.start),
    start: point.start,
    figures: point.figures,
  }));
  const specialties = data.bySpecialty.map((group) => ({
    label: group.name,
    value:
      group.figures.withinTargetShare === null ? null : Math.round(group.figures.withinTargetShare * 100),
  }));
  const byHour = Array.from({ length: 24 }, (_, hour) => ({
    hour: String(hour).padStart(2, '0'),
    cases: data.byHourOfWeek.filter((cell) => cell.hour === hour).reduce((sum, cell) => sum + cell.volume, 0),
  }));
  const byWeekday = WEEKDAYS.map((weekday, index) => ({
    weekday,
    cases: data.byHourOfWeek
      .filter((cell) => cell.weekday === index + 1)
      .reduce((sum, cell) => sum + cell.volume, 0),
  }));
  return (
    <Stack gap="md">
      <HeadlineFigures current={data.totals} previous={data.previousTotals} />
      <ChartFigure
        title="Time to accept"
        controls={
          <ChoiceButtons
            label="Trend by"
            value={filters.bucket}
            onChange={(bucket) => {
              onChange({ bucket });
            }}
            options={[
              { value: 'day', label: 'By day' },
              { value: 'week', label: 'By week' },
            ]}
          />
        }
        chart={
          <LineChart
            height={240}
            points={trend.map((row) => ({
              label: row.day,
              values: [
                toMinutes(row.figures.intervals.requestToAccept.median),
                toMinutes(row.figures.intervals.requestToAccept.p90),
              ],
            }))}
            unit=" min"
            series={[
              { name: 'Median to accept (min)', color: 'blue.7' },
              { name: '90th percentile (min)', color: 'orange.8', dashed: true },
            ]}
          />
        }
        table={
          <DataTable
            caption={`Time to accept by ${filters.bucket === 'week' ? 'week' : 'day'}`}
            fileName={fileName('time-to-accept')}
            rows={trend}
            rowKey={(row) => row.start}
            columns={[
              {
                header: filters.bucket === 'week' ? 'Week of' : 'Day',
                cell: (row) => row.day,
                csv: { header: filters.bucket === 'week' ? 'week_start' : 'day', value: (row) => row.start },
              },
              ...groupColumns('', '')
                .slice(1, 5)
                .map((column): Column<(typeof trend)[number]> => ({
                  ...column,
                  cell: (row) => column.cell({ id: row.start, name: row.day, figures: row.figures }),
                  csv: {
                    header: column.csv.header,
                    value: (row) => column.csv.value({ id: row.start, name: row.day, figures: row.figures }),
                  },
                })),
            ]}
          />
        }
      />
      <ChartFigure
        title="Accepted within target, by specialty"
        chart={
          <BarChart
            layout="rows"
            bars={specialties}
            unit="%"
            max={100}
            series={{ name: 'Within target (%)', color: 'teal.8' }}
          />
        }
        table={
          <DataTable
            caption="Figures by specialty"
            fileName={fileName('by-specialty')}
            rows={data.bySpecialty}
            rowKey={(row) => row.id}
            columns={groupColumns('Specialty', 'specialty')}
          />
        }
      />
      <ChartFigure
        title="Cases by hour of day"
        chart={
          <BarChart
            height={200}
            bars={byHour.map((row) => ({ label: row.hour, value: row.cases }))}
            series={{ name: 'Cases', color: 'indigo.7' }}
          />
        }
        table={
          <DataTable
            caption="Cases by hour of day (local time)"
            fileName={fileName('by-hour')}
            rows={byHour}
            rowKey={(row) => row.hour}
            columns={[
              {
                header: 'Hour',
                cell: (row) => `${row.hour}:00`,
                csv: { header: 'local_hour', value: (row) => Number(row.hour) },
              },
              {
                header: 'Cases',
                cell: (row) => formatCount(row.cases),
                csv: { header: 'cases', value: (row) => row.cases },
                numeric: true,
              },
            ]}
          />
        }
      />
      <ChartFigure
        title="Cases by weekday"
        chart={
          <BarChart
            height={200}
            bars={byWeekday.map((row) => ({ label: row.weekday, value: row.cases }))}
            shortLabel={(weekday) => weekday.slice(0, 3)}
            series={{ name: 'Cases', color: 'grape.7' }}
          />
        }
        table={
          <DataTable
            caption="Cases by weekday"
            fileName={fileName('by-weekday')}
            rows={byWeekday}
            rowKey={(row) => row.weekday}
            columns={[
              {
                header: 'Weekday',
                cell: (row) => row.weekday,
                csv: { header: 'weekday', value: (row) => row.weekday },
              },
              {
                header: 'Cases',
                cell: (row) => formatCount(row.cases),
                csv: { header: 'cases', value: (row) => row.cases },
                numeric: true,
              },
            ]}
          />
        }
      />
      <DataTable
        caption="Figures by urgency"
        fileName={fileName('by-urgency')}
        rows={data.byUrgency}
        rowKey={(row) => row.id}
        columns={groupColumns('Urgency', 'urgency')}
      />
      {showHospitals && (
        <DataTable
          caption="Figures by hospital"
          fileName={fileName('by-hospital')}
          rows={data.byHospital}
          rowKey={(row) => row.id}
          columns={groupColumns('Hospital', 'hospital')}
        />
      )}
    </Stack>
  );
});
