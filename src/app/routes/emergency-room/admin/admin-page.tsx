// /emergency-room/admin: the ER admin's home. Coverage now and the gaps of the next 14 days (each opening
// the schedule at the gap), the cases open right now with their timers, and the admin's other screens.
import { Anchor, Group, Stack, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { routes } from '../../../../config/routes.ts';
import {
  ACTIVE_STATUSES,
  CaseList,
  prefetchCaseList,
  useCaseList,
} from '../../../../features/cases/index.ts';
import {
  CoverageGaps,
  CoverageNow,
  prefetchCoverage,
  useCoverage,
} from '../../../../features/schedules/index.ts';
import { useMe } from '../../../../lib/use-me.ts';

function scheduleAt(specialtyId: string, at: string): string {
  const query = new URLSearchParams({ specialtyId, at });
  return `${routes.emergencyRoomAdminOnCallSchedules.href()}?${query.toString()}`;
}

const OPEN_CASES = { scope: 'all', status: [...ACTIVE_STATUSES] } as const;

export function prefetch(client: QueryClient): void {
  prefetchCoverage(client);
  prefetchCaseList(client, { ...OPEN_CASES, status: [...OPEN_CASES.status] });
}

export function Component() {
  const { timeZone } = useMe();
  const coverage = useCoverage();
  const open = useCaseList({ ...OPEN_CASES, status: [...OPEN_CASES.status] });
  // Each part shows once the one above it has its answer (all are asked for at once), so nothing on the
  // screen is pushed down by what arrives above it. What shows then (the gaps, the open cases) renders as a
  // deferred update, in slices, with the coverage above it, rather than in the task that got the answer.
  const coverageSettled = useDeferredValue(!coverage.isPending);
  const [casesSettled, setCasesSettled] = useState(false);
  const settleCases = useCallback(() => {
    setCasesSettled(true);
  }, []);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {routes.emergencyRoomAdmin.title}
      </Title>
      <CoverageNow coverage={coverage} />
      {coverageSettled && (
        <>
          <CoverageGaps coverage={coverage} scheduleHref={scheduleAt} />
          <Stack gap="sm" component="section" aria-labelledby="open-cases">
            <Title order={2} size="h3" id="open-cases">
              Open cases
            </Title>
            <CaseList
              label="Open cases"
              list={open}
              hrefFor={(id) => routes.doctorCase.href({ id })}
              timeZone={timeZone}
              emptyMessage="No case is open right now."
              onSettled={settleCases}
            />
          </Stack>
        </>
      )}
      {casesSettled && (
        <Group gap="md" component="nav" aria-label="Administration">
          {[
            routes.emergencyRoomAdminSpecialistScheduler,
            routes.emergencyRoomAdminOnCallSchedules,
            routes.emergencyRoomAdminAddUser,
          ].map((target) => (
            <Anchor
              key={target.path}
              component={Link}
              to={target.href()}
              mih={44}
              style={{ display: 'inline-flex', alignItems: 'center' }}
            >
              {target.title}
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}
