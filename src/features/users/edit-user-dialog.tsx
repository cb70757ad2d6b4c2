// Edits a user's specialties (specialists) and contact details against the version the list showed; when
// someone else saved first, the server answers 409 and the dialog offers to reload.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import * as z from 'zod/mini';
import { updateUserMutation } from '../../../generated/@tanstack/react-query.gen.ts';
import type { UserAccount, UserUpdate } from '../../../generated/types.gen.ts';
import { zUserUpdate } from '../../../generated/zod.gen.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { ApiError } from '../../lib/api/index.ts';
import { showServerProblems } from '../../lib/forms/server-problems.ts';
import { refreshAfterUserChange } from './invalidate.ts';
import { userTexts } from './labels.ts';
import { SpecialtiesAndPhoneFields } from './specialties-and-phone-fields.tsx';

interface EditValues {
  specialtyTypes: string[];
  phone: string;
  pager: string;
}

const FIELDS = new Set(['specialtyTypes', 'phone', 'pager']);

function schemaFor(user: UserAccount) {
  const isSpecialist = user.roles.includes('specialist');
  const fields = z
    .object({
      specialtyTypes: z.array(z.string()),
      phone: z.string().check(z.trim()),
      pager: z.string().check(z.trim()),
    })
    .check(
      z.refine((values) => !isSpecialist || values.specialtyTypes.length > 0, {
        path: ['specialtyTypes'],
        message: userTexts.chooseSpecialty,
      }),
    );
  const toUpdate = z.transform((values: z.output<typeof fields>): UserUpdate => ({
    version: user.version,
    ...(isSpecialist ? { specialtyTypes: values.specialtyTypes } : {}),
    phone: values.phone === '' ? null : values.phone,
    pager: values.pager === '' ? null : values.pager,
  }));
  return z.pipe(z.pipe(fields, toUpdate), zUserUpdate);
}

export interface EditUserDialogProps {
  readonly user: UserAccount;
  readonly onClose: () => void;
}

export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const update = useMutation(updateUserMutation());
  const form = useForm<EditValues, unknown, UserUpdate>({
    resolver: zodResolver(schemaFor(user)),
    defaultValues: {
      specialtyTypes: [...user.specialtyTypes],
      phone: user.phone ?? '',
      pager: user.pager ?? '',
    },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    setProblem(null);
    setStale(false);
    try {
      await update.mutateAsync({ path: { userId: user.id }, body });
      toast.success(userTexts.saved(user.displayName));
      await refreshAfterUserChange(queryClient);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setStale(true);
        return;
      }
      setProblem(showServerProblems(error, form.setError, FIELDS));
    }
  });

  const reload = async () => {
    await refreshAfterUserChange(queryClient);
    onClose();
  };

  const { errors } = form.formState;
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Edit ${user.displayName}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          {stale && (
            <Alert color="orange" role="alert" title="Changed by someone else">
              <Stack gap="xs" align="flex-start">
                {userTexts.stale}
                <Button variant="default" onClick={() => void reload()}>
                  {userTexts.reload}
                </Button>
              </Stack>
            </Alert>
          )}
          <SpecialtiesAndPhoneFields
            form={form}
            specialist={user.roles.includes('specialist')}
            specialtiesName="specialtyTypes"
            phoneName="phone"
          />
          <TextInput {...form.register('pager')} label="Pager" maxLength={40} error={errors.pager?.message} />
          <FormFooter
            problem={problem}
            submitting={form.formState.isSubmitting}
            submitLabel="Save"
            onBack={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
