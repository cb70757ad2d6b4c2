// /settings for every user: the profile (display name, mobile number), the notification preferences (sound,
// toasts; kept on the server, per user), the alerts by SMS and e-mail and, for the embedded identity provider's users, a new password.
// Profile and preferences save the whole settings record with the version read: a stale one answers 409
// and the form offers to reload.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import * as z from 'zod/mini';
import {
  changeMyPasswordMutation,
  getMySettingsOptions,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { MySettings, NotificationPreferences } from '../../../generated/types.gen.ts';
import { zMySettingsUpdate, zPasswordChange } from '../../../generated/zod.gen.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { ApiError, retryText } from '../../lib/api/index.ts';
import { showServerProblems } from '../../lib/forms/server-problems.ts';
import { isMobileNumber, MOBILE_NUMBER_RULE, SmsAlertsSection } from './sms-alerts.tsx';
import { Section } from './settings-section.tsx';
import { useSaveSettings } from './use-save-settings.ts';

/** The password rule the server applies, said before the person types (the forced change says the same). */
export const PASSWORD_RULE =
  'Use at least 12 characters, with at least one letter and one digit, and nothing common, easy to guess or made of your name or email.';

const profileSchema = z.object({
  displayName: z.pipe(
    z.string().check(z.trim(), z.minLength(1, 'Enter your name as colleagues know it')),
    zMySettingsUpdate.shape.displayName,
  ),
  phone: z.pipe(z.string().check(z.trim()), zMySettingsUpdate.shape.phone.def.innerType),
});
type ProfileValues = z.input<typeof profileSchema>;

function ConflictReload({ onReload }: { onReload: () => void }) {
  return (
    <Button variant="default" mih={44} onClick={onReload}>
      Reload
    </Button>
  );
}

function ProfileForm({ settings }: { settings: MySettings }) {
  const save = useSaveSettings(settings);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { displayName: settings.displayName, phone: settings.phone ?? '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const phone = values.phone.trim();
    // SMS alerts go to this number: while they are on, it must be one a provider can text.
    if (settings.smsFallback && !isMobileNumber(phone)) {
      form.setError('phone', { message: MOBILE_NUMBER_RULE });
      return;
    }
    try {
      await save.send({ displayName: values.displayName.trim(), phone: phone || null });
      toast('Profile saved');
    } catch (error) {
      save.setConflict(error instanceof ApiError && error.status === 409);
      setProblem(showServerProblems(error, form.setError, new Set(['displayName', 'phone'])));
    }
  });
  return (
    <Section id="settings-profile" title="Profile">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="settings-profile">
        <Stack gap="sm">
          <TextInput
            label="Email"
            value={settings.email}
            readOnly
            description="Your sign-in; an administrator changes it."
          />
          <TextInput
            {...form.register('displayName')}
            label="Display name"
            required
            maxLength={200}
            autoComplete="name"
            error={form.formState.errors.displayName?.message}
          />
          <TextInput
            {...form.register('phone')}
            label="Mobile number"
            description="In international form, e.g. +44 7700 900123: SMS alerts go to it."
            type="tel"
            maxLength={40}
            autoComplete="tel"
            error={form.formState.errors.phone?.message}
          />
          {save.conflict && problem !== null ? (
            <Alert color="yellow" role="alert" title="Not saved">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{problem}</Text>
                <ConflictReload onReload={save.reload} />
              </Stack>
            </Alert>
          ) : null}
          <FormFooter
            problem={save.conflict ? null : problem}
            submitting={form.formState.isSubmitting}
            submitLabel="Save profile"
          />
        </Stack>
      </form>
    </Section>
  );
}

function PreferencesForm({ settings }: { settings: MySettings }) {
  const save = useSaveSettings(settings);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const toggle = async (change: Partial<NotificationPreferences>, said: string) => {
    setProblem(null);
    setSaving(true);
    try {
      await save.send({ preferences: { ...settings.preferences, ...change } });
      toast(said);
    } catch (error) {
      save.setConflict(error instanceof ApiError && error.status === 409);
      setProblem(retryText(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Section id="settings-notifications" title="Notifications">
      <Text size="sm" c="dimmed">
        The notifications sheet lists every notification either way.
      </Text>
      <Switch
        size="md"
        label="Play a sound when a notification arrives"
        checked={settings.preferences.sound}
        disabled={saving}
        onChange={(event) =>
          void toggle(
            { sound: event.currentTarget.checked },
            event.currentTarget.checked ? 'Sound on' : 'Sound off',
          )
        }
      />
      <Switch
        size="md"
        label="Show a toast when a notification arrives"
        checked={settings.preferences.toasts}
        disabled={saving}
        onChange={(event) =>
          void toggle(
            { toasts: event.currentTarget.checked },
            event.currentTarget.checked ? 'Toasts on' : 'Toasts off',
          )
        }
      />
      {problem !== null && (
        <Alert color={save.conflict ? 'yellow' : 'gray'} role="alert" title="Not saved">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{problem}</Text>
            {save.conflict && <ConflictReload onReload={save.reload} />}
          </Stack>
        </Alert>
      )}
    </Section>
  );
}

const passwordSchema = z
  .object({
    currentPassword: zPasswordChange.shape.currentPassword,
    newPassword: zPasswordChange.shape.newPassword,
    confirm: z.string(),
  })
  .check(
    z.refine((values) => values.newPassword === values.confirm, {
      path: ['confirm'],
      message: 'The two new passwords do not match',
    }),
  );
type PasswordValues = z.input<typeof passwordSchema>;

function PasswordForm({ settings }: { settings: MySettings }) {
  const change = useMutation(changeMyPasswordMutation());
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await change.mutateAsync({
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
      form.reset();
      toast('Password changed: use the new one at your next sign-in');
    } catch (error) {
      setProblem(showServerProblems(error, form.setError, new Set(['currentPassword', 'newPassword'])));
    }
  });
  if (!settings.passwordChangeable) {
    return (
      <Section id="settings-password" title="Password">
        <Text>Your password is kept by your organisation’s sign-in service: change it there.</Text>
      </Section>
    );
  }
  return (
    <Section id="settings-password" title="Password">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="settings-password">
        <Stack gap="sm">
          <PasswordInput
            {...form.register('currentPassword')}
            label="Current password"
            required
            autoComplete="current-password"
            error={form.formState.errors.currentPassword?.message}
          />
          <PasswordInput
            {...form.register('newPassword')}
            label="New password"
            required
            description={PASSWORD_RULE}
            autoComplete="new-password"
            error={form.formState.errors.newPassword?.message}
          />
          <PasswordInput
            {...form.register('confirm')}
            label="New password again"
            required
            autoComplete="new-password"
            error={form.formState.errors.confirm?.message}
          />
          <FormFooter
            problem={problem}
            submitting={form.formState.isSubmitting}
            submitLabel="Change password"
          />
        </Stack>
      </form>
    </Section>
  );
}

export function MySettingsPanel() {
  const settings = useQuery(getMySettingsOptions());
  if (settings.isPending) return <LoadingState label="Loading your settings…" />;
  if (settings.isError) {
    return (
      <ErrorState
        title="Your settings could not be loaded"
        message={retryText(settings.error)}
        onRetry={() => void settings.refetch()}
        retrying={settings.isRefetching}
      />
    );
  }
  return (
    <Stack gap="md">
      {/* A new profile form for each version, so that a reload shows what was saved. */}
      <ProfileForm key={settings.data.version} settings={settings.data} />
      <PreferencesForm settings={settings.data} />
      <SmsAlertsSection settings={settings.data} />
      <PasswordForm settings={settings.data} />
    </Stack>
  );
}
