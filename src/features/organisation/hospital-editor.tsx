// The hospital editor: a new hospital, or an existing one with its administrators. Opened from the table;
// after a conflict it reloads the hospital and starts the form again from what is saved now.
import { Alert, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createHospitalMutation,
  getHospitalOptions,
  listHospitalsQueryKey,
  listSpecialtyCatalogueOptions,
  updateHospitalMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { Hospital } from '../../../generated/types.gen.ts';
import { errorText } from '../../lib/api/index.ts';
import { HospitalAdmins } from './hospital-admins.tsx';
import { HospitalForm, hospitalFormValues, NEW_HOSPITAL } from './hospital-form.tsx';
import { organisationTexts as t } from './labels.ts';

function LoadProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title="This could not be loaded">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorText(error)}</Text>
        <Button variant="default" onClick={onRetry}>
          {t.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

function useCatalogue() {
  return useQuery(listSpecialtyCatalogueOptions());
}

/** Adds a hospital; then `onCreated` opens it for its administrators. */
export function NewHospital({ onCreated }: { readonly onCreated: (hospital: Hospital) => void }) {
  const queryClient = useQueryClient();
  const catalogue = useCatalogue();
  const create = useMutation(createHospitalMutation());
  if (catalogue.isError)
    return <LoadProblem error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  return (
    <HospitalForm
      initial={NEW_HOSPITAL}
      specialties={catalogue.data?.items ?? []}
      submitLabel="Add hospital"
      successText={t.hospitalCreated}
      save={(body) => create.mutateAsync({ body })}
      onSaved={(hospital) => {
        void queryClient.invalidateQueries({ queryKey: listHospitalsQueryKey() });
        onCreated(hospital);
      }}
    />
  );
}

export function EditHospital({ hospitalId }: { readonly hospitalId: string }) {
  const queryClient = useQueryClient();
  const catalogue = useCatalogue();
  const hospital = useQuery(getHospitalOptions({ path: { hospitalId } }));
  const update = useMutation(updateHospitalMutation());
  if (hospital.isPending || catalogue.isPending) {
    return (
      <Text role="status" aria-busy="true">
        {t.loading}
      </Text>
    );
  }
  if (hospital.isError) return <LoadProblem error={hospital.error} onRetry={() => void hospital.refetch()} />;
  if (catalogue.isError)
    return <LoadProblem error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  const current = hospital.data;
  return (
    <Stack gap="md">
      <HospitalForm
        // A new version (saved here, or reloaded after a conflict) starts the form again from it.
        key={current.version}
        initial={hospitalFormValues(current)}
        specialties={catalogue.data.items}
        submitLabel="Save hospital"
        successText={t.hospitalSaved}
        save={(values) =>
          update.mutateAsync({ path: { hospitalId }, body: { ...values, version: current.version } })
        }
        onSaved={(saved) => {
          queryClient.setQueryData(getHospitalOptions({ path: { hospitalId } }).queryKey, saved);
          void queryClient.invalidateQueries({ queryKey: listHospitalsQueryKey() });
        }}
        onReload={() => void hospital.refetch()}
      />
      <Divider />
      <Title order={3} size="h4">
        Administrators
      </Title>
      <HospitalAdmins hospital={current} />
    </Stack>
  );
}
