// A centred full-area message: the 404, error and module-load screens share it so they look alike.
import { Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatusScreenProps {
  readonly title: string;
  readonly message?: ReactNode;
  readonly indicator?: ReactNode;
  readonly children?: ReactNode;
  /** `role="alert"` for failures, so screen readers announce them without a focus move. */
  readonly role?: 'alert' | 'status';
}

export function StatusScreen({ title, message, indicator, children, role }: StatusScreenProps) {
  return (
    <Center mih="70dvh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center" role={role}>
        {indicator}
        <Title order={1} size="h2">
          {title}
        </Title>
        {message !== undefined && <Text c="dimmed">{message}</Text>}
        {children}
      </Stack>
    </Center>
  );
}
