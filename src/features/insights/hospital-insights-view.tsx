// The hospital figures of a range: headline figures, then the charts people look at (time to accept over
// time, share within target per specialty, volume by hour and weekday), each with the table behind it.
import { Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { HospitalInsights } from '../../../generated/types.gen.ts';
import { csvFileName } from '../../lib/csv.ts';
import { ChartFigure } from './chart-figure.tsx';
import { BarChart } from './charts.tsx';
import { DataTable } from './data-table.tsx';
import { formatCount, WEEKDAYS } from './format.ts';
import { groupColumns } from './group-columns.ts';
import { HeadlineFigures } from './headline.tsx';
import { TimeToAcceptFigure } from './time-to-accept-figure.tsx';
import type { InsightsFilters } from './use-insights-filters.ts';

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
  const approximate = data.percentileError !== undefined;
  return (
    <Stack gap="md">
      <HeadlineFigures current={data.totals} previous={data.previousTotals} approximate={approximate} />
      {data.percentileError ? (
        <Text size="sm" c="dimmed">
          ≈ Medians and 90th percentiles are approximate: within {data.percentileError.seconds} s, or{' '}
          {Math.round(data.percentileError.share * 100)} % of the value, of the exact figure. Counts and
          shares are exact.
        </Text>
      ) : null}
      <TimeToAcceptFigure
        data={data}
        bucket={filters.bucket}
        onBucket={(bucket) => {
          onChange({ bucket });
        }}
        fileName={fileName('time-to-accept')}
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
            columns={groupColumns('Specialty', 'specialty', approximate)}
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
        columns={groupColumns('Urgency', 'urgency', approximate)}
      />
      {showHospitals && (
        <DataTable
          caption="Figures by hospital"
          fileName={fileName('by-hospital')}
          rows={data.byHospital}
          rowKey={(row) => row.id}
          columns={groupColumns('Hospital', 'hospital', approximate)}
        />
      )}
    </Stack>
  );
});
