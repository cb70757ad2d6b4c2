// The specialties of the caller's hospital system, each a link to its triage assessment.
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  listSpecialtiesOptions,
  listTriageAssessmentsOptions,
} from '../../../generated/@tanstack/react-query.gen.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { retryText } from '../../lib/api/index.ts';

export interface SpecialtyLinksProps {
  /** The address of a specialty's triage assessment. */
  readonly href: (specialtyId: string) => string;
  /** False for users of no single hospital: their assessments' question counts are not read here. */
  readonly withCounts: boolean;
}

export function SpecialtyLinks({ href, withCounts }: SpecialtyLinksProps) {
  const specialties = useQuery(listSpecialtiesOptions());
  const assessments = useQuery({ ...listTriageAssessmentsOptions(), enabled: withCounts });
  const counts = new Map(
    (assessments.data?.items ?? []).map((assessment) => [
      assessment.specialty.id,
      assessment.questions.length,
    ]),
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="settings-specialties">
      <Stack gap="sm">
        <Title order={2} size="h4" id="settings-specialties">
          Triage assessments
        </Title>
        <Text size="sm" c="dimmed">
          The questions the new-case form asks for each specialty.
        </Text>
        {specialties.isPending && <LoadingState label="Loading the specialties…" />}
        {specialties.isError && (
          <ErrorState
            title="The specialties could not be loaded"
            message={retryText(specialties.error)}
            onRetry={() => void specialties.refetch()}
            retrying={specialties.isRefetching}
          />
        )}
        {specialties.data?.items.length === 0 && <EmptyState>No specialties yet.</EmptyState>}
        {specialties.data && specialties.data.items.length > 0 && (
          <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Specialties">
            {specialties.data.items.map((specialty) => {
              const count = counts.get(specialty.id);
              return (
                <li key={specialty.id}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" mih={44}>
                    <Anchor component={Link} to={href(specialty.id)} py={10}>
                      {specialty.name}
                    </Anchor>
                    {withCounts && assessments.data && (
                      <Badge variant="light" color={count ? 'blue' : 'gray'} style={{ flexShrink: 0 }}>
                        {count ? `${count} ${count === 1 ? 'question' : 'questions'}` : 'No questions'}
                      </Badge>
                    )}
                  </Group>
                </li>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
