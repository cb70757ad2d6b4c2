// /emergency-room/admin/add-user: the ER admin adds ER doctors, ER staff and specialists of its hospital, then
// sees them in the hospital's user list.
import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { routes } from '../../../../config/routes.ts';
import { AddUserForm, UserList } from '../../../../features/users/index.ts';

export function Component() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {routes.emergencyRoomAdminAddUser.title}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card withBorder padding="md" component="section" aria-labelledby="add-user-heading">
          <Title order={2} size="h4" id="add-user-heading" mb="sm">
            New user
          </Title>
          <AddUserForm roles={['er_doctor', 'emergency_room', 'specialist']} />
        </Card>
        <Stack gap="sm" component="section" aria-labelledby="hospital-users-heading">
          <Title order={2} size="h4" id="hospital-users-heading">
            Users of your hospital
          </Title>
          <UserList label="Users of your hospital" />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
