// /home's tiles: one per area the user's roles open (their home, insights, settings, administration), each
// a link with a live figure from one call (getMyHome). A figure the server does not give (null) is left out.
import { SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getMyHomeOptions } from '../../../generated/@tanstack/react-query.gen.ts';
import type { HomeSummary } from '../../../generated/types.gen.ts';
import { LinkCard } from '../../components/link-card.tsx';
import { ErrorState } from '../../components/states.tsx';
import { retryText } from '../../lib/api/index.ts';

export interface HomeTile {
  readonly id: string;
  readonly title: string;
  readonly href: string;
  /** The figure this tile shows, and what it counts ("cases waiting for you"). */
  readonly figure?: { readonly of: keyof HomeSummary; readonly label: (n: number) => string };
  readonly description: string;
}

function Figure({ value, label }: { value: number | null | undefined; label: (n: number) => string }) {
  if (value === undefined) return <Text c="dimmed">…</Text>;
  if (value === null) return null;
  return (
    <Text>
      <Text span fz={32} fw={700} lh={1.2} mr={6}>
        {value}
      </Text>
      {label(value)}
    </Text>
  );
}

export function HomeTiles({ tiles }: { readonly tiles: readonly HomeTile[] }) {
  const home = useQuery(getMyHomeOptions());
  return (
    <>
      {home.isError && (
        <ErrorState
          title="The figures could not be loaded"
          message={retryText(home.error)}
          onRetry={() => void home.refetch()}
          retrying={home.isRefetching}
        />
      )}
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2 }}
        spacing="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Your areas"
        aria-busy={home.isPending}
      >
        {tiles.map((tile) => (
          <LinkCard key={tile.id} to={tile.href} title={tile.title} label={tile.title}>
            {tile.figure && (
              <Figure value={home.isError ? null : home.data?.[tile.figure.of]} label={tile.figure.label} />
            )}
            <Text size="sm" c="dimmed">
              {tile.description}
            </Text>
          </LinkCard>
        ))}
      </SimpleGrid>
    </>
  );
}
