// Adds a user with the sign-up payload: fname is the first word of the display name and lname the rest,
// company_name null, a temporary password, and a forced password change at first sign-in unless unticked.
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import * as z from 'zod/mini';
import { signupMutation } from '../../../generated/@tanstack/react-query.gen.ts';
import type { Role, SignupRequest } from '../../../generated/types.gen.ts';
import { zSignupRequest } from '../../../generated/zod.gen.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { ApiError } from '../../lib/api/index.ts';
import { showServerProblems } from '../../lib/forms/server-problems.ts';
import { refreshAfterUserChange } from './invalidate.ts';
import { roleLabels, userTexts } from './labels.ts';
import { SpecialtiesAndPhoneFields } from './specialties-and-phone-fields.tsx';

// Named as the payload's fields, so the server's field problems land on them.
interface AddUserValues {
  display_name: string;
  email: string;
  role: string;
  contact_info: { phone: string };
  specialty_types: string[];
  password: string;
  force_change_password_next_sign_in: boolean;
}

const FIELDS = new Set([
  'display_name',
  'email',
  'role',
  'contact_info.phone',
  'specialty_types',
  'password',
  'force_change_password_next_sign_in',
]);

/** The sign-up payload's contact_info from a display name: the first word, then the rest. */
export function contactNames(displayName: string): { fname: string; lname: string } {
  const [fname = '', ...rest] = displayName.trim().split(/\s+/);
  return { fname, lname: rest.join(' ') };
}

const formFields = z
  .object({
    display_name: z.string().check(z.trim(), z.minLength(1, 'Enter the person’s name')),
    email: z.string().check(z.trim()),
    role: z.string().check(z.minLength(1, 'Choose a role')),
    contact_info: z.object({ phone: z.string().check(z.trim()) }),
    specialty_types: z.array(z.string()),
    password: z
      .string()
      .check(
        z.refine(
          (value) => value.length >= 12 && /\p{L}/u.test(value) && /\p{Nd}/u.test(value),
          userTexts.passwordRule,
        ),
      ),
    force_change_password_next_sign_in: z.boolean(),
  })
  .check(
    z.refine((values) => values.role !== 'specialist' || values.specialty_types.length > 0, {
      path: ['specialty_types'],
      message: userTexts.chooseSpecialty,
    }),
  );

const toSignupRequest = z.transform((values: z.output<typeof formFields>): SignupRequest => ({
  email: values.email,
  password: values.password,
  role: values.role as Role,
  display_name: values.display_name,
  contact_info: {
    ...contactNames(values.display_name),
    phone: values.contact_info.phone === '' ? null : values.contact_info.phone,
    company_name: null,
  },
  specialty_types: values.role === 'specialist' ? values.specialty_types : [],
  force_change_password_next_sign_in: values.force_change_password_next_sign_in,
}));

const formSchema = z.pipe(z.pipe(formFields, toSignupRequest), zSignupRequest);

export interface AddUserFormProps {
  /** The roles this administrator may give; the first is chosen at first. */
  readonly roles: readonly Role[];
  readonly submitLabel?: string;
  readonly onCreated?: () => void;
}

export function AddUserForm({ roles, submitLabel = 'Add user', onCreated }: AddUserFormProps) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const signup = useMutation(signupMutation());
  const defaults: AddUserValues = {
    display_name: '',
    email: '',
    role: roles.length === 1 ? (roles[0] ?? '') : '',
    contact_info: { phone: '' },
    specialty_types: [],
    password: '',
    force_change_password_next_sign_in: true,
  };
  const form = useForm<AddUserValues, unknown, SignupRequest>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults,
  });
  const role = useWatch({ control: form.control, name: 'role' });

  const onSubmit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      const created = await signup.mutateAsync({ body });
      toast.success(userTexts.created(created.displayName));
      form.reset(defaults);
      await refreshAfterUserChange(queryClient);
      onCreated?.();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        form.setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      setProblem(showServerProblems(error, form.setError, FIELDS));
    }
  });

  const { errors } = form.formState;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        <TextInput
          {...form.register('display_name')}
          label="Name"
          description="As colleagues see it, e.g. Dr Priya Raman"
          withAsterisk
          maxLength={200}
          autoComplete="off"
          error={errors.display_name?.message}
        />
        <TextInput
          {...form.register('email')}
          type="email"
          label="Email"
          withAsterisk
          maxLength={254}
          autoComplete="off"
          error={errors.email?.message}
        />
        {roles.length > 1 && (
          <SelectField
            control={form.control}
            name="role"
            label="Role"
            placeholder="Choose…"
            options={roles.map((value) => ({ value, label: roleLabels[value] }))}
          />
        )}
        <SpecialtiesAndPhoneFields
          form={form}
          specialist={role === 'specialist'}
          specialtiesName="specialty_types"
          phoneName="contact_info.phone"
          phoneAutoComplete="off"
        />
        <PasswordInput
          {...form.register('password')}
          label="Temporary password"
          description={`${userTexts.passwordRule} ${userTexts.temporaryPasswordHint}`}
          withAsterisk
          maxLength={200}
          autoComplete="new-password"
          error={errors.password?.message}
        />
        <Checkbox
          {...form.register('force_change_password_next_sign_in')}
          label="Must choose a new password at first sign-in"
        />
        <FormFooter problem={problem} submitting={form.formState.isSubmitting} submitLabel={submitLabel} />
      </Stack>
    </form>
  );
}
