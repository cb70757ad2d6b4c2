// /hospital-admin/specialists-details: the hospital admin's specialists (search, sort, paging, edit,
// deactivate / reactivate), adding one, and the hospital's administrative audit log.
import { Button, Group, Modal, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { routes } from '../../../config/routes.ts';
import { AddUserForm, AdminAuditLog, UserList } from '../../../features/users/index.ts';
import { useMe } from '../../../lib/use-me.ts';

export function Component() {
  const { timeZone } = useMe();
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {routes.hospitalAdminSpecialistsDetails.title}
        </Title>
        <Button
          onClick={() => {
            setAdding(true);
          }}
        >
          Add specialist
        </Button>
      </Group>
      <Tabs defaultValue="specialists" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="specialists">Specialists</Tabs.Tab>
          <Tabs.Tab value="audit">Audit log</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="specialists" pt="md">
          <UserList role="specialist" manage label="Specialists" />
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="md">
          <AdminAuditLog timeZone={timeZone} />
        </Tabs.Panel>
      </Tabs>
      <Modal
        opened={adding}
        onClose={() => {
          setAdding(false);
        }}
        title="Add a specialist"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <AddUserForm
          roles={['specialist']}
          submitLabel="Add specialist"
          onCreated={() => {
            setAdding(false);
          }}
        />
      </Modal>
    </Stack>
  );
}
