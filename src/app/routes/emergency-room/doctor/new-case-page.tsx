// /emergency-room/doctor/cases/new: the new-case form, then to whom the case was routed.
import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  getCoverageOptions,
  listSpecialtiesOptions,
  listTriageAssessmentsOptions,
} from '../../../../../generated/@tanstack/react-query.gen.ts';
import type { Case, Coverage, Specialty } from '../../../../../generated/types.gen.ts';
import { routes } from '../../../../config/routes.ts';
import {
  CaseCreated,
  caseTexts,
  NewCaseForm,
  OnCallNotice,
  useAttachmentUploads,
} from '../../../../features/cases/index.ts';
import { useMe } from '../../../../lib/use-me.ts';
import { errorText } from '../../../../lib/api/index.ts';

/**
 * The specialties the form offers: a case of a specialty with no active specialist at the hospital reaches
 * nobody, so those are left out. Without the coverage (loading, or it failed) every specialty is offered.
 */
function offered(specialties: readonly Specialty[], coverage: Coverage | undefined): readonly Specialty[] {
  if (coverage === undefined) return specialties;
  const staffed = new Set(
    coverage.specialties.filter((entry) => entry.specialists > 0).map((entry) => entry.specialty.id),
  );
  return specialties.filter((specialty) => staffed.has(specialty.id));
}

export function Component() {
  const { me, timeZone, error: meError } = useMe();
  const specialties = useQuery(listSpecialtiesOptions());
  const assessments = useQuery(listTriageAssessmentsOptions());
  // Who is on call now, per specialty; read again each minute so a shift that starts or ends shows.
  const coverage = useQuery({ ...getCoverageOptions(), refetchInterval: 60_000 });
  const uploads = useAttachmentUploads();
  const [created, setCreated] = useState<Case | null>(null);
  // A new form (and a new Idempotency-Key) after "Another new case".
  const [formKey, setFormKey] = useState(0);

  const failure = meError ?? specialties.error ?? assessments.error;
  let body;
  if (created) {
    body = (
      <CaseCreated
        created={created}
        caseHref={routes.doctorCase.href({ id: created.id })}
        uploads={uploads.items}
        onNewCase={() => {
          setCreated(null);
          uploads.reset();
          setFormKey((key) => key + 1);
        }}
      />
    );
  } else if (failure) {
    body = (
      <Alert color="gray" title="The form could not be loaded" role="alert">
        {errorText(failure)}
      </Alert>
    );
  } else if (!me || !specialties.data || !assessments.data) {
    body = (
      <Center p="xl">
        <Loader aria-label="Loading the form" />
      </Center>
    );
  } else {
    body = (
      <NewCaseForm
        key={formKey}
        userId={me.id}
        timeZone={timeZone}
        specialties={offered(specialties.data.items, coverage.data)}
        assessments={assessments.data.items}
        uploads={uploads}
        specialtyNote={(specialtyId) => (
          <OnCallNotice
            specialtyId={specialtyId}
            coverage={coverage.data}
            error={coverage.error ? errorText(coverage.error) : null}
            onRetry={() => void coverage.refetch()}
          />
        )}
        onCreated={(next) => {
          setCreated(next);
          void uploads.upload(next.id, uploads.items);
        }}
      />
    );
  }
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {caseTexts.newCase}
      </Title>
      {body}
    </Stack>
  );
}
