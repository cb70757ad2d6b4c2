// Loading, error and empty states shared by the insights screens.
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { errorText } from '../../lib/api/index.ts';

export function InsightsLoading({ label }: { readonly label: string }) {
  return (
    <Center p="xl" aria-busy="true">
      <Stack align="center" gap="xs">
        <Loader aria-hidden="true" />
        <Text>{label}</Text>
      </Stack>
    </Center>
  );
}

export function InsightsError({ error, onRetry }: { readonly error: unknown; readonly onRetry: () => void }) {
  return (
    <Alert color="red" title="The figures could not be loaded" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorText(error)} Check the filters, or try again.</Text>
        <Button variant="default" mih={44} onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

export function InsightsEmpty({ message }: { readonly message: string }) {
  return (
    <Alert color="gray" title="No cases in this range" role="status">
      {message}
    </Alert>
  );
}
