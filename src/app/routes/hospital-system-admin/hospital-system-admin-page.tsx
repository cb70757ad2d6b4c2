// /hospital-system-admin: the hospital system at a glance, each hospital with its open cases and the
// specialties without on-call coverage now, and the way to manage them.
import { Button, Group, Stack, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { routes } from '../../../config/routes.ts';
import { HospitalsAtAGlance, prefetchHospitalsAtAGlance } from '../../../features/organisation/index.ts';

export function prefetch(client: QueryClient): void {
  prefetchHospitalsAtAGlance(client);
}

export function Component() {
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Your hospitals
        </Title>
        <Button component={Link} to={routes.hospitalSystemAdminHospitals.href()} mih={44}>
          Manage hospitals and specialties
        </Button>
      </Group>
      <HospitalsAtAGlance
        links={(hospital) => (
          <Button
            component={Link}
            to={routes.hospitalSystemAdminHospitals.href()}
            variant="default"
            mih={44}
            aria-label={`Manage ${hospital.name}`}
          >
            Manage
          </Button>
        )}
      />
    </Stack>
  );
}
