// /emergency-room/cases: every case of the emergency room (ER staff and admins), with filters.
import { Button, Group, MultiSelect, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listSpecialtiesOptions } from '../../../../generated/@tanstack/react-query.gen.ts';
import type { CaseStatus, Urgency } from '../../../../generated/types.gen.ts';
import { zCaseStatus, zUrgency } from '../../../../generated/zod.gen.ts';
import { routes } from '../../../config/routes.ts';
import {
  CaseList,
  type CaseListQuery,
  caseTexts,
  statusLabels,
  urgencyLabels,
  useCaseList,
} from '../../../features/cases/index.ts';
import { useMe } from '../../../lib/use-me.ts';
import { wallTimeToIso } from '../../../lib/date-time.ts';

interface Filters {
  status: CaseStatus[];
  specialtyId: string;
  urgency: string;
  from: string;
  to: string;
  q: string;
}

const noFilters: Filters = { status: [], specialtyId: '', urgency: '', from: '', to: '', q: '' };

// A date from a date input is a day in the hospital: from its first minute, to the first minute of the next.
function dayStart(date: string, timeZone: string, addDays = 0): string | undefined {
  if (date === '') return undefined;
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + addDays);
  return wallTimeToIso(`${day.toISOString().slice(0, 10)}T00:00`, timeZone) ?? undefined;
}

function toQuery(filters: Filters, q: string, timeZone: string): CaseListQuery {
  const query: CaseListQuery = { scope: 'all' };
  if (filters.status.length > 0) query.status = filters.status;
  if (filters.specialtyId !== '') query.specialtyId = filters.specialtyId;
  if (filters.urgency !== '') query.urgency = filters.urgency as Urgency;
  const from = dayStart(filters.from, timeZone);
  const to = dayStart(filters.to, timeZone, 1);
  if (from) query.from = from;
  if (to) query.to = to;
  if (q.trim() !== '') query.q = q.trim();
  return query;
}

export function Component() {
  const { timeZone } = useMe();
  const specialties = useQuery(listSpecialtiesOptions());
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [q] = useDebouncedValue(filters.q, 300);
  const list = useCaseList(toQuery(filters, q, timeZone));
  const set = <Key extends keyof Filters>(key: Key, value: Filters[Key]) => {
    setFilters((current) => ({ ...current, [key]: value }));
  };
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Cases
      </Title>
      <Stack gap="xs" component="section" aria-label="Filters">
        <TextInput
          label="Search"
          description="Case number or chief complaint"
          value={filters.q}
          maxLength={100}
          onChange={(event) => {
            set('q', event.currentTarget.value);
          }}
        />
        <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
          <MultiSelect
            label="Status"
            placeholder="Any status"
            value={filters.status}
            onChange={(value) => {
              set('status', value);
            }}
            data={zCaseStatus.options.map((status) => ({ value: status, label: statusLabels[status] }))}
            clearable
          />
          <NativeSelect
            label={caseTexts.specialty}
            value={filters.specialtyId}
            onChange={(event) => {
              set('specialtyId', event.currentTarget.value);
            }}
            data={[
              { value: '', label: 'All specialties' },
              ...(specialties.data?.items ?? []).map((specialty) => ({
                value: specialty.id,
                label: specialty.name,
              })),
            ]}
          />
          <NativeSelect
            label={caseTexts.urgency}
            value={filters.urgency}
            onChange={(event) => {
              set('urgency', event.currentTarget.value);
            }}
            data={[
              { value: '', label: 'Any urgency' },
              ...zUrgency.options.map((urgency) => ({ value: urgency, label: urgencyLabels[urgency] })),
            ]}
          />
          <TextInput
            type="date"
            label="Opened from"
            value={filters.from}
            onChange={(event) => {
              set('from', event.currentTarget.value);
            }}
          />
          <TextInput
            type="date"
            label="Opened until"
            value={filters.to}
            onChange={(event) => {
              set('to', event.currentTarget.value);
            }}
          />
        </SimpleGrid>
        <Group>
          <Button
            variant="subtle"
            onClick={() => {
              setFilters(noFilters);
            }}
          >
            Clear filters
          </Button>
        </Group>
      </Stack>
      <CaseList
        label="Cases"
        cases={list.cases}
        hrefFor={(id) => routes.doctorCase.href({ id })}
        timeZone={timeZone}
        emptyMessage="No cases match these filters."
        isPending={list.isPending}
        error={list.error}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        onLoadMore={list.loadMore}
      />
    </Stack>
  );
}
