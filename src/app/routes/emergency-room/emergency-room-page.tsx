// /emergency-room: the ER's live board (the event stream refreshes the case lists as cases change). On a
// desktop, a tracking board: who is on call now at the top, then one dense table of every open case with
// its timers, overdue rows in red with words and what to do about them. On a phone, the cases as compact
// cards by state, then who is on call.
import { Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback } from 'react';
import type { CaseStatus, CaseSummary, Coverage } from '../../../../generated/types.gen.ts';
import { routes } from '../../../config/routes.ts';
import {
  ACTIVE_STATUSES,
  type BoardContact,
  BOARD_PAGE_ROWS,
  CaseBoard,
  CaseList,
  statusLabels,
  useCaseList,
} from '../../../features/cases/index.ts';
import { CoverageNow, useCoverage } from '../../../features/schedules/index.ts';
import { currentShiftStart } from '../../../lib/date-time.ts';
import { useClockValue } from '../../../lib/use-now.ts';
import { useMe } from '../../../lib/use-me.ts';
import { ReassignControl } from './reassign-control.tsx';

// Waiting for a specialist first: the most urgent thing first.
const BOARD_STATES: readonly CaseStatus[] = ['pending', 'escalated', 'accepted', 'responded'];
// The table needs room for its nine columns; below this the cards read better.
const DESKTOP = '(min-width: 62em)';

const hrefFor = (id: string) => routes.doctorCase.href({ id });

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
        hrefFor={hrefFor}
        timeZone={timeZone}
        emptyMessage={`No case is ${statusLabels[status].toLowerCase()}.`}
      />
    </Stack>
  );
}

/**
 * Whom to call about a case: the specialist it is offered to when the schedule has their number (the on-call
 * primary or backup), else whoever is on call for the specialty now, else the hospital's switchboard. The
 * board knows no other numbers: a specialist off the rota who holds the offer after a reassign is not called
 * directly, and the link names the on-call person it does call.
 */
export function contactOf(item: CaseSummary, coverage: Coverage | undefined): BoardContact | null {
  if (coverage === undefined) return null;
  const now = coverage.specialties.find((entry) => entry.specialty.id === item.specialty.id)?.now ?? null;
  const switchboard =
    coverage.switchboardPhone === null ? null : { name: 'switchboard', phone: coverage.switchboardPhone };
  if (now === null) return switchboard;
  const offered = new Set(item.offeredTo.map((offer) => offer.specialist.id));
  if (
    now.backup !== null &&
    now.backupPhone !== null &&
    offered.has(now.backup.id) &&
    !offered.has(now.primary.id)
  )
    return { name: now.backup.displayName, phone: now.backupPhone };
  if (now.primaryPhone !== null) return { name: now.primary.displayName, phone: now.primaryPhone };
  if (now.backup !== null && now.backupPhone !== null)
    return { name: now.backup.displayName, phone: now.backupPhone };
  return switchboard;
}

function DesktopBoard({ timeZone, admin }: { timeZone: string; admin: boolean }) {
  const coverage = useCoverage();
  const list = useCaseList({ scope: 'all', status: [...ACTIVE_STATUSES], limit: BOARD_PAGE_ROWS });
  // Changes twice a day, at the handovers: the page renders then, not on every tick.
  const shiftStart = useClockValue((now) => currentShiftStart(now, timeZone));
  const contactFor = useCallback((item: CaseSummary) => contactOf(item, coverage.data), [coverage.data]);
  return (
    <>
      <CoverageNow coverage={coverage} />
      <CaseBoard
        list={list}
        hrefFor={hrefFor}
        timeZone={timeZone}
        shiftStart={shiftStart}
        contactFor={contactFor}
        {...(admin ? { Reassign: ReassignControl } : {})}
      />
    </>
  );
}

function PhoneBoard({ timeZone }: { timeZone: string }) {
  const coverage = useCoverage();
  return (
    <>
      {BOARD_STATES.map((status) => (
        <StateColumn key={status} status={status} timeZone={timeZone} />
      ))}
      <CoverageNow coverage={coverage} />
    </>
  );
}

export function Component() {
  const { timeZone, me } = useMe();
  const admin = me?.roles.includes('emergency_room_admin') ?? false;
  const desktop = useMediaQuery(DESKTOP, undefined, { getInitialValueInEffect: false });
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {routes.emergencyRoom.title}
      </Title>
      {desktop ? <DesktopBoard timeZone={timeZone} admin={admin} /> : <PhoneBoard timeZone={timeZone} />}
    </Stack>
  );
}
