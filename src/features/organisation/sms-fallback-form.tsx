// When the hospital's offers go by SMS, kept by its administrator: an offer that reaches none of the
// specialist's devices within these seconds (per urgency) is texted to them, when they turned SMS on.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  getHospitalQueryKey,
  updateHospitalSmsFallbackMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { Hospital, Urgency } from '../../../generated/types.gen.ts';
import { HospitalSettingsSection } from './hospital-settings-section.tsx';
import { useAdminSave } from './use-admin-save.ts';

const URGENCIES: readonly { key: Urgency; label: string }[] = [
  { key: 'emergent', label: 'Emergent' },
  { key: 'urgent', label: 'Urgent' },
  { key: 'routine', label: 'Routine' },
];

// The contract's bounds, with the field named: "Emergent: between 10 and 3600 seconds".
const seconds = (label: string) =>
  z.string().check(
    z.refine((value) => /^\d+$/.test(value.trim()) && Number(value) >= 10 && Number(value) <= 3600, {
      message: `${label}: a whole number of seconds between 10 and 3600`,
    }),
  );
const schema = z.object({
  emergent: seconds('Emergent'),
  urgent: seconds('Urgent'),
  routine: seconds('Routine'),
});
type Values = z.infer<typeof schema>;

function SmsFallbackEditor({ hospital }: { readonly hospital: Hospital }) {
  const queryClient = useQueryClient();
  const save = useAdminSave<Values>(['emergent', 'urgent', 'routine']);
  const update = useMutation(updateHospitalSmsFallbackMutation());
  const current = hospital.smsFallbackSeconds;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      emergent: String(current.emergent),
      urgent: String(current.urgent),
      routine: String(current.routine),
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      emergent: Number(values.emergent),
      urgent: Number(values.urgent),
      routine: Number(values.routine),
    };
    const changed = await save.run(
      () => update.mutateAsync({ path: { hospitalId: hospital.id }, body }),
      form.setError,
      `SMS times saved: ${body.emergent}, ${body.urgent} and ${body.routine} s`,
    );
    if (changed)
      queryClient.setQueryData(getHospitalQueryKey({ path: { hospitalId: hospital.id } }), changed);
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="SMS fallback times">
      <Stack gap="sm">
        <Group gap="sm" align="flex-start" grow wrap="wrap">
          {URGENCIES.map(({ key, label }) => (
            <TextInput
              key={key}
              {...form.register(key)}
              label={`${label}, seconds`}
              type="number"
              inputMode="numeric"
              min={10}
              max={3600}
              miw={120}
              error={form.formState.errors[key]?.message}
            />
          ))}
        </Group>
        {save.problem !== null && (
          <Alert color="gray" title="Not saved" role="alert">
            {save.problem}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting} mih={44}>
            Save SMS times
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SmsFallbackSettings({ hospitalId }: { readonly hospitalId: string }) {
  return (
    <HospitalSettingsSection
      hospitalId={hospitalId}
      titleId="sms-fallback-title"
      title="SMS when an offer is not delivered"
      description="An offer that has reached none of the specialist’s devices after this long is sent to them by SMS, if they turned SMS alerts on. The SMS carries the case number, urgency, specialty, hospital short name and a link, never patient details. Defaults: 60, 120 and 300 seconds."
      editor={(hospital) => <SmsFallbackEditor hospital={hospital} />}
    />
  );
}
