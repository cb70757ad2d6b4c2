// `Close case`: the final disposition of a responded case, and an optional note.
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { closeCaseMutation } from '../../../../generated/@tanstack/react-query.gen.ts';
import type { CaseClose } from '../../../../generated/types.gen.ts';
import { zCaseClose, zDisposition } from '../../../../generated/zod.gen.ts';
import { caseTexts } from '../labels.ts';
import { SelectField } from '../../../components/select-field.tsx';
import { DISPOSITION_OPTIONS } from './disposition-options.ts';
import { useCaseAction } from './use-case-action.ts';
import { FormFooter } from '../../../components/form-footer.tsx';

interface CloseValues {
  disposition: string;
  note: string;
}

const schema = z.object({
  disposition: z.enum(zDisposition.options, 'Choose the final disposition'),
  note: z.pipe(
    z.pipe(
      z.string().check(z.trim()),
      z.transform((text: string) => (text === '' ? undefined : text)),
    ),
    zCaseClose.shape.note,
  ),
});

export interface CloseCaseDialogProps {
  readonly caseId: string;
  readonly opened: boolean;
  readonly onClose: () => void;
  /** The consultation's disposition, offered as the starting choice. */
  readonly suggested?: string | undefined;
}

export function CloseCaseDialog({ caseId, opened, onClose, suggested }: CloseCaseDialogProps) {
  const close = useMutation(closeCaseMutation());
  const form = useForm<CloseValues, unknown, CaseClose>({
    resolver: zodResolver(schema) as unknown as Resolver<CloseValues, unknown, CaseClose>,
    defaultValues: { disposition: suggested ?? '', note: '' },
  });
  const action = useCaseAction<CloseValues>(caseId, ['disposition', 'note']);
  const onSubmit = form.handleSubmit(async (body) => {
    if (await action.run(() => close.mutateAsync({ path: { caseId }, body }), form.setError)) onClose();
  });
  return (
    <Modal opened={opened} onClose={onClose} title={caseTexts.closeCase}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <SelectField
            control={form.control}
            name="disposition"
            label="Final disposition"
            placeholder="Choose…"
            options={DISPOSITION_OPTIONS}
          />
          <Textarea
            {...form.register('note')}
            label="Note"
            autosize
            minRows={2}
            maxLength={2000}
            error={form.formState.errors.note?.message}
          />
          <FormFooter
            problem={action.problem}
            submitting={form.formState.isSubmitting}
            submitLabel={caseTexts.closeCase}
            onBack={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
