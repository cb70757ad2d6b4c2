// The ER case list's search and filters, loaded when a person opens them: the worklist comes first, and
// its screen does not carry form code most visits never use. Status is a row of chips: one tap each.
import { Button, Chip, Fieldset, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { listSpecialtiesOptions } from '../../../../generated/@tanstack/react-query.gen.ts';
import type { CaseStatus, Urgency } from '../../../../generated/types.gen.ts';
import { caseTexts, statusLabels, urgencyLabels } from '../../../features/cases/index.ts';
import { type CaseFilters, noFilters } from './case-filters.ts';

export interface CaseFiltersPanelProps {
  readonly id: string;
  readonly filters: CaseFilters;
  readonly onChange: (filters: CaseFilters) => void;
}

export function CaseFiltersPanel({ id, filters, onChange }: CaseFiltersPanelProps) {
  const specialties = useQuery(listSpecialtiesOptions());
  const set = <Key extends keyof CaseFilters>(key: Key, value: CaseFilters[Key]) => {
    onChange({ ...filters, [key]: value });
  };
  return (
    <Stack gap="xs" component="section" aria-label="Search and filters" id={id}>
      <TextInput
        label="Search"
        description="Case number or chief complaint"
        value={filters.q}
        maxLength={100}
        data-autofocus
        onChange={(event) => {
          set('q', event.currentTarget.value);
        }}
      />
      <Chip.Group
        multiple
        value={filters.status}
        onChange={(value) => {
          set('status', value);
        }}
      >
        <Fieldset
          legend="Status"
          variant="unstyled"
          styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', padding: 0 } }}
        >
          <Group gap="xs">
            {(Object.keys(statusLabels) as CaseStatus[]).map((status) => (
              <Chip key={status} value={status} size="md" styles={{ label: { minHeight: 44 } }}>
                {statusLabels[status]}
              </Chip>
            ))}
          </Group>
        </Fieldset>
      </Chip.Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
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
            ...(Object.keys(urgencyLabels) as Urgency[]).map((urgency) => ({
              value: urgency,
              label: urgencyLabels[urgency],
            })),
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
            onChange(noFilters);
          }}
        >
          Clear filters
        </Button>
      </Group>
    </Stack>
  );
}
