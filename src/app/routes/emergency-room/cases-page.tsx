// /emergency-room/cases: every case of the emergency room (ER staff and admins). The list comes first; search
// and filters open behind a button, and their code loads then (or on the first sign of intent).
import { Button, Group, Stack, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { routes } from '../../../config/routes.ts';
import { CaseList, prefetchCaseList, useCaseList } from '../../../features/cases/index.ts';
import { useMe } from '../../../lib/use-me.ts';
import { lazyModule } from '../../route-modules.ts';
import { useLazyPanel } from '../../shell/use-lazy-panel.ts';
import { activeFilterCount, type CaseFilters, noFilters, toCaseListQuery } from './case-filters.ts';

const filtersPanel = lazyModule('case-filters-panel', () => import('./case-filters-panel.tsx'));
const PANEL_ID = 'case-filters';

/** The list as it opens, with no filter (the time zone only places a date filter's days). */
export function prefetch(client: QueryClient): void {
  prefetchCaseList(client, toCaseListQuery(noFilters, '', 'UTC'));
}

export function Component() {
  const { timeZone } = useMe();
  const [filters, setFilters] = useState<CaseFilters>(noFilters);
  const [q] = useDebouncedValue(filters.q, 300);
  const list = useCaseList(toCaseListQuery(filters, q, timeZone));
  const [opened, panel] = useDisclosure(false);
  const lazyPanel = useLazyPanel(filtersPanel);
  const Panel = lazyPanel.loaded?.CaseFiltersPanel;
  const active = activeFilterCount(filters);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Cases
        </Title>
        <Group gap="xs">
          {active > 0 && (
            <Button
              variant="subtle"
              onClick={() => {
                setFilters(noFilters);
              }}
            >
              Clear filters
            </Button>
          )}
          <Button
            variant={opened ? 'filled' : 'light'}
            aria-expanded={opened && Panel !== undefined}
            aria-controls={PANEL_ID}
            {...lazyPanel.intentProps}
            onClick={() => {
              if (opened) {
                panel.close();
                return;
              }
              panel.open();
              void lazyPanel.load().then((loaded) => {
                if (!loaded) panel.close();
              });
            }}
          >
            {active > 0 ? `Search and filters (${String(active)})` : 'Search and filters'}
          </Button>
        </Group>
      </Group>
      {opened && Panel && <Panel id={PANEL_ID} filters={filters} onChange={setFilters} />}
      <CaseList
        label="Cases"
        list={list}
        hrefFor={(id) => routes.doctorCase.href({ id })}
        timeZone={timeZone}
        emptyMessage={active > 0 ? 'No cases match these filters.' : 'No cases yet.'}
      />
    </Stack>
  );
}
