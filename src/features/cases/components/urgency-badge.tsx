// Urgency in its own colour (red, orange, green belong to it alone) with its word and a sign of its weight.
import type { ReactNode } from 'react';
import type { Urgency } from '../../../../generated/types.gen.ts';
import { AlertTriangleIcon, ClockIcon } from '../../../components/icons.tsx';
import { StateBadge } from '../../../components/state-badge.tsx';
import { urgencyColors } from '../../../components/theme.ts';
import { urgencyLabels } from '../labels.ts';

// Dark enough shades that white text on them meets WCAG AA (4.5:1); the default shade 6 does not.
const badgeShade: Readonly<Record<Urgency, number>> = { emergent: 8, urgent: 9, routine: 9 };
const icons: Readonly<Record<Urgency, ReactNode>> = {
  emergent: <AlertTriangleIcon size={14} />,
  urgent: <ClockIcon size={14} />,
  routine: null,
};

export function UrgencyBadge({ urgency }: { readonly urgency: Urgency }) {
  return (
    <StateBadge
      label={urgencyLabels[urgency]}
      color={`${urgencyColors[urgency]}.${badgeShade[urgency]}`}
      icon={icons[urgency]}
    />
  );
}
