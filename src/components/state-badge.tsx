// A state in a badge nobody can miss: its own colour, an icon and the word, so it reads without colour too.
// Sentence case at body size, never 11 px capitals. Colours are dark enough for white text at 4.5:1.
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StateBadgeProps {
  readonly label: string;
  /** A Mantine colour with its shade, e.g. `grape.9`; `outline` draws it as an outline (finished states). */
  readonly color: string;
  readonly icon: ReactNode;
  readonly outline?: boolean;
}

export function StateBadge({ label, color, icon, outline }: StateBadgeProps) {
  return (
    <Badge
      color={color}
      variant={outline ? 'outline' : 'filled'}
      size="lg"
      tt="none"
      fz="sm"
      fw={600}
      leftSection={icon}
      autoContrast
    >
      {label}
    </Badge>
  );
}
