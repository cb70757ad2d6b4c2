// The filters of every insights screen: a preset or custom range, hospital, specialty and urgency.
import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { listSpecialtiesOptions } from '../../../generated/@tanstack/react-query.gen.ts';
import { PRESETS, type InsightsFilters, type Preset } from './use-insights-filters.ts';

const URGENCIES = [
  { value: '', label: 'Any urgency' },
  { value: 'emergent', label: 'Emergent' },
  { value: 'urgent', label: 'Urgent' },
  { value: 'routine', label: 'Routine' },
];

export interface FiltersBarProps {
  readonly filters: InsightsFilters;
  readonly onChange: (changes: Partial<InsightsFilters>) => void;
  /** The hospitals to choose from; the choice is hidden when there is only one. */
  readonly hospitals: readonly { id: string; name: string }[];
  /** The specialist report chooses its period only. */
  readonly periodOnly?: boolean;
}

export function FiltersBar({ filters, onChange, hospitals, periodOnly = false }: FiltersBarProps) {
  const specialties = useQuery({ ...listSpecialtiesOptions(), enabled: !periodOnly });
  return (
    <SimpleGrid component="section" aria-label="Filters" cols={{ base: 2, md: 3, lg: 6 }} spacing="sm">
      <NativeSelect
        label="Period"
        value={filters.preset}
        onChange={(event) => {
          const preset = event.currentTarget.value as Preset;
          onChange(preset === 'custom' ? { preset, from: filters.from, to: filters.to } : { preset });
        }}
        data={Object.entries(PRESETS).map(([value, { label }]) => ({ value, label }))}
      />
      <TextInput
        type="date"
        label="From"
        value={filters.from}
        max={filters.to}
        onChange={(event) => {
          const from = event.currentTarget.value;
          if (from) onChange({ preset: 'custom', from });
        }}
      />
      <TextInput
        type="date"
        label="To"
        value={filters.to}
        min={filters.from}
        onChange={(event) => {
          const to = event.currentTarget.value;
          if (to) onChange({ preset: 'custom', to });
        }}
      />
      {hospitals.length > 1 && (
        <NativeSelect
          label="Hospital"
          value={filters.hospitalId}
          onChange={(event) => {
            onChange({ hospitalId: event.currentTarget.value });
          }}
          data={[
            { value: '', label: 'All hospitals' },
            ...hospitals.map((h) => ({ value: h.id, label: h.name })),
          ]}
        />
      )}
      {!periodOnly && (
        <NativeSelect
          label="Specialty"
          value={filters.specialtyId}
          onChange={(event) => {
            onChange({ specialtyId: event.currentTarget.value });
          }}
          data={[
            { value: '', label: 'All specialties' },
            ...(specialties.data?.items ?? []).map((specialty) => ({
              value: specialty.id,
              label: specialty.name,
            })),
          ]}
        />
      )}
      {!periodOnly && (
        <NativeSelect
          label="Urgency"
          value={filters.urgency}
          onChange={(event) => {
            onChange({ urgency: event.currentTarget.value as InsightsFilters['urgency'] });
          }}
          data={URGENCIES}
        />
      )}
    </SimpleGrid>
  );
}
