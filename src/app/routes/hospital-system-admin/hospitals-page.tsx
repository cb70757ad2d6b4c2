// /hospital-system-admin/hospitals: the system administrator's hospitals (add, edit, name their admins) and
// the specialty catalogue. The editor opens over the table, full screen on a phone.
import { Button, Group, Modal, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import {
  EditHospital,
  HospitalsTable,
  NewHospital,
  organisationTexts as t,
  SpecialtyCatalogue,
} from '../../../features/organisation/index.ts';

type Editing = { kind: 'new' } | { kind: 'edit'; id: string; name: string } | null;

export function Component() {
  const [editing, setEditing] = useState<Editing>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const close = () => {
    setEditing(null);
  };
  return (
    <Stack gap="xl">
      <Stack gap="md" component="section" aria-labelledby="hospitals-heading">
        <Group justify="space-between">
          <Title order={1} size="h2" id="hospitals-heading">
            {t.hospitals}
          </Title>
          <Button
            mih={44}
            onClick={() => {
              setEditing({ kind: 'new' });
            }}
          >
            {t.addHospital}
          </Button>
        </Group>
        <HospitalsTable
          onEdit={(hospital) => {
            setEditing({ kind: 'edit', id: hospital.id, name: hospital.name });
          }}
        />
      </Stack>
      <Stack gap="md" component="section" aria-labelledby="catalogue-heading">
        <Title order={2} size="h3" id="catalogue-heading">
          {t.catalogue}
        </Title>
        <SpecialtyCatalogue />
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing?.kind === 'edit' ? t.editHospital(editing.name) : t.addHospital}
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing?.kind === 'new' && (
          <NewHospital
            onCreated={(hospital) => {
              setEditing({ kind: 'edit', id: hospital.id, name: hospital.name });
            }}
          />
        )}
        {editing?.kind === 'edit' && <EditHospital hospitalId={editing.id} />}
      </Modal>
    </Stack>
  );
}
