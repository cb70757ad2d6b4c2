// /emergency-room/admin/specialist-scheduler: each specialist's weekly availability and time off.
import { Stack, Title } from '@mantine/core';
import { routes } from '../../../../config/routes.ts';
import { SpecialistScheduler } from '../../../../features/schedules/index.ts';

export function Component() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {routes.emergencyRoomAdminSpecialistScheduler.title}
      </Title>
      <SpecialistScheduler />
    </Stack>
  );
}
