// Coverage now (who is on call per specialty, until when, or a red "No coverage") and the gaps over the
// coming 14 days, each linking to the schedule at that gap.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { errorText } from '../../lib/api/index.ts';
import { Link } from 'react-router';
import { getCoverageOptions } from '../../../generated/@tanstack/react-query.gen.ts';
import type { Coverage } from '../../../generated/types.gen.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { refetchOnMountUnlessFresh } from '../../lib/query-client.ts';

// Refetched on a timer as well: shifts begin and end while the screen is open.
const REFRESH_MS = 60_000;

export function useCoverage() {
  return useQuery({
    ...getCoverageOptions(),
    refetchInterval: REFRESH_MS,
    refetchOnMount: refetchOnMountUnlessFresh,
  });
}

/** Coverage asked for now (at start-up, before the screen renders): the screen then finds it under way. */
export function prefetchCoverage(client: QueryClient): void {
  client.query(getCoverageOptions()).catch(() => undefined);
}

function CoverageState({
  coverage,
  children,
}: {
  coverage: ReturnType<typeof useCoverage>;
  children: (data: Coverage) => React.ReactNode;
}) {
  // An answer that arrives while this is on the screen renders as a deferred update: React builds the
  // specialties and the gaps in slices between other work, and the loading state stays until they are ready.
  const data = useDeferredValue(coverage.data);
  if (coverage.isPending || (!coverage.isError && data === undefined)) {
    return (
      <Group aria-busy="true" gap="xs">
        <Loader size="sm" />
        <Text>Loading on-call coverage…</Text>
      </Group>
    );
  }
  if (coverage.isError) {
    return (
      <Alert color="red" role="alert" title="On-call coverage could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text>{errorText(coverage.error)}. Check your connection and try again.</Text>
          <Button onClick={() => void coverage.refetch()}>Retry</Button>
        </Stack>
      </Alert>
    );
  }
  return data === undefined ? null : <>{children(data)}</>;
}

export function CoverageNow({ coverage }: { coverage: ReturnType<typeof useCoverage> }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="coverage-now">
      <Title order={2} size="h3" id="coverage-now">
        On call now
      </Title>
      <CoverageState coverage={coverage}>
        {(data) =>
          data.specialties.length === 0 ? (
            <Text>No specialty has specialists at this hospital yet.</Text>
          ) : (
            <SimpleGrid
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="sm"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {/* Uncovered specialties first: the most urgent thing first. */}
              {[...data.specialties]
                .sort((a, b) => Number(a.now !== null) - Number(b.now !== null))
                .map((entry) => (
                  <Paper
                    component="li"
                    key={entry.specialty.id}
                    withBorder
                    p="sm"
                    aria-label={entry.specialty.name}
                  >
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text fw={700}>{entry.specialty.name}</Text>
                      {entry.now === null ? (
                        <Badge color="red.9" variant="filled">
                          No coverage
                        </Badge>
                      ) : null}
                    </Group>
                    {entry.now === null ? (
                      <Text size="sm" c="red.9">
                        New cases go to every {entry.specialty.name} specialist.
                      </Text>
                    ) : (
                      <Text size="sm">
                        {entry.now.primary.displayName}
                        {entry.now.backup ? `, backup ${entry.now.backup.displayName}` : ', no backup'} ·
                        until{' '}
                        <time dateTime={entry.now.until}>
                          {formatDateTime(entry.now.until, data.timeZone)}
                        </time>
                      </Text>
                    )}
                  </Paper>
                ))}
            </SimpleGrid>
          )
        }
      </CoverageState>
    </Stack>
  );
}

export function CoverageGaps({
  coverage,
  scheduleHref,
}: {
  coverage: ReturnType<typeof useCoverage>;
  /** The schedule of a specialty, opened at an instant. */
  scheduleHref: (specialtyId: string, at: string) => string;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="coverage-gaps">
      <Title order={2} size="h3" id="coverage-gaps">
        Gaps in the next 14 days
      </Title>
      <CoverageState coverage={coverage}>
        {(data) => {
          const gaps = data.specialties.flatMap((entry) =>
            entry.gaps.map((gap) => ({ ...gap, specialty: entry.specialty })),
          );
          gaps.sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
          if (gaps.length === 0) return <Text>Every specialty is covered for the next 14 days.</Text>;
          return (
            <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {gaps.map((gap) => (
                <Paper component="li" key={`${gap.specialty.id}-${gap.from}`} withBorder p="sm">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text>
                      <Text span fw={700}>
                        {gap.specialty.name}
                      </Text>{' '}
                      <time dateTime={gap.from}>{formatDateTime(gap.from, data.timeZone)}</time> to{' '}
                      <time dateTime={gap.to}>{formatDateTime(gap.to, data.timeZone)}</time>
                    </Text>
                    <Anchor
                      component={Link}
                      to={scheduleHref(gap.specialty.id, gap.from)}
                      mih={44}
                      style={{ display: 'inline-flex', alignItems: 'center' }}
                    >
                      Open the {gap.specialty.name} schedule at this gap
                    </Anchor>
                  </Group>
                </Paper>
              ))}
            </Stack>
          );
        }}
      </CoverageState>
    </Stack>
  );
}
