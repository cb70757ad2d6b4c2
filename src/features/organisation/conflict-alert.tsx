// What a form shows when its save failed: the server's sentence, and after a conflict a way to reload.
import { Alert, Button, Stack, Text } from '@mantine/core';

export function SaveProblem({
  problem,
  conflict,
  onReload,
}: {
  readonly problem: string | null;
  readonly conflict: boolean;
  readonly onReload?: () => void;
}) {
  if (problem === null) return null;
  return (
    <Alert color={conflict ? 'yellow' : 'gray'} role="alert" title={conflict ? 'Not saved' : undefined}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{problem}</Text>
        {conflict && onReload && (
          <Button variant="default" onClick={onReload}>
            Reload
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
