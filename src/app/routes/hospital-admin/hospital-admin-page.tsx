// /hospital-admin: the administrator's hospital at a glance (open cases, specialties without on-call
// coverage now) with the ways to its specialists and its triage assessments, its switchboard number and when its
// undelivered offers go by SMS.
import { Button, Stack, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { routes } from '../../../config/routes.ts';
import {
  HospitalsAtAGlance,
  prefetchHospitalsAtAGlance,
  SmsFallbackSettings,
  SwitchboardSettings,
} from '../../../features/organisation/index.ts';
import { useMe } from '../../../lib/use-me.ts';

export function prefetch(client: QueryClient): void {
  prefetchHospitalsAtAGlance(client);
}

export function Component() {
  const { me } = useMe();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Your hospital
      </Title>
      <HospitalsAtAGlance
        links={() => (
          <>
            <Button component={Link} to={routes.hospitalAdminSpecialistsDetails.href()} mih={44}>
              Specialists
            </Button>
            <Button component={Link} to={routes.settings.href()} variant="default" mih={44}>
              Triage assessments
            </Button>
          </>
        )}
      />
      {me?.hospital ? <SwitchboardSettings hospitalId={me.hospital.id} /> : null}
      {me?.hospital ? <SmsFallbackSettings hospitalId={me.hospital.id} /> : null}
    </Stack>
  );
}
