import { Badge } from '@mantine/core';
import type { Urgency } from '../../../../generated/types.gen.ts';
import { urgencyColors } from '../../../components/theme.ts';
import { urgencyLabels } from '../labels.ts';

// Dark enough shades that white text on them meets WCAG AA (4.5:1); the default shade 6 does not.
const badgeShade: Readonly<Record<Urgency, number>> = { emergent: 8, urgent: 9, routine: 9 };

export function UrgencyBadge({ urgency }: { readonly urgency: Urgency }) {
  return (
    <Badge color={`${urgencyColors[urgency]}.${badgeShade[urgency]}`} variant="filled" autoContrast>
      {urgencyLabels[urgency]}
    </Badge>
  );
}
