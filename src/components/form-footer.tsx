// The end of every form: what went wrong, if anything, then the submit button (and Back in a dialog).
import { Alert, Button, Group } from '@mantine/core';

export interface FormFooterProps {
  readonly problem: string | null;
  readonly submitting: boolean;
  readonly submitLabel: string;
  /** In a dialog: closes it without submitting. */
  readonly onBack?: () => void;
}

export function FormFooter({ problem, submitting, submitLabel, onBack }: FormFooterProps) {
  return (
    <>
      {problem !== null && (
        <Alert color="gray" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        {onBack && (
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
        )}
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
