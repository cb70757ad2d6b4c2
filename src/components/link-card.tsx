// A list item that is one link as a whole (a case card): tapping anywhere on it opens it, as a person expects,
// while its accessible name stays the title's (the case number), not every word on the card.
import { Anchor, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface LinkCardProps {
  readonly to: string;
  /** The link's words, e.g. the case number; the card's other content reads after it. */
  readonly title: ReactNode;
  /** What the list item is, for a screen reader's list navigation: "Case SGH-000051". */
  readonly label: string;
  /** Sits on the title's line, after it (badges). */
  readonly titleAside?: ReactNode;
  readonly children: ReactNode;
  /** Data attributes for the list item, e.g. the case's id (`data-case-id`), which tests look cards up by. */
  readonly data?: Readonly<Record<`data-${string}`, string>>;
}

export function LinkCard({ to, title, label, titleAside, children, data }: LinkCardProps) {
  return (
    <Paper component="li" withBorder p="sm" className="link-card" aria-label={label} {...data}>
      <div
        style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 'var(--mantine-spacing-xs)' }}
      >
        <Anchor component={Link} to={to} fw={700} fz="lg" className="link-card-link">
          {title}
        </Anchor>
        {titleAside}
      </div>
      {children}
    </Paper>
  );
}
