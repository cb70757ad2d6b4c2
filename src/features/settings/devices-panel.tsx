// /settings → Devices: turn on notifications on this device (the browser asks for permission on that click,
// never on load), the devices that get alerts with their last delivery, a test notification, removing one.
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  listMyDevicesOptions,
  listMyDevicesQueryKey,
  removeMyDeviceMutation,
  sendMyDeviceTestMutation,
  subscribeMyDeviceMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { Device, DeviceTestResult } from '../../../generated/types.gen.ts';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { errorText, retryText } from '../../lib/api/index.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import {
  pushSupported,
  storedDeviceId,
  subscribeThisBrowser,
  thisDeviceId,
} from '../../lib/push-subscription.ts';

const TEST_RESULTS: Readonly<Record<DeviceTestResult['result'], string>> = {
  delivered: 'Test notification sent: it should appear on the device now.',
  failed: 'The device’s push service did not take the test notification. Try again in a minute.',
  removed: 'The device no longer accepts notifications and was removed. Turn them on again there.',
};

function DeviceRow({ device, current }: { device: Device; current: boolean }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  const test = useMutation(sendMyDeviceTestMutation());
  const remove = useMutation(removeMyDeviceMutation());
  const refresh = () => queryClient.invalidateQueries({ queryKey: listMyDevicesQueryKey() });
  const sendTest = async () => {
    setStatus(null);
    try {
      const answer = await test.mutateAsync({ path: { deviceId: device.id } });
      setStatus(TEST_RESULTS[answer.result]);
    } catch (error) {
      setStatus(errorText(error));
    }
    await refresh();
  };
  const removeDevice = async () => {
    setStatus(null);
    try {
      await remove.mutateAsync({ path: { deviceId: device.id } });
    } catch (error) {
      setStatus(errorText(error));
    }
    await refresh();
  };
  const labelId = `device-${device.id}`;
  return (
    <Paper withBorder p="sm" component="li" aria-labelledby={labelId}>
      <Stack gap={6}>
        <Group gap="xs">
          <Text fw={600} id={labelId}>
            {device.label}
          </Text>
          {current ? <Badge variant="light">This device</Badge> : null}
        </Group>
        <Text size="sm">
          {device.lastDeliveredAt === null
            ? 'No alert delivered yet'
            : `Last delivery ${formatDateTime(device.lastDeliveredAt)}`}
          {device.lastFailedAt === null ? '' : ` · last failure ${formatDateTime(device.lastFailedAt)}`}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            mih={44}
            loading={test.isPending}
            onClick={() => void sendTest()}
            aria-describedby={labelId}
          >
            Send test
          </Button>
          <Button
            variant="default"
            color="red"
            mih={44}
            loading={remove.isPending}
            onClick={() => void removeDevice()}
            aria-describedby={labelId}
          >
            Remove
          </Button>
        </Group>
        <Text size="sm" role="status" aria-live="polite">
          {status}
        </Text>
      </Stack>
    </Paper>
  );
}

function TurnOn({ vapidPublicKey }: { vapidPublicKey: string }) {
  const queryClient = useQueryClient();
  const subscribe = useMutation(subscribeMyDeviceMutation());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!pushSupported()) {
    return (
      <Alert color="gray" role="note" title="This browser cannot show alerts when Case Router is closed">
        On an iPhone or iPad, add Case Router to the home screen (Share → Add to Home Screen), open it from
        there, and turn notifications on in its settings.
      </Alert>
    );
  }
  const turnOn = async () => {
    setProblem(null);
    setBusy(true);
    try {
      // Asked here, on the user's click, never on load.
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setProblem(
          'Notifications are blocked for Case Router in this browser. Allow them in the site settings (the icon beside the address), then try again.',
        );
        return;
      }
      const body = await subscribeThisBrowser(vapidPublicKey);
      await subscribe.mutateAsync({ path: { deviceId: thisDeviceId() }, body });
      await queryClient.invalidateQueries({ queryKey: listMyDevicesQueryKey() });
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Button
        mih={44}
        h="auto"
        py={8}
        loading={busy}
        onClick={() => void turnOn()}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        styles={{ label: { whiteSpace: 'normal' } }}
      >
        Turn on notifications on this device
      </Button>
      {problem === null ? null : (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}

export function DevicesPanel() {
  const devices = useQuery(listMyDevicesOptions());
  const current = storedDeviceId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="settings-devices">
      <Stack gap="sm">
        <Title order={2} size="h4" id="settings-devices">
          Devices
        </Title>
        <Text size="sm">
          New offers, reminders and messages on your cases reach these devices even when Case Router is
          closed. They show the case number, urgency, specialty and hospital only, never patient details.
        </Text>
        {devices.isPending ? (
          <LoadingState label="Loading your devices" />
        ) : devices.isError ? (
          <ErrorState
            title="Your devices could not be loaded"
            message={retryText(devices.error)}
            onRetry={() => void devices.refetch()}
            retrying={devices.isFetching}
          />
        ) : (
          <>
            <TurnOn vapidPublicKey={devices.data.vapidPublicKey} />
            {devices.data.items.length === 0 ? (
              <Text size="sm">No device gets alerts yet.</Text>
            ) : (
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {devices.data.items.map((device) => (
                  <DeviceRow key={device.id} device={device} current={device.id === current} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
