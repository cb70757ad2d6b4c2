// A section of the hospital admin's page that edits one part of the hospital record: it loads the hospital,
// says so while it loads or when it could not (with Retry), and hands the record to its editor. The editor is
// keyed by the record's version, so a save elsewhere starts it afresh from what the server holds.
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { getHospitalOptions } from '../../../generated/@tanstack/react-query.gen.ts';
import type { Hospital } from '../../../generated/types.gen.ts';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { errorText } from '../../lib/api/index.ts';

interface HospitalSettingsSectionProps {
  readonly hospitalId: string;
  /** The section heading's id, which names the section for assistive technology. */
  readonly titleId: string;
  readonly title: string;
  readonly description: ReactNode;
  readonly editor: (hospital: Hospital) => ReactNode;
}

export function HospitalSettingsSection({
  hospitalId,
  titleId,
  title,
  description,
  editor,
}: HospitalSettingsSectionProps) {
  const hospital = useQuery(getHospitalOptions({ path: { hospitalId } }));
  let body;
  if (hospital.error) {
    body = (
      <ErrorState
        title="The hospital could not be loaded."
        message={errorText(hospital.error)}
        onRetry={() => void hospital.refetch()}
        retrying={hospital.isRefetching}
      />
    );
  } else if (!hospital.data) {
    body = <LoadingState label="Loading the hospital…" />;
  } else {
    body = <Fragment key={hospital.data.version}>{editor(hospital.data)}</Fragment>;
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}
