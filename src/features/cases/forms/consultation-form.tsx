// The assigned specialist's answer: recommendation, disposition and follow-up, `Submit consultation`.
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Stack, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { submitConsultationMutation } from '../../../../generated/@tanstack/react-query.gen.ts';
import type { ConsultationCreate } from '../../../../generated/types.gen.ts';
import { zConsultationCreate, zDisposition } from '../../../../generated/zod.gen.ts';
import { caseTexts } from '../labels.ts';
import { SelectField } from '../../../components/select-field.tsx';
import { DISPOSITION_OPTIONS } from './disposition-options.ts';
import { useCaseAction } from './use-case-action.ts';
import { FormFooter } from '../../../components/form-footer.tsx';
import { requiredField } from '../../../components/required-field.ts';

interface ConsultationValues {
  recommendation: string;
  disposition: string;
  followUp: string;
}

const schema = z.object({
  recommendation: z.pipe(z.string().check(z.trim()), zConsultationCreate.shape.recommendation),
  disposition: z.enum(zDisposition.options, 'Choose what should happen to the patient'),
  followUp: z.pipe(
    z.pipe(
      z.string().check(z.trim()),
      z.transform((text: string) => (text === '' ? undefined : text)),
    ),
    zConsultationCreate.shape.followUp,
  ),
});

export function ConsultationForm({ caseId }: { readonly caseId: string }) {
  const submit = useMutation(submitConsultationMutation());
  const form = useForm<ConsultationValues, unknown, ConsultationCreate>({
    resolver: zodResolver(schema) as unknown as Resolver<ConsultationValues, unknown, ConsultationCreate>,
    defaultValues: { recommendation: '', disposition: '', followUp: '' },
  });
  const action = useCaseAction<ConsultationValues>(caseId, ['recommendation', 'disposition', 'followUp']);
  const onSubmit = form.handleSubmit(async (body) => {
    await action.run(() => submit.mutateAsync({ path: { caseId }, body }), form.setError);
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="consultation-form-title">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="consultation-form-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="consultation-form-title">
            Consultation
          </Title>
          <Textarea
            {...form.register('recommendation')}
            label="Recommendation"
            {...requiredField}
            autosize
            minRows={3}
            maxLength={5000}
            error={form.formState.errors.recommendation?.message}
          />
          <SelectField
            control={form.control}
            name="disposition"
            label="Disposition"
            placeholder="Choose…"
            options={DISPOSITION_OPTIONS}
          />
          <Textarea
            {...form.register('followUp')}
            label="Follow-up"
            autosize
            minRows={2}
            maxLength={2000}
            error={form.formState.errors.followUp?.message}
          />
          <FormFooter
            problem={action.problem}
            submitting={form.formState.isSubmitting}
            submitLabel={caseTexts.submitConsultation}
          />
        </Stack>
      </form>
    </Paper>
  );
}
