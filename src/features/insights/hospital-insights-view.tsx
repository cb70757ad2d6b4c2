// The hospital figures of a range: headline figures, then the charts people look at (time to accept over
// time, share within target per specialty, volume by hour and weekday), each with the table behind it.
import { Stack } from '@mantine/core';
import { memo } from 'react';
import type { HospitalInsights, InsightGroup } from '../../../generated/types.gen.ts';
import { ChoiceButtons } from '../../components/choice-buttons.tsx';
import { ChartFigure } from './chart-figure.tsx';
import { BarChart, LineChart } from './charts.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { formatCount, formatDay, formatDuration, formatShare, toMinutes, WEEKDAYS } from './format.ts';
import { HeadlineFigures } from './headline.tsx';
import type { InsightsFilters } from './use-insights-filters.ts';

const groupColumns = (first: string): Column<InsightGroup>[] => [
  { header: first, cell: (row) => row.name },
  { header: 'Cases', cell: (row) => formatCount(row.figures.volume), numeric: true },
  {
    header: 'Median to accept',
    cell: (row) => formatDuration(row.figures.intervals.requestToAccept.median),
    numeric: true,
  },
  {
    header: '90th percentile to accept',
    cell: (row) => formatDuration(row.figures.intervals.requestToAccept.p90),
    numeric: true,
  },
  { header: 'Within target', cell: (row) => formatShare(row.figures.withinTargetShare), numeric: true },
  {
    header: 'Within acknowledgement time',
    cell: (row) => formatShare(row.figures.withinAckShare),
    numeric: true,
  },
  { header: 'Escalated', cell: (row) => formatCount(row.figures.escalated), numeric: true },
  { header: 'Declines', cell: (row) => formatCount(row.figures.declines), numeric: true },
  { header: 'No coverage', cell: (row) => formatCount(row.figures.noCoverage), numeric: true },
  { header: 'Cancelled', cell: (row) => formatCount(row.figures.cancelled), numeric: true },
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
  const range = `${data.range.from}-to-${data.range.to}`;
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
            fileName={`time-to-accept-${range}`}
            rows={trend}
            rowKey={(row) => row.start}
            columns={[
              { header: filters.bucket === 'week' ? 'Week of' : 'Day', cell: (row) => row.day },
              { header: 'Cases', cell: (row) => formatCount(row.figures.volume), numeric: true },
              {
                header: 'Median to accept',
                cell: (row) => formatDuration(row.figures.intervals.requestToAccept.median),
                numeric: true,
              },
              {
                header: '90th percentile to accept',
                cell: (row) => formatDuration(row.figures.intervals.requestToAccept.p90),
                numeric: true,
              },
              {
                header: 'Within target',
                cell: (row) => formatShare(row.figures.withinTargetShare),
                numeric: true,
              },
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
            fileName={`by-specialty-${range}`}
            rows={data.bySpecialty}
            rowKey={(row) => row.id}
            columns={groupColumns('Specialty')}
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
            fileName={`by-hour-${range}`}
            rows={byHour}
            rowKey={(row) => row.hour}
            columns={[
              { header: 'Hour', cell: (row) => `${row.hour}:00` },
              { header: 'Cases', cell: (row) => formatCount(row.cases), numeric: true },
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
            fileName={`by-weekday-${range}`}
            rows={byWeekday}
            rowKey={(row) => row.weekday}
            columns={[
              { header: 'Weekday', cell: (row) => row.weekday },
              { header: 'Cases', cell: (row) => formatCount(row.cases), numeric: true },
            ]}
          />
        }
      />
      <DataTable
        caption="Figures by urgency"
        fileName={`by-urgency-${range}`}
        rows={data.byUrgency}
        rowKey={(row) => row.id}
        columns={groupColumns('Urgency')}
      />
      {showHospitals && (
        <DataTable
          caption="Figures by hospital"
          fileName={`by-hospital-${range}`}
          rows={data.byHospital}
          rowKey={(row) => row.id}
          columns={groupColumns('Hospital')}
        />
      )}
    </Stack>
  );
});
