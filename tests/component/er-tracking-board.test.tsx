// The ER's tracking board on a desktop: one table row per open case, with its states (loading, empty, error),
// overdue rows in red with words and their actions (re-page now, call the person on call), the filter that
// hides accepted cases from earlier shifts, and pages of 50 rows. On a phone the board stays the cards.
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  handleGetCoverage,
  handleListCases,
  handleListSpecialistSchedules,
  handleReassignCase,
  handleRepageCase,
} from '../../generated/msw.gen.ts';
import type { Case, CaseSummary, Coverage } from '../../generated/types.gen.ts';
import { examples, isWaitingOffersQuery, renderApp, userWithRole } from '../support/harness.tsx';

const MINUTE = 60_000;
const base = examples.caseList().items[0] as CaseSummary;

function screenWide(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: wide && query.includes('min-width: 62em'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** A case opened `openedAgo` ms ago whose clinical target is `targetIn` ms away (negative: past). */
function row(
  id: string,
  number: string,
  over: Partial<CaseSummary> = {},
  targetIn = 20 * MINUTE,
): CaseSummary {
  const now = Date.now();
  return {
    ...base,
    id,
    displayNumber: number,
    status: 'pending',
    specialty: { id: 'spc_neurology', name: 'Neurology' },
    doorTime: new Date(now - 40 * MINUTE).toISOString(),
    createdAt: new Date(now - 30 * MINUTE).toISOString(),
    updatedAt: new Date(now - 30 * MINUTE).toISOString(),
    targetDueAt: new Date(now + targetIn).toISOString(),
    ackDueAt: new Date(now + 3 * MINUTE).toISOString(),
    assignedTo: null,
    offeredTo: [{ specialist: { id: 'usr_demo_specialist', displayName: 'Dr Priya Shah' }, step: 'primary' }],
    ...over,
  };
}

const coverage: Coverage = {
  timeZone: 'Europe/London',
  switchboardPhone: '+44 20 7946 0000',
  from: new Date().toISOString(),
  to: new Date().toISOString(),
  specialties: [
    {
      specialty: { id: 'spc_neurology', name: 'Neurology' },
      specialists: 3,
      now: {
        shiftId: 'shf_1',
        primary: { id: 'usr_demo_specialist', displayName: 'Dr Priya Shah' },
        primaryPhone: '+44 20 7946 0321',
        backup: null,
        backupPhone: null,
        until: new Date(Date.now() + 6 * 60 * MINUTE).toISOString(),
      },
      gaps: [],
    },
  ],
};

function board(cases: () => CaseSummary[], ...more: Parameters<typeof renderApp>[2][]) {
  return boardAs('emergency_room_admin', cases, ...more);
}

function boardAs(
  role: 'emergency_room_admin' | 'emergency_room',
  cases: () => CaseSummary[],
  ...more: Parameters<typeof renderApp>[2][]
) {
  return renderApp(
    '/emergency-room/',
    role,
    handleGetCoverage({ body: coverage }),
    ...more,
    handleListCases(({ request }) => {
      if (isWaitingOffersQuery(request.url)) return Response.json({ items: [], nextCursor: null });
      const query = new URL(request.url).searchParams;
      const limit = Number(query.get('limit') ?? '50');
      const start = Number(query.get('cursor') ?? '0');
      const statuses = query.getAll('status');
      const all = cases().filter((item) => statuses.length === 0 || statuses.includes(item.status));
      const next = start + limit < all.length ? String(start + limit) : null;
      return Response.json({ items: all.slice(start, start + limit), nextCursor: next });
    }),
  );
}

describe('the ER tracking board on a desktop', () => {
  it('says it is loading, then that nothing is open', async () => {
    screenWide(true);
    // The list is held back until the loading state has been seen, then let through.
    let releaseList: () => void = () => undefined;
    const listHeld = new Promise<void>((resolve) => {
      releaseList = resolve;
    });
    await board(
      () => [],
      http.get('*/cases', async ({ request }) => {
        if (isWaitingOffersQuery(request.url)) return undefined;
        await listHeld;
        return undefined;
      }),
    );
    const loading = await screen.findByText('Loading cases…');
    expect(loading.closest('[aria-busy="true"]')).not.toBeNull();
    releaseList();
    expect(await screen.findByText('No open case in the emergency room.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'On call now' })).toBeInTheDocument();
  });

  it('says the cases could not be loaded, with Retry', async () => {
    screenWide(true);
    await renderApp(
      '/emergency-room/',
      'emergency_room',
      handleGetCoverage({ body: coverage }),
      handleListCases(({ request }) =>
        isWaitingOffersQuery(request.url)
          ? Response.json({ items: [], nextCursor: null })
          : Response.json({ detail: 'The server failed' }, { status: 500 }),
      ),
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('The cases could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('marks an overdue row in red with words, and re-pages and calls from it', async () => {
    screenWide(true);
    const repaged: string[] = [];
    const overdue = row('cas_late', 'SGH-000101', {}, -12 * MINUTE - 5_000);
    const onTime = row('cas_fine', 'SGH-000102');
    await board(
      () => [overdue, onTime],
      handleRepageCase(({ params }) => {
        repaged.push(params.caseId);
        return Response.json({ ...examples.case(), id: overdue.id } satisfies Case);
      }),
    );
    const table = await screen.findByRole('table', { name: /Open cases, most urgent first: 1–2 of 2/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Case',
      'Urgency',
      'Specialty',
      'State',
      'Owner or offered to',
      'Since door',
      'Escalates in',
      'Time to target',
      'Actions',
    ]);
    const late = within(table).getByRole('row', { name: /SGH-000101/ });
    const fine = within(table).getByRole('row', { name: /SGH-000102/ });
    expect(late).toHaveAttribute('data-overdue', 'true');
    expect(within(late).getByTestId('overdue')).toHaveTextContent('Overdue 12 min');
    expect(within(late).getByTestId('holder')).toHaveTextContent('Dr Priya Shah (on-call primary)');
    expect(fine).not.toHaveAttribute('data-overdue');
    expect(within(fine).queryByRole('button', { name: /Re-page/ })).not.toBeInTheDocument();

    const call = within(late).getByRole('link', { name: 'Call Dr Priya Shah, +44 20 7946 0321' });
    expect(call).toHaveAttribute('href', 'tel:+442079460321');

    await userEvent.click(within(late).getByRole('button', { name: 'Re-page now: case SGH-000101' }));
    expect(await within(late).findByText(/^Re-paged at \d{2}:\d{2}/)).toBeInTheDocument();
    expect(repaged).toEqual(['cas_late']);
  });

  it('says why a re-page was refused', async () => {
    screenWide(true);
    await board(
      () => [row('cas_late', 'SGH-000101', {}, -5 * MINUTE)],
      handleRepageCase(() =>
        Response.json({ detail: 'Only a case waiting for a specialist can be re-paged' }, { status: 409 }),
      ),
    );
    const late = await screen.findByRole('row', { name: /SGH-000101/ });
    await userEvent.click(within(late).getByRole('button', { name: /Re-page now/ }));
    expect(
      await within(late).findByText(/Only a case waiting for a specialist can be re-paged/),
    ).toBeInTheDocument();
  });

  it('says a re-page too soon after the last alert sent nothing, instead of "Re-paged at"', async () => {
    screenWide(true);
    let answers = 0;
    const late = row('cas_late', 'SGH-000101', {}, -5 * MINUTE);
    await board(
      () => [late],
      handleRepageCase(() => {
        answers += 1;
        return answers === 1
          ? Response.json({ ...examples.case(), id: late.id } satisfies Case)
          : Response.json(
              { detail: 'The specialists were alerted 4 s ago; re-page again in 26 s.' },
              { status: 409 },
            );
      }),
    );
    const lateRow = await screen.findByRole('row', { name: /SGH-000101/ });
    await userEvent.click(within(lateRow).getByRole('button', { name: /Re-page now/ }));
    expect(await within(lateRow).findByText(/^Re-paged at \d{2}:\d{2}/)).toBeInTheDocument();
    await userEvent.click(within(lateRow).getByRole('button', { name: /Re-page now/ }));
    expect(
      await within(lateRow).findByText('The specialists were alerted 4 s ago; re-page again in 26 s.'),
    ).toBeInTheDocument();
    expect(within(lateRow).queryByText(/Re-paged at/)).not.toBeInTheDocument();
  });

  it('lets the ER admin reassign an overdue case to another specialist of its specialty', async () => {
    screenWide(true);
    const asked: unknown[] = [];
    const late = row('cas_late', 'SGH-000101', {}, -5 * MINUTE);
    const person = (id: string, displayName: string, specialties: string[]) => ({
      specialist: { id, displayName },
      specialties,
      availability: [],
      timeOff: [],
    });
    await board(
      () => [late],
      handleListSpecialistSchedules({
        body: {
          timeZone: 'Europe/London',
          items: [
            person('usr_demo_specialist', 'Dr Priya Shah', ['Neurology']),
            person('usr_tomas', 'Dr Tomas Novak', ['Neurology']),
            person('usr_dalia', 'Dr Dalia Xu', ['Cardiology']),
          ],
        },
      }),
      handleReassignCase(async ({ request }) => {
        asked.push(await request.json());
        return Response.json({ ...examples.case(), id: late.id } satisfies Case);
      }),
    );
    const lateRow = await screen.findByRole('row', { name: /SGH-000101/ });
    await userEvent.click(await within(lateRow).findByRole('button', { name: 'Reassign case SGH-000101' }));
    const select = await screen.findByRole('combobox', { name: 'Offer case SGH-000101 to' });
    // Only the specialty's other specialists: not the one holding the offer, not another specialty's.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a specialist', 'Dr Tomas Novak']);
    await userEvent.selectOptions(select, 'usr_tomas');
    await userEvent.click(screen.getByRole('button', { name: 'Offer to them' }));
    await waitFor(() => {
      expect(asked).toEqual([{ specialistId: 'usr_tomas' }]);
    });
  });

  it('says when the specialists to reassign to could not be loaded, with Retry', async () => {
    screenWide(true);
    let calls = 0;
    await board(
      () => [row('cas_late', 'SGH-000101', {}, -5 * MINUTE)],
      handleListSpecialistSchedules(() => {
        calls += 1;
        return Response.json({ detail: 'Unavailable' }, { status: 503 });
      }),
    );
    const lateRow = await screen.findByRole('row', { name: /SGH-000101/ });
    await userEvent.click(await within(lateRow).findByRole('button', { name: 'Reassign case SGH-000101' }));
    const problem = await screen.findByText('The specialists could not be loaded.');
    expect(problem).toBeVisible();
    const dropdown = problem.closest<HTMLElement>('.mantine-Popover-dropdown');
    if (dropdown === null) throw new Error('the problem is not in the Reassign popover');
    const before = calls;
    await userEvent.click(within(dropdown).getByRole('button', { name: /Retry/ }));
    await waitFor(() => {
      expect(calls).toBeGreaterThan(before);
    });
  });

  it('offers Reassign to the ER admin only', async () => {
    screenWide(true);
    await boardAs('emergency_room', () => [row('cas_late', 'SGH-000101', {}, -5 * MINUTE)]);
    const lateRow = await screen.findByRole('row', { name: /SGH-000101/ });
    expect(within(lateRow).getByRole('button', { name: /Re-page now/ })).toBeInTheDocument();
    // Once the user is known (the header names them), the row still offers no Reassign.
    expect(await screen.findByText(userWithRole('emergency_room').displayName)).toBeInTheDocument();
    expect(within(lateRow).queryByRole('button', { name: /Reassign/ })).not.toBeInTheDocument();
  });

  it('hides accepted cases from earlier shifts until asked', async () => {
    screenWide(true);
    const old = row('cas_old', 'SGH-000050', {
      status: 'accepted',
      assignedTo: { id: 'usr_demo_specialist', displayName: 'Dr Priya Shah' },
      offeredTo: [],
      ackDueAt: null,
      createdAt: new Date(Date.now() - 30 * 60 * MINUTE).toISOString(),
    });
    await board(() => [row('cas_new', 'SGH-000120'), old]);
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('row', { name: /SGH-000050/ })).not.toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Show accepted from earlier shifts (1 hidden)' });
    await userEvent.click(toggle);
    const shown = await within(table).findByRole('row', { name: /SGH-000050/ });
    expect(within(shown).getByTestId('holder')).toHaveTextContent('Dr Priya Shah');
    expect(shown).not.toHaveAttribute('data-overdue');
  });

  it('shows 50 rows a page, and the next page on asking', async () => {
    screenWide(true);
    const many = Array.from({ length: 120 }, (_, index) =>
      row(`cas_${String(index)}`, `SGH-${String(1000 + index)}`),
    );
    await board(() => many);
    const table = await screen.findByRole('table', { name: /1–50$/ });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    const second = await screen.findByRole('table', { name: /51–100/ });
    expect(within(second).getByRole('row', { name: /SGH-1050/ })).toBeInTheDocument();
    expect(within(second).queryByRole('row', { name: /SGH-1049/ })).not.toBeInTheDocument();
  });
});

describe('the ER board on a phone', () => {
  it('stays compact cards by state', async () => {
    screenWide(false);
    const late = row('cas_late', 'SGH-000101', {}, -5 * MINUTE);
    const accepted = row('cas_taken', 'SGH-000102', { status: 'accepted', offeredTo: [], ackDueAt: null });
    // Each state's cards come from their own list.
    await board(() => [late, accepted]);
    const pending = await screen.findByRole('region', { name: 'Pending' });
    expect(await within(pending).findByRole('listitem', { name: 'Case SGH-000101' })).toBeInTheDocument();
    const acceptedColumn = screen.getByRole('region', { name: 'Accepted' });
    expect(
      await within(acceptedColumn).findByRole('listitem', { name: 'Case SGH-000102' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'On call now' })).toBeInTheDocument();
    });
  });
});
