// A hospital's settings: name, short code, IANA time zone, acknowledgement times per urgency and clinical
// targets per specialty and urgency. The same form adds a hospital and edits one (with its version).
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useFieldArray, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { CatalogueSpecialty, Hospital, Urgency } from '../../../generated/types.gen.ts';
import { zHospitalUpdate } from '../../../generated/zod.gen.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { SaveProblem } from './conflict-alert.tsx';
import { urgencyWords } from './labels.ts';
import { useAdminSave } from './use-admin-save.ts';

const zHospitalForm = z.omit(zHospitalUpdate, { version: true });
export type HospitalFormValues = z.input<typeof zHospitalForm>;
type HospitalFormOutput = z.output<typeof zHospitalForm>;

const URGENCIES: readonly Urgency[] = ['emergent', 'urgent', 'routine'];
const FIELDS = [
  'name',
  'shortCode',
  'timeZone',
  'ackMinutes.emergent',
  'ackMinutes.urgent',
  'ackMinutes.routine',
];

// The browser's own list of IANA zones, offered as suggestions; the server decides what is valid.
const TIME_ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export const NEW_HOSPITAL: HospitalFormValues = {
  name: '',
  shortCode: '',
  timeZone: 'Europe/London',
  ackMinutes: { emergent: 5, urgent: 15, routine: 60 },
  clinicalTargets: [],
};

export function hospitalFormValues(hospital: Hospital): HospitalFormValues {
  return {
    name: hospital.name,
    shortCode: hospital.shortCode,
    timeZone: hospital.timeZone,
    ackMinutes: { ...hospital.ackMinutes },
    clinicalTargets: hospital.clinicalTargets.map((target) => ({ ...target })),
  };
}

export interface HospitalFormProps {
  readonly initial: HospitalFormValues;
  readonly specialties: readonly CatalogueSpecialty[];
  readonly submitLabel: string;
  readonly successText: (name: string) => string;
  readonly save: (values: HospitalFormOutput) => Promise<Hospital>;
  readonly onSaved: (hospital: Hospital) => void;
  /** Offered after a conflict: read the hospital again and start from it. */
  readonly onReload?: () => void;
}

export function HospitalForm({
  initial,
  specialties,
  submitLabel,
  successText,
  save,
  onSaved,
  onReload,
}: HospitalFormProps) {
  const form = useForm<HospitalFormValues, unknown, HospitalFormOutput>({
    resolver: zodResolver(zHospitalForm),
    defaultValues: initial,
  });
  const targets = useFieldArray({ control: form.control, name: 'clinicalTargets' });
  const action = useAdminSave<HospitalFormValues>([
    ...FIELDS,
    ...targets.fields.flatMap((_, index) => [
      `clinicalTargets.${index}.specialtyId`,
      `clinicalTargets.${index}.minutes`,
    ]),
  ]);
  const { errors } = form.formState;
  const active = specialties.filter((specialty) => !specialty.retired);
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await action.run(() => save(values), form.setError, successText(values.name));
    if (saved) onSaved(saved);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Hospital">
      <Stack gap="sm">
        <TextInput
          {...form.register('name')}
          label="Name"
          withAsterisk
          maxLength={200}
          error={errors.name?.message}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...form.register('shortCode', {
              setValueAs: (value: string) => value.trim().toUpperCase(),
            })}
            label="Short code"
            description="2–8 capital letters or digits, starts each case number (SGH-000042)"
            withAsterisk
            maxLength={8}
            error={errors.shortCode?.message}
          />
          <TextInput
            {...form.register('timeZone')}
            label="Time zone"
            description="An IANA name, e.g. Europe/London"
            withAsterisk
            maxLength={64}
            list="iana-time-zones"
            autoComplete="off"
            error={errors.timeZone?.message}
          />
        </SimpleGrid>
        <datalist id="iana-time-zones">
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <Fieldset legend="Minutes to accept before escalating">
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            {URGENCIES.map((urgency) => (
              <TextInput
                key={urgency}
                {...form.register(`ackMinutes.${urgency}`, { valueAsNumber: true })}
                type="number"
                inputMode="numeric"
                min={1}
                max={1440}
                label={urgencyWords[urgency]}
                withAsterisk
                error={errors.ackMinutes?.[urgency]?.message}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Clinical targets">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              A specialist of this specialty should accept a case of this urgency within so many minutes (e.g.
              Neurology, emergent: 15).
            </Text>
            {targets.fields.map((field, index) => (
              <Group key={field.id} align="flex-end" gap="xs" wrap="wrap">
                <NativeSelect
                  {...form.register(`clinicalTargets.${index}.specialtyId`)}
                  label="Specialty"
                  data={[
                    { value: '', label: 'Choose…' },
                    ...active.map((specialty) => ({ value: specialty.id, label: specialty.name })),
                  ]}
                  error={errors.clinicalTargets?.[index]?.specialtyId?.message}
                  miw={180}
                />
                <NativeSelect
                  {...form.register(`clinicalTargets.${index}.urgency`)}
                  label="Urgency"
                  data={URGENCIES.map((urgency) => ({ value: urgency, label: urgencyWords[urgency] }))}
                />
                <TextInput
                  {...form.register(`clinicalTargets.${index}.minutes`, { valueAsNumber: true })}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={1440}
                  label="Minutes"
                  w={110}
                  error={errors.clinicalTargets?.[index]?.minutes?.message}
                />
                <Button
                  variant="default"
                  mih={44}
                  onClick={() => {
                    targets.remove(index);
                  }}
                  aria-label={`Remove clinical target ${index + 1}`}
                >
                  Remove
                </Button>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                mih={44}
                onClick={() => {
                  targets.append({ specialtyId: '', urgency: 'emergent', minutes: 15 });
                }}
              >
                Add clinical target
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        <SaveProblem
          problem={action.problem}
          conflict={action.conflict}
          {...(onReload ? { onReload } : {})}
        />
        <FormFooter problem={null} submitting={form.formState.isSubmitting} submitLabel={submitLabel} />
      </Stack>
    </form>
  );
}
