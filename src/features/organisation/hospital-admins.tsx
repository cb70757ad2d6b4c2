// A hospital's administrators (role `hospital`): who they are, naming an existing user of the hospital by
// email, or creating a new one with the sign-up payload and a temporary password.
import { zodResolver } from '@hookform/resolvers/zod';
import { Fieldset, List, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  addHospitalAdminMutation,
  getHospitalQueryKey,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { Hospital } from '../../../generated/types.gen.ts';
import { zHospitalAdminAdd, zSignupRequest } from '../../../generated/zod.gen.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { signupUser } from '../../lib/auth/index.ts';
import { SaveProblem } from './conflict-alert.tsx';
import { useAdminSave } from './use-admin-save.ts';

type NameValues = z.input<typeof zHospitalAdminAdd>;

function NameExistingAdmin({ hospital, onChanged }: { hospital: Hospital; onChanged: () => void }) {
  const add = useMutation(addHospitalAdminMutation());
  const form = useForm<NameValues>({
    resolver: zodResolver(zHospitalAdminAdd),
    defaultValues: { email: '' },
  });
  const action = useAdminSave<NameValues>(['email']);
  const onSubmit = form.handleSubmit(async (body) => {
    const saved = await action.run(
      () => add.mutateAsync({ path: { hospitalId: hospital.id }, body }),
      form.setError,
      `${body.email} is now an administrator of ${hospital.name}`,
    );
    if (saved) {
      form.reset({ email: '' });
      onChanged();
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Name an existing user">
      <Fieldset legend="Name an existing user of this hospital">
        <Stack gap="xs">
          <TextInput
            {...form.register('email')}
            type="email"
            label="Their email"
            maxLength={320}
            error={form.formState.errors.email?.message}
          />
          <SaveProblem problem={action.problem} conflict={false} />
          <FormFooter
            problem={null}
            submitting={form.formState.isSubmitting}
            submitLabel="Name administrator"
          />
        </Stack>
      </Fieldset>
    </form>
  );
}

const zNewAdmin = z.object({
  display_name: zSignupRequest.shape.display_name,
  email: zSignupRequest.shape.email,
  password: z.string().check(z.minLength(12, 'At least 12 characters'), z.maxLength(200)),
  phone: z.string().check(z.maxLength(50)),
});
type NewAdminValues = z.input<typeof zNewAdmin>;
const EMPTY_ADMIN: NewAdminValues = { display_name: '', email: '', password: '', phone: '' };

function CreateAdmin({ hospital, onChanged }: { hospital: Hospital; onChanged: () => void }) {
  const form = useForm<NewAdminValues>({ resolver: zodResolver(zNewAdmin), defaultValues: EMPTY_ADMIN });
  const action = useAdminSave<NewAdminValues>(['display_name', 'email', 'password']);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const created = await action.run(
      () =>
        signupUser(
          {
            email: values.email,
            password: values.password,
            role: 'hospital',
            display_name: values.display_name,
            phone: values.phone.trim() === '' ? null : values.phone.trim(),
            hospital_id: hospital.id,
            force_change_password_next_sign_in: true,
          },
          // No login afterwards: the administrator stays signed in as themselves.
          {},
        ),
      form.setError,
      `${values.display_name} can now sign in with the temporary password`,
    );
    if (created) {
      form.reset(EMPTY_ADMIN);
      onChanged();
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create an administrator">
      <Fieldset legend="Create a new administrator">
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              {...form.register('display_name')}
              label="Full name"
              withAsterisk
              maxLength={200}
              error={errors.display_name?.message}
            />
            <TextInput
              {...form.register('email')}
              type="email"
              label="Email"
              withAsterisk
              maxLength={254}
              error={errors.email?.message}
            />
            <PasswordInput
              {...form.register('password')}
              label="Temporary password"
              description="They choose their own at first sign-in"
              withAsterisk
              autoComplete="new-password"
              error={errors.password?.message}
            />
            <TextInput {...form.register('phone')} type="tel" label="Phone" maxLength={50} />
          </SimpleGrid>
          <SaveProblem problem={action.problem} conflict={false} />
          <FormFooter
            problem={null}
            submitting={form.formState.isSubmitting}
            submitLabel="Create administrator"
          />
        </Stack>
      </Fieldset>
    </form>
  );
}

export function HospitalAdmins({ hospital }: { readonly hospital: Hospital }) {
  const queryClient = useQueryClient();
  const onChanged = () => {
    void queryClient.invalidateQueries({
      queryKey: getHospitalQueryKey({ path: { hospitalId: hospital.id } }),
    });
  };
  return (
    <Stack gap="sm">
      {hospital.admins.length === 0 ? (
        <Text>No administrator yet: name one below so that the hospital can set itself up.</Text>
      ) : (
        <List aria-label="Administrators">
          {hospital.admins.map((admin) => (
            <List.Item key={admin.id}>
              {admin.displayName} · {admin.email}
            </List.Item>
          ))}
        </List>
      )}
      <CreateAdmin hospital={hospital} onChanged={onChanged} />
      <NameExistingAdmin hospital={hospital} onChanged={onChanged} />
    </Stack>
  );
}
