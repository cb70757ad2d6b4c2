// The system's specialty catalogue: search it, add a specialty, rename one, retire it (kept with its
// history, no longer offered for new cases or shifts) or bring it back.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  createSpecialtyMutation,
  listSpecialtyCatalogueOptions,
  listSpecialtyCatalogueQueryKey,
  updateSpecialtyMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { CatalogueSpecialty } from '../../../generated/types.gen.ts';
import { zSpecialtyCreate } from '../../../generated/zod.gen.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { errorText } from '../../lib/api/index.ts';
import { SaveProblem } from './conflict-alert.tsx';
import { organisationTexts as t } from './labels.ts';
import { useAdminSave } from './use-admin-save.ts';

type NameValues = z.input<typeof zSpecialtyCreate>;

function useRefreshCatalogue() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: listSpecialtyCatalogueQueryKey() });
}

function AddSpecialty() {
  const refresh = useRefreshCatalogue();
  const create = useMutation(createSpecialtyMutation());
  const form = useForm<NameValues>({ resolver: zodResolver(zSpecialtyCreate), defaultValues: { name: '' } });
  const action = useAdminSave<NameValues>(['name']);
  const onSubmit = form.handleSubmit(async (body) => {
    const created = await action.run(
      () => create.mutateAsync({ body }),
      form.setError,
      t.specialtyAdded(body.name),
    );
    if (created) {
      form.reset({ name: '' });
      await refresh();
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add a specialty">
      <Stack gap="xs">
        <TextInput
          {...form.register('name')}
          label="New specialty"
          maxLength={100}
          error={form.formState.errors.name?.message}
        />
        <SaveProblem problem={action.problem} conflict={false} />
        <FormFooter problem={null} submitting={form.formState.isSubmitting} submitLabel="Add specialty" />
      </Stack>
    </form>
  );
}

function SpecialtyRow({ specialty }: { specialty: CatalogueSpecialty }) {
  const refresh = useRefreshCatalogue();
  const update = useMutation(updateSpecialtyMutation());
  const [renaming, setRenaming] = useState(false);
  const form = useForm<NameValues>({
    resolver: zodResolver(zSpecialtyCreate),
    defaultValues: { name: specialty.name },
  });
  const action = useAdminSave<NameValues>(['name']);
  const send = async (change: { name: string; retired: boolean }, success: string) => {
    const saved = await action.run(
      () =>
        update.mutateAsync({
          path: { specialtyId: specialty.id },
          body: { ...change, version: specialty.version },
        }),
      form.setError,
      success,
    );
    if (saved) {
      setRenaming(false);
      await refresh();
    }
  };
  const onRename = form.handleSubmit((body) =>
    send({ name: body.name, retired: specialty.retired }, t.specialtySaved(body.name)),
  );
  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{specialty.name}</Text>
            {specialty.retired && <Badge color="gray">Retired</Badge>}
          </Group>
          <Group gap="xs">
            <Button
              variant="default"
              mih={44}
              onClick={() => {
                setRenaming(!renaming);
              }}
              aria-expanded={renaming}
              aria-label={`Rename ${specialty.name}`}
            >
              Rename
            </Button>
            <Button
              variant="default"
              mih={44}
              aria-label={`${specialty.retired ? 'Bring back' : 'Retire'} ${specialty.name}`}
              onClick={() =>
                void send(
                  { name: specialty.name, retired: !specialty.retired },
                  specialty.retired ? `${specialty.name} is offered again` : `${specialty.name} retired`,
                )
              }
            >
              {specialty.retired ? 'Bring back' : 'Retire'}
            </Button>
          </Group>
        </Group>
        {renaming && (
          <form onSubmit={(event) => void onRename(event)} noValidate aria-label={`Rename ${specialty.name}`}>
            <Stack gap="xs">
              <TextInput
                {...form.register('name')}
                label="Name"
                maxLength={100}
                error={form.formState.errors.name?.message}
                data-autofocus
              />
              <FormFooter problem={null} submitting={form.formState.isSubmitting} submitLabel="Save name" />
            </Stack>
          </form>
        )}
        <SaveProblem problem={action.problem} conflict={action.conflict} onReload={() => void refresh()} />
      </Stack>
    </Paper>
  );
}

export function SpecialtyCatalogue() {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const list = useQuery(listSpecialtyCatalogueOptions({ query: q === '' ? {} : { q } }));
  return (
    <Stack gap="sm">
      <AddSpecialty />
      <TextInput
        type="search"
        label="Search the catalogue"
        value={search}
        maxLength={100}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
        }}
      />
      {list.isPending && (
        <Text role="status" aria-busy="true">
          {t.loading}
        </Text>
      )}
      {list.isError && (
        <Alert color="red" role="alert" title="The catalogue could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(list.error)}</Text>
            <Button variant="default" onClick={() => void list.refetch()}>
              {t.retry}
            </Button>
          </Stack>
        </Alert>
      )}
      {list.data?.items.length === 0 && (
        <Text>{q === '' ? 'The catalogue is empty: add the first specialty.' : 'No specialty matches.'}</Text>
      )}
      {list.data && list.data.items.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.catalogue}>
          {list.data.items.map((specialty) => (
            <SpecialtyRow key={`${specialty.id}-${specialty.version}`} specialty={specialty} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
