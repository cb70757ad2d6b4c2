// The honest stand-in for a screen whose feature is not built yet: its real title, and no invented data.
import { EmptyState, Paper, Stack, Text, Title } from '@mantine/core';

export interface ScreenPlaceholderProps {
  readonly title: string;
  /** What the screen is about, e.g. the case id or specialty from the URL. */
  readonly subject?: string;
}

export function ScreenPlaceholder({ title, subject }: ScreenPlaceholderProps) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {subject !== undefined && <Text c="dimmed">{subject}</Text>}
      </Stack>
      <Paper withBorder p="xl">
        <EmptyState
          variant="light"
          title="Not available yet"
          description="This screen is not available yet. It will appear here once it is ready."
        />
      </Paper>
    </Stack>
  );
}
