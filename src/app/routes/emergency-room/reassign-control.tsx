// The ER admin's "Reassign" on an overdue row of the board: choose another specialist of the case's
// specialty at the hospital and offer the case to them instead (they are alerted at once).
import { Button, NativeSelect, Popover, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  listSpecialistSchedulesOptions,
  reassignCaseMutation,
} from '../../../../generated/@tanstack/react-query.gen.ts';
import type { CaseSummary } from '../../../../generated/types.gen.ts';
import { ErrorState } from '../../../components/states.tsx';
import { refreshAfterCaseChange } from '../../../features/cases/index.ts';
import { errorText } from '../../../lib/api/index.ts';

export function ReassignControl({ item }: { item: CaseSummary }) {
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState('');
  const queryClient = useQueryClient();
  const people = useQuery({ ...listSpecialistSchedulesOptions(), enabled: opened });
  const offered = new Set(item.offeredTo.map((offer) => offer.specialist.id));
  const choices = (people.data?.items ?? [])
    .filter((entry) => entry.specialties.includes(item.specialty.name) && !offered.has(entry.specialist.id))
    .map((entry) => ({ value: entry.specialist.id, label: entry.specialist.displayName }));
  const reassign = useMutation({
    ...reassignCaseMutation(),
    onSuccess: async (changed) => {
      setOpened(false);
      await refreshAfterCaseChange(queryClient, item.id, changed);
    },
  });
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-end" withArrow>
      <Popover.Target>
        <Button
          size="sm"
          variant="default"
          aria-label={`Reassign case ${item.displayNumber}`}
          onClick={() => {
            setOpened((open) => !open);
          }}
        >
          Reassign
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" maw={280}>
          {people.isPending ? (
            <Text size="sm">Loading specialists…</Text>
          ) : people.error !== null ? (
            <ErrorState
              title="The specialists could not be loaded."
              message={errorText(people.error)}
              onRetry={() => void people.refetch()}
              retrying={people.isRefetching}
            />
          ) : choices.length === 0 ? (
            <Text size="sm">No other {item.specialty.name} specialist at this hospital.</Text>
          ) : (
            <>
              <NativeSelect
                label={`Offer case ${item.displayNumber} to`}
                data={[{ value: '', label: 'Choose a specialist' }, ...choices]}
                value={chosen}
                onChange={(event) => {
                  setChosen(event.currentTarget.value);
                }}
              />
              <Button
                disabled={chosen === ''}
                loading={reassign.isPending}
                onClick={() => {
                  reassign.mutate({ path: { caseId: item.id }, body: { specialistId: chosen } });
                }}
              >
                Offer to them
              </Button>
            </>
          )}
          {reassign.isError ? (
            <Text size="sm" c="red.9" role="alert">
              {errorText(reassign.error)}
            </Text>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
