// /emergency-room/admin/on-call-schedules: a specialty's week of shifts; ?specialtyId=&at= opens it at a gap.
import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { routes } from '../../../../config/routes.ts';
import { OnCallSchedules } from '../../../../features/schedules/index.ts';

export function Component() {
  const [params, setParams] = useSearchParams();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {routes.emergencyRoomAdminOnCallSchedules.title}
      </Title>
      <OnCallSchedules
        specialtyId={params.get('specialtyId')}
        at={params.get('at')}
        onSpecialtyChange={(specialtyId) => {
          setParams({ specialtyId });
        }}
      />
    </Stack>
  );
}
