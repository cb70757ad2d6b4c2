// The loading, error and empty states every screen shows the same way: loading says what loads, with text
// and aria-busy; an error is a sentence a person can act on and a Retry button; empty says so plainly.
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LoadingStateProps {
  /** What is loading, as a person reads it: "Loading cases…". */
  readonly label: string;
  /** A whole screen's height, for a page rather than a panel. */
  readonly page?: boolean;
}

export function LoadingState({ label, page }: LoadingStateProps) {
  return (
    <Center mih={page ? '70dvh' : undefined} p="xl" role="status" aria-busy="true" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}

export interface ErrorStateProps {
  /** What failed, as a sentence: "The cases could not be loaded." */
  readonly title: string;
  /** What the person can do about it (see actionableText). */
  readonly message: ReactNode;
  readonly onRetry: () => void;
  /** True while the retry is on its way. */
  readonly retrying?: boolean;
}

export function ErrorState({ title, message, onRetry, retrying }: ErrorStateProps) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button variant="default" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

export function EmptyState({ children }: { readonly children: ReactNode }) {
  return (
    <Text c="dimmed" p="md">
      {children}
    </Text>
  );
}
