// What `Create case` answers: the case's number and to whom it was routed, with the images still on their way.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Case } from '../../../../generated/types.gen.ts';
import type { UploadItem } from '../api/use-attachment-uploads.ts';
import { stepLabels } from '../labels.ts';
import { UploadList } from './upload-list.tsx';

/** "Routed to Dr X (on-call primary)", or who it went to when no shift covered the specialty. */
export function routedToText(created: Case): string {
  const open = created.offers.filter((offer) => offer.declinedAt === null);
  const names = open.map((offer) => offer.specialist.displayName).join(', ');
  if (created.noCoverage) {
    return open.length > 0
      ? `No on-call coverage for ${created.specialty.name}: offered to every ${created.specialty.name} specialist (${names}).`
      : `No on-call coverage for ${created.specialty.name}, and no ${created.specialty.name} specialist to offer it to.`;
  }
  const first = open[0];
  if (first === undefined) return `Not offered to anyone yet.`;
  return `Routed to ${names} (${stepLabels[first.step]}).`;
}

export interface CaseCreatedProps {
  readonly created: Case;
  readonly caseHref: string;
  readonly uploads: readonly UploadItem[];
  readonly onNewCase: () => void;
}

export function CaseCreated({ created, caseHref, uploads, onNewCase }: CaseCreatedProps) {
  return (
    <Stack gap="md">
      <Alert color="clinical" title={`Case ${created.displayNumber} created`} role="status">
        <Text>{routedToText(created)}</Text>
      </Alert>
      <UploadList items={uploads} />
      <Group>
        <Button component={Link} to={caseHref}>
          Open case {created.displayNumber}
        </Button>
        <Button variant="default" onClick={onNewCase}>
          Another new case
        </Button>
      </Group>
    </Stack>
  );
}
