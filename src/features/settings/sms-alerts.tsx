// Alerts outside the app, per user: an offer that reaches none of their devices in time goes by SMS to their
// mobile number when they turn it on; an offer left unaccepted when its escalation step ends is e-mailed to
// their sign-in address. The screen says exactly what leaves: case number, urgency, specialty, hospital
// short name and a link, never patient details.
import { Alert, List, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { toast } from 'sonner';
import type { MySettings } from '../../../generated/types.gen.ts';
import { ApiError, retryText } from '../../lib/api/index.ts';
import { Section } from './settings-section.tsx';
import { useSaveSettings } from './use-save-settings.ts';

// The server's rule for a number SMS can go to (E.164 with the usual separators): + and 8 to 15 digits.
const MOBILE_NUMBER = /^\+[1-9](?:[ ().-]*[0-9]){7,14}$/;

export const MOBILE_NUMBER_RULE =
  'Mobile number: SMS alerts need a mobile number in international form, a + and the country code first, e.g. +44 7700 900123';

export const isMobileNumber = (value: string): boolean => MOBILE_NUMBER.test(value.trim());

export function SmsAlertsSection({ settings }: { readonly settings: MySettings }) {
  const save = useSaveSettings(settings);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const mobile = settings.phone !== null && isMobileNumber(settings.phone);
  const toggle = async (on: boolean) => {
    setProblem(null);
    setSaving(true);
    try {
      await save.send({ smsFallback: on });
      toast(on ? 'SMS alerts on' : 'SMS alerts off');
    } catch (error) {
      save.setConflict(error instanceof ApiError && error.status === 409);
      setProblem(retryText(error));
    } finally {
      setSaving(false);
    }
  };
  let note: string;
  if (!settings.smsAvailable)
    note = 'This server sends no SMS: ask your administrator to set up an SMS provider.';
  else if (!mobile && !settings.smsFallback)
    note = 'Add your mobile number in international form under Profile first.';
  else note = `SMS go to ${settings.phone ?? ''}.`;
  return (
    <Section id="settings-contact" title="Alerts by SMS and e-mail">
      <Text size="sm">
        When a case offered to you reaches none of your devices in time (by default 1 minute for an emergent
        case, 2 for urgent, 5 for routine), it is sent to you by SMS. A case you have not accepted when its
        escalation step ends is e-mailed to <strong>{settings.email}</strong>.
      </Text>
      <Switch
        size="md"
        label="Send me an SMS when an offer has not reached my devices"
        description={note}
        checked={settings.smsFallback}
        disabled={saving || (!settings.smsFallback && (!settings.smsAvailable || !mobile))}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      <Stack gap={4}>
        <Text size="sm" fw={600} id="settings-contact-sent">
          What an SMS or e-mail says
        </Text>
        <List size="sm" aria-labelledby="settings-contact-sent">
          <List.Item>the case number, its urgency and specialty</List.Item>
          <List.Item>your hospital’s short name</List.Item>
          <List.Item>a link to open the case in the app</List.Item>
        </List>
        <Text size="sm">Never patient details: those stay in the app.</Text>
      </Stack>
      {problem !== null && (
        <Alert color={save.conflict ? 'yellow' : 'gray'} role="alert" title="Not saved">
          <Text size="sm">{problem}</Text>
        </Alert>
      )}
    </Section>
  );
}
