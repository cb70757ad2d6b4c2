// A confirm dialog with a text reason: declining (reason required) or cancelling (reason optional).
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { useCaseAction } from './use-case-action.ts';
import { FormFooter } from '../../../components/form-footer.tsx';
// Loaded on its own, the first time it opens: the feature's Mantine styles come with it.
import '../mantine-styles.ts';

interface ReasonValues {
  reason: string;
}

export interface ReasonDialogProps {
  readonly caseId: string;
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly title: string;
  readonly reasonLabel: string;
  readonly confirmLabel: string;
  /** The generated schema of the body: it decides whether a reason is needed and how long it may be. */
  readonly schema: z.ZodMiniType<{ reason?: string | undefined }, { reason?: string | undefined }>;
  readonly send: (body: { reason?: string }) => Promise<unknown>;
}

export function ReasonDialog({
  caseId,
  opened,
  onClose,
  title,
  reasonLabel,
  confirmLabel,
  schema,
  send,
}: ReasonDialogProps) {
  const formSchema = z.pipe(
    z.pipe(
      z.object({ reason: z.string().check(z.trim()) }),
      z.transform(({ reason }: { reason: string }) => (reason === '' ? {} : { reason })),
    ),
    schema,
  );
  const form = useForm<ReasonValues, unknown, { reason?: string }>({
    resolver: zodResolver(formSchema),
    defaultValues: { reason: '' },
  });
  const action = useCaseAction<ReasonValues>(caseId, ['reason']);
  const onSubmit = form.handleSubmit(async (body) => {
    if (await action.run(() => send(body), form.setError)) onClose();
  });
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <Textarea
            {...form.register('reason')}
            label={reasonLabel}
            autosize
            minRows={2}
            maxLength={500}
            error={form.formState.errors.reason?.message}
            data-autofocus
          />
          <FormFooter
            problem={action.problem}
            submitting={form.formState.isSubmitting}
            submitLabel={confirmLabel}
            onBack={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
