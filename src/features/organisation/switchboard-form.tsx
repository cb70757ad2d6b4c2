// The hospital's switchboard number, kept by its administrator: the new-case form shows it when nobody is on
// call for a specialty, so the ER can still reach a specialist by telephone.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  getCoverageQueryKey,
  getHospitalQueryKey,
  updateHospitalSwitchboardMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { Hospital } from '../../../generated/types.gen.ts';
import { HospitalSettingsSection } from './hospital-settings-section.tsx';
import { useAdminSave } from './use-admin-save.ts';

interface Values {
  switchboardPhone: string;
}

// The contract's pattern, with the fault named: "Switchboard number: use digits, spaces and + ( ) - only".
const schema = z.object({
  switchboardPhone: z.string().check(
    z.trim(),
    z.refine((value) => value === '' || /^\+?[0-9][0-9 ()./-]{2,39}$/.test(value), {
      message: 'Switchboard number: use digits, spaces and + ( ) . / - only, at least 3 characters',
    }),
  ),
});

function SwitchboardEditor({ hospital }: { readonly hospital: Hospital }) {
  const queryClient = useQueryClient();
  const save = useAdminSave<Values>(['switchboardPhone']);
  const update = useMutation(updateHospitalSwitchboardMutation());
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { switchboardPhone: hospital.switchboardPhone ?? '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const phone = values.switchboardPhone.trim();
    const changed = await save.run(
      () =>
        update.mutateAsync({
          path: { hospitalId: hospital.id },
          body: { switchboardPhone: phone === '' ? null : phone },
        }),
      form.setError,
      phone === '' ? 'Switchboard number removed' : `Switchboard number saved: ${phone}`,
    );
    if (changed) {
      queryClient.setQueryData(getHospitalQueryKey({ path: { hospitalId: hospital.id } }), changed);
      await queryClient.invalidateQueries({ queryKey: getCoverageQueryKey() });
      form.reset({ switchboardPhone: changed.switchboardPhone ?? '' });
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Switchboard number">
      <Stack gap="sm">
        <TextInput
          {...form.register('switchboardPhone')}
          label="Switchboard number"
          description="Shown to the ER when nobody is on call for a specialty. Leave empty to remove it."
          type="tel"
          autoComplete="off"
          maxLength={40}
          error={form.formState.errors.switchboardPhone?.message}
        />
        {save.problem !== null && (
          <Alert color="gray" title="Not saved" role="alert">
            {save.problem}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting} mih={44}>
            Save switchboard number
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SwitchboardSettings({ hospitalId }: { readonly hospitalId: string }) {
  return (
    <HospitalSettingsSection
      hospitalId={hospitalId}
      titleId="switchboard-title"
      title="Switchboard"
      description="The number the emergency room calls when no specialist is on call."
      editor={(hospital) => <SwitchboardEditor hospital={hospital} />}
    />
  );
}
