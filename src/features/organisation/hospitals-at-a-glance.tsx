// Hospitals at a glance, most urgent first within each card: open cases, then the staffed specialties that
// no on-call shift covers now. Loading, empty and error (with Retry) states of their own.
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getOrganisationOverviewOptions } from '../../../generated/@tanstack/react-query.gen.ts';
import type { HospitalOverview } from '../../../generated/types.gen.ts';
import { errorText } from '../../lib/api/index.ts';
import { refetchOnMountUnlessFresh } from '../../lib/query-client.ts';
import { organisationTexts as t } from './labels.ts';

/** The overview asked for now (at start-up, before the screen renders): the screen then finds it under way. */
export function prefetchHospitalsAtAGlance(client: QueryClient): void {
  client.query(getOrganisationOverviewOptions()).catch(() => undefined);
}

export function HospitalsAtAGlance({
  links,
}: {
  /** What each card offers to open next (links to the screens that manage the hospital). */
  readonly links: (hospital: HospitalOverview) => ReactNode;
}) {
  const overview = useQuery({
    ...getOrganisationOverviewOptions(),
    refetchOnMount: refetchOnMountUnlessFresh,
  });
  if (overview.isPending) {
    return (
      <Text role="status" aria-busy="true">
        {t.loading}
      </Text>
    );
  }
  if (overview.isError) {
    return (
      <Alert color="red" role="alert" title="The overview could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(overview.error)}</Text>
          <Button variant="default" onClick={() => void overview.refetch()}>
            {t.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (overview.data.hospitals.length === 0) return <Text>{t.noHospitals}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {overview.data.hospitals.map((hospital) => (
        <Paper key={hospital.id} component="li" withBorder p="md" aria-labelledby={`glance-${hospital.id}`}>
          <Stack gap="sm">
            <Title order={2} size="h4" id={`glance-${hospital.id}`}>
              {hospital.name}{' '}
              <Text span c="dimmed">
                ({hospital.shortCode})
              </Text>
            </Title>
            <Text>
              <Text span fw={700} size="xl">
                {hospital.openCases}
              </Text>{' '}
              {hospital.openCases === 1 ? 'open case' : 'open cases'}
            </Text>
            {hospital.uncoveredSpecialties.length === 0 ? (
              <Text>Every staffed specialty has someone on call now.</Text>
            ) : (
              <Stack gap={4}>
                <Text fw={600}>No on-call coverage now:</Text>
                <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {hospital.uncoveredSpecialties.map((specialty) => (
                    <Badge key={specialty.id} component="li" color="red" variant="outline" size="lg">
                      {specialty.name}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            )}
            <Group gap="xs">{links(hospital)}</Group>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
