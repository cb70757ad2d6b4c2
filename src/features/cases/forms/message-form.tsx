// A message to the case's thread: `Send`.
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { postCaseMessageMutation } from '../../../../generated/@tanstack/react-query.gen.ts';
import type { MessageCreate } from '../../../../generated/types.gen.ts';
import { zMessageCreate } from '../../../../generated/zod.gen.ts';
import { caseTexts } from '../labels.ts';
import { useCaseAction } from './use-case-action.ts';
import { FormFooter } from '../../../components/form-footer.tsx';

export function MessageForm({ caseId }: { readonly caseId: string }) {
  const post = useMutation(postCaseMessageMutation());
  const form = useForm<MessageCreate>({ resolver: zodResolver(zMessageCreate), defaultValues: { body: '' } });
  const action = useCaseAction<MessageCreate>(caseId, ['body']);
  const onSubmit = form.handleSubmit(async (body) => {
    const sent = await action.run(() => post.mutateAsync({ path: { caseId }, body }), form.setError);
    if (sent) form.reset({ body: '' });
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="New message">
      <Stack gap="xs">
        <Textarea
          {...form.register('body')}
          label="Message"
          autosize
          minRows={2}
          maxLength={4000}
          error={form.formState.errors.body?.message}
        />
        <FormFooter
          problem={action.problem}
          submitting={form.formState.isSubmitting}
          submitLabel={caseTexts.send}
        />
      </Stack>
    </form>
  );
}
