// /emergency-room: the ER's live board. Every open case by state with its timers (the event stream refreshes
// the case lists as cases change), and who is on call now per specialty.
import { Stack, Title } from '@mantine/core';
import type { CaseStatus } from '../../../../generated/types.gen.ts';
import { routes } from '../../../config/routes.ts';
import { CaseList, statusLabels, useCaseList } from '../../../features/cases/index.ts';
import { CoverageNow, useCoverage } from '../../../features/schedules/index.ts';
import { useMe } from '../../../lib/use-me.ts';

// Waiting for a specialist first: the most urgent thing first.
const BOARD_STATES: readonly CaseStatus[] = ['pending', 'escalated', 'accepted', 'responded'];

function StateColumn({ status, timeZone }: { status: CaseStatus; timeZone: string }) {
  const list = useCaseList({ scope: 'all', status: [status] });
  return (
    <Stack gap="xs" component="section" aria-labelledby={`board-${status}`}>
      <Title order={2} size="h3" id={`board-${status}`}>
        {statusLabels[status]}
      </Title>
      <CaseList
        label={statusLabels[status]}
        list={list}
        hrefFor={(id) => routes.doctorCase.href({ id })}
        timeZone={timeZone}
        emptyMessage={`No case is ${statusLabels[status].toLowerCase()}.`}
      />
    </Stack>
  );
}

export function Component() {
  const { timeZone } = useMe();
  const coverage = useCoverage();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {routes.emergencyRoom.title}
      </Title>
      {BOARD_STATES.map((status) => (
        <StateColumn key={status} status={status} timeZone={timeZone} />
      ))}
      <CoverageNow coverage={coverage} />
    </Stack>
  );
}
