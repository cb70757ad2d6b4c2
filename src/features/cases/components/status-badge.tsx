// Status is told by its word in a neutral badge: red, orange and green belong to urgency alone.
import { Badge } from '@mantine/core';
import type { CaseStatus } from '../../../../generated/types.gen.ts';
import { isFinal, statusLabels } from '../labels.ts';

export function StatusBadge({ status }: { readonly status: CaseStatus }) {
  return (
    <Badge color={isFinal(status) ? 'gray' : 'clinical'} variant={isFinal(status) ? 'outline' : 'light'}>
      {statusLabels[status]}
    </Badge>
  );
}
