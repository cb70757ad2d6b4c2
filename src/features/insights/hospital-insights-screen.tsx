// /insights and /insights/hospitals: the filters (kept in the URL), then the figures of the range.
import { Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { getHospitalInsightsOptions } from '../../../generated/@tanstack/react-query.gen.ts';
import { useMe } from '../../lib/use-me.ts';
import { FiltersBar } from './filters-bar.tsx';
import { HospitalInsightsView } from './hospital-insights-view.tsx';
import { InsightsEmpty, InsightsError, InsightsLoading } from './state-views.tsx';
import { toApiQuery, useInsightsFilters } from './use-insights-filters.ts';
import './mantine-styles.ts';

export interface HospitalInsightsScreenProps {
  readonly title: string;
  readonly showHospitals: boolean;
}

export function HospitalInsightsScreen({ title, showHospitals }: HospitalInsightsScreenProps) {
  const { timeZone } = useMe();
  const { filters, update } = useInsightsFilters(timeZone);
  const insights = useQuery({
    ...getHospitalInsightsOptions({ query: { ...toApiQuery(filters), bucket: filters.bucket } }),
    placeholderData: (previous) => previous,
  });
  // The figures render as a deferred update: React builds the charts and tables in slices between other work
  // instead of in one long task, and the loading state stays until they are ready. Until new figures are on
  // the screen, the old ones say they are being replaced (aria-busy).
  const data = useDeferredValue(insights.data);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      <FiltersBar filters={filters} onChange={update} hospitals={data?.hospitals ?? []} />
      {insights.isError ? (
        <InsightsError error={insights.error} onRetry={() => void insights.refetch()} />
      ) : data === undefined ? (
        <InsightsLoading label="Loading the figures…" />
      ) : data.totals.volume === 0 ? (
        <InsightsEmpty message="No case was opened in this range with these filters. Choose a longer period or fewer filters." />
      ) : (
        <div aria-busy={insights.isFetching || data !== insights.data}>
          <HospitalInsightsView
            data={data}
            filters={filters}
            onChange={update}
            showHospitals={showHospitals}
          />
        </div>
      )}
    </Stack>
  );
}
