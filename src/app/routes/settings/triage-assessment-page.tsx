// /settings/triage-assessment/{specialty}: a specialty's triage assessment (the specialty's id in the
// address). The hospital's administrator edits it; everyone else reads it with the preview of the new-case
// form. Hospital-system users choose the hospital whose assessment they read.
import { Anchor, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { listHospitalsOptions } from '../../../../generated/@tanstack/react-query.gen.ts';
import { routes } from '../../../config/routes.ts';
import { LoadingState } from '../../../components/states.tsx';
import { TriageFormPreview } from '../../../features/cases/index.ts';
import { TriageAssessmentEditor } from '../../../features/settings/index.ts';
import { useRoles } from '../../../lib/auth/index.ts';
import { useMe } from '../../../lib/use-me.ts';
import { useRouteParams } from '../use-route-params.ts';

function HospitalChoice({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const hospitals = useQuery(listHospitalsOptions({ query: { pageSize: 100 } }));
  return (
    <NativeSelect
      label="Hospital"
      value={value}
      onChange={(event) => {
        onChange(event.currentTarget.value);
      }}
      data={[
        { value: '', label: hospitals.isPending ? 'Loading hospitals…' : 'Choose a hospital' },
        ...(hospitals.data?.items ?? []).map((hospital) => ({ value: hospital.id, label: hospital.name })),
      ]}
    />
  );
}

export function Component() {
  const { specialty } = useRouteParams(routes.triageAssessment.path);
  const roles = useRoles();
  const { me, timeZone } = useMe();
  const [search, setSearch] = useSearchParams();
  if (me === undefined) return <LoadingState label="Loading the triage assessment…" page />;
  const systemWide = me.hospital === null;
  const hospitalId = search.get('hospitalId') ?? '';
  const heading = (name: string | undefined) => (
    <Stack gap={4}>
      <Anchor
        component={Link}
        to={routes.settings.href()}
        size="sm"
        mih={44}
        display="inline-flex"
        style={{ alignItems: 'center' }}
      >
        ← Settings
      </Anchor>
      <Title order={1} size="h2">
        {name === undefined ? routes.triageAssessment.title : `${name} triage assessment`}
      </Title>
    </Stack>
  );
  if (systemWide && roles.includes('hospital_system')) {
    return (
      <Stack gap="md">
        {heading(undefined)}
        <HospitalChoice
          value={hospitalId}
          onChange={(id) => {
            setSearch(id === '' ? {} : { hospitalId: id });
          }}
        />
        {hospitalId !== '' && (
          <TriageAssessmentEditor
            specialtyId={specialty}
            hospitalId={hospitalId}
            canEdit={false}
            timeZone={timeZone}
            heading={() => null}
            preview={(questions) => <TriageFormPreview questions={questions} timeZone={timeZone} />}
          />
        )}
      </Stack>
    );
  }
  if (systemWide) {
    return (
      <Stack gap="md">
        {heading(undefined)}
        <Text>Triage assessments belong to a hospital; your account belongs to no single hospital.</Text>
      </Stack>
    );
  }
  return (
    <TriageAssessmentEditor
      specialtyId={specialty}
      canEdit={roles.includes('hospital')}
      timeZone={timeZone}
      heading={heading}
      preview={(questions) => <TriageFormPreview questions={questions} timeZone={timeZone} />}
    />
  );
}
