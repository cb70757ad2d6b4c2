// /insights/physicians: per specialist for the admins; a specialist's own figures beside their specialty's
// median at their hospital (never another named physician's). Same filters, chart, table and CSV.
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getPhysicianInsightsOptions } from '../../../generated/@tanstack/react-query.gen.ts';
import type { PhysicianFigures } from '../../../generated/types.gen.ts';
import { csvFileName, secondsToMinutes } from '../../lib/csv.ts';
import { useMe } from '../../lib/use-me.ts';
import { ChartFigure } from './chart-figure.tsx';
import { BarChart } from './charts.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { FiltersBar } from './filters-bar.tsx';
import { formatCount, formatDuration, formatShare, toMinutes } from './format.ts';
import { InsightsEmpty, InsightsError, InsightsLoading } from './state-views.tsx';
import { toApiQuery, useInsightsFilters } from './use-insights-filters.ts';
import './mantine-styles.ts';

export const physicianColumns: readonly Column<PhysicianFigures>[] = [
  {
    header: 'Physician',
    cell: (row) => row.physician.displayName,
    csv: { header: 'physician', value: (row) => row.physician.displayName },
  },
  {
    header: 'Offered',
    cell: (row) => formatCount(row.offered),
    csv: { header: 'offered', value: (row) => row.offered },
    numeric: true,
  },
  {
    header: 'Accepted',
    cell: (row) => formatCount(row.accepted),
    csv: { header: 'accepted', value: (row) => row.accepted },
    numeric: true,
  },
  {
    header: 'Declined',
    cell: (row) => formatCount(row.declined),
    csv: { header: 'declined', value: (row) => row.declined },
    numeric: true,
  },
  {
    header: 'Median response',
    cell: (row) => formatDuration(row.responseMedian),
    csv: { header: 'response_median_min', value: (row) => secondsToMinutes(row.responseMedian) },
    numeric: true,
  },
  {
    header: '90th percentile response',
    cell: (row) => formatDuration(row.responseP90),
    csv: { header: 'response_p90_min', value: (row) => secondsToMinutes(row.responseP90) },
    numeric: true,
  },
  {
    header: 'Answered within time',
    cell: (row) => formatShare(row.withinAckShare),
    csv: { header: 'share_within_ack', value: (row) => row.withinAckShare },
    numeric: true,
  },
];

export function OwnFigures({
  row,
  specialtyMedian,
}: {
  readonly row: PhysicianFigures;
  readonly specialtyMedian: number | null;
}) {
  const items = [
    { label: 'My median response', value: formatDuration(row.responseMedian) },
    { label: 'My specialty’s median at this hospital', value: formatDuration(specialtyMedian) },
    { label: 'Offered to me', value: formatCount(row.offered) },
    { label: 'Accepted', value: formatCount(row.accepted) },
    { label: 'Declined', value: formatCount(row.declined) },
    { label: 'Answered within time', value: formatShare(row.withinAckShare) },
  ];
  return (
    <SimpleGrid component="dl" aria-label="My figures" cols={{ base: 2, md: 3 }} spacing="sm" m={0}>
      {items.map((item) => (
        <Paper key={item.label} withBorder p="sm">
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={700} fz="xl">
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function PhysicianInsightsScreen({ title }: { readonly title: string }) {
  const { me, timeZone } = useMe();
  const { filters, update } = useInsightsFilters(timeZone);
  const self = me?.roles.includes('specialist') === true && me.hospital !== null;
  const insights = useQuery({
    ...getPhysicianInsightsOptions({ query: toApiQuery(filters) }),
    placeholderData: (previous) => previous,
  });
  const { data } = insights;
  const own = data?.items[0];
  const chartRows = (data?.items ?? []).map((row) => ({
    label: row.physician.displayName,
    value: toMinutes(row.responseMedian),
  }));
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <FiltersBar filters={filters} onChange={update} hospitals={[]} />
      {insights.isError ? (
        <InsightsError error={insights.error} onRetry={() => void insights.refetch()} />
      ) : data === undefined ? (
        <InsightsLoading label="Loading the figures…" />
      ) : data.items.length === 0 ? (
        <InsightsEmpty message="No case was offered in this range with these filters. Choose a longer period or fewer filters." />
      ) : (
        <Stack gap="md" aria-busy={insights.isFetching}>
          {self && own && <OwnFigures row={own} specialtyMedian={data.specialtyMedian} />}
          <ChartFigure
            title="Median response by physician"
            chart={
              <BarChart
                layout="rows"
                bars={chartRows}
                unit=" min"
                series={{ name: 'Median response (min)', color: 'blue.7' }}
              />
            }
            table={
              <DataTable
                caption="Figures by physician"
                fileName={csvFileName('physicians', {
                  hospitalId: filters.hospitalId || (me?.hospital?.id ?? ''),
                  specialtyId: filters.specialtyId,
                  urgency: filters.urgency,
                  from: data.range.from,
                  to: data.range.to,
                })}
                rows={data.items}
                rowKey={(row) => row.physician.id}
                columns={physicianColumns}
              />
            }
          />
        </Stack>
      )}
    </Stack>
  );
}
