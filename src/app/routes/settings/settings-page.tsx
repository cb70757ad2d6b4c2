// /settings for every user: profile, password, notification preferences, the devices that get alerts, and
// the specialties with links to their triage assessments.
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { routes } from '../../../config/routes.ts';
import { DevicesPanel, MySettingsPanel, SpecialtyLinks } from '../../../features/settings/index.ts';
import { useMe } from '../../../lib/use-me.ts';

export function Component() {
  const { me } = useMe();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {routes.settings.title}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <MySettingsPanel />
        <Stack gap="md">
          <DevicesPanel />
          <SpecialtyLinks
            href={(specialtyId) => routes.triageAssessment.href({ specialty: specialtyId })}
            withCounts={me?.hospital != null}
          />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
