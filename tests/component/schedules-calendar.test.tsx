// The on-call calendar's interactions against MSW: moving a shift with the arrow keys (the keyboard stays
// on it), dragging a shift to another day of the month, drawing a shift by dragging down a day, repeating
// a pattern, and the phone's list of days with its gaps. The week shown is in 2031, so every gap in it lies
// ahead of the clock.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  handleGetCoverage,
  handleListShifts,
  handleListSpecialistSchedules,
  handleRepeatShifts,
  handleUpdateShift,
} from '../../generated/msw.gen.ts';
import type { Coverage, Shift, ShiftCreate, ShiftPattern } from '../../generated/types.gen.ts';
import { renderApp } from '../support/harness.tsx';

const PATH = '/emergency-room/admin/on-call-schedules/?specialtyId=spc_neurology&at=2031-02-03T09:00:00.000Z';
const NEUROLOGY = { id: 'spc_neurology', name: 'Neurology' };
const ANNA = { id: 'usr_anna', displayName: 'Dr Anna Berg' };
const BORIS = { id: 'usr_boris', displayName: 'Dr Boris Lund' };

const coverage: Coverage = {
  timeZone: 'Europe/London',
  from: '2031-02-03T00:00:00.000Z',
  to: '2031-02-17T00:00:00.000Z',
  specialties: [{ specialty: NEUROLOGY, specialists: 2, now: null, gaps: [] }],
  switchboardPhone: null,
};

function shift(id: string, startsAt: string, endsAt: string, primary = ANNA): Shift {
  return { id, specialty: NEUROLOGY, startsAt, endsAt, primary, backup: null, warnings: [] };
}

let shifts: Shift[];
let updates: { shiftId: string; body: ShiftCreate }[];
let patterns: ShiftPattern[];

const api = [
  handleGetCoverage({ body: coverage }),
  handleListSpecialistSchedules({
    body: {
      timeZone: 'Europe/London',
      items: [ANNA, BORIS].map((specialist) => ({
        specialist,
        specialties: ['Neurology'],
        availability: [],
        timeOff: [],
      })),
    },
  }),
  handleListShifts(() => Response.json({ items: shifts })),
  handleUpdateShift(async ({ request, params }) => {
    const body = await request.json();
    updates.push({ shiftId: params.shiftId, body });
    const moved = shift(params.shiftId, body.startsAt, body.endsAt);
    shifts = shifts.map((entry) => (entry.id === params.shiftId ? moved : entry));
    return Response.json(moved);
  }),
  handleRepeatShifts(async ({ request }) => {
    const body = await request.json();
    patterns.push(body);
    const created = [shift('shf_r1', '2031-02-10T08:00:00.000Z', '2031-02-10T20:00:00.000Z')];
    return Response.json({ items: created }, { status: 201 });
  }),
];

/** Whether the screen is as wide as a ward PC (the grids) or a phone (the list of days). */
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

beforeEach(() => {
  shifts = [
    shift('shf_mon', '2031-02-03T08:00:00.000Z', '2031-02-03T20:00:00.000Z'),
    shift('shf_tue', '2031-02-04T08:00:00.000Z', '2031-02-04T20:00:00.000Z', BORIS),
  ];
  updates = [];
  patterns = [];
  // jsdom has no pointer capture; the calendar asks for it as a drag starts.
  Element.prototype.setPointerCapture = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function shiftButton(id: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[data-shift-id="${id}"]`);
  if (!found) throw new Error(`No shift ${id} on the calendar`);
  return found;
}

describe('the on-call calendar', () => {
  it('moves a focused shift with the arrow keys, saves it and keeps the keyboard on it', async () => {
    screenWide(true);
    const user = userEvent.setup();
    await renderApp(PATH, 'emergency_room_admin', ...api);
    expect(await screen.findByText(/^Week of Mon 3 Feb/)).toBeInTheDocument();
    await waitFor(() => {
      shiftButton('shf_mon');
    });
    expect(shiftButton('shf_mon')).toHaveAccessibleDescription(
      /Arrow up or down moves a shift by 30 minutes/,
    );

    shiftButton('shf_mon').focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('Moved: Dr Anna Berg on call Mon 3 Feb 08:30–20:30.')).toBeInTheDocument();
    expect(updates).toEqual([
      {
        shiftId: 'shf_mon',
        body: {
          specialtyId: 'spc_neurology',
          startsAt: '2031-02-03T08:30:00.000Z',
          endsAt: '2031-02-03T20:30:00.000Z',
          primaryId: ANNA.id,
          backupId: null,
        },
      },
    ]);
    await waitFor(() => {
      expect(document.activeElement).toHaveAttribute('data-shift-id', 'shf_mon');
    });

    // A day later with the right arrow: into Wednesday's column, and the keyboard follows it there.
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('Moved: Dr Anna Berg on call Tue 4 Feb 08:30–20:30.')).toBeInTheDocument();
    await waitFor(() => {
      expect(document.activeElement).toHaveAttribute('data-shift-id', 'shf_mon');
    });
    expect(document.activeElement?.closest('section')).toHaveAccessibleName('Tue 4 Feb');
    // Enter opens the form instead.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Edit Neurology shift' })).toBeInTheDocument();
  });

  it('moves a shift a week with the down arrow in the month, and to the day it is dragged to', async () => {
    screenWide(true);
    const user = userEvent.setup();
    await renderApp(PATH, 'emergency_room_admin', ...api);
    await user.click(await screen.findByRole('button', { name: 'Month' }));
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('February 2031 · times in Europe/London')).toBeInTheDocument();
    await waitFor(() => {
      shiftButton('shf_mon');
    });

    shiftButton('shf_mon').focus();
    await user.keyboard('{ArrowDown}');
    expect(
      await screen.findByText('Moved: Dr Anna Berg on call Mon 10 Feb 08:00–20:00.'),
    ).toBeInTheDocument();

    // Dragged from its day onto Thursday the 13th: the same time that day.
    const thursday = document.querySelector('td[data-date="2031-02-13"]');
    if (!thursday) throw new Error('No Thursday in the month');
    document.elementsFromPoint = () => [thursday];
    const dragged = shiftButton('shf_mon');
    fireEvent.pointerDown(dragged, { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(dragged, { pointerId: 1, clientX: 300, clientY: 10 });
    fireEvent.pointerUp(dragged, { pointerId: 1, clientX: 300, clientY: 10 });
    expect(
      await screen.findByText('Moved: Dr Anna Berg on call Thu 13 Feb 08:00–20:00.'),
    ).toBeInTheDocument();
    expect(updates.map((update) => update.body.startsAt)).toEqual([
      '2031-02-10T08:00:00.000Z',
      '2031-02-13T08:00:00.000Z',
    ]);
    // A drag is not a click: no form opened.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('draws a new shift by dragging down a day, to the half hour', async () => {
    screenWide(true);
    await renderApp(PATH, 'emergency_room_admin', ...api);
    const wednesday = await screen.findByTestId('day-2031-02-05');
    // 576 px for the 24 hours: 24 px an hour.
    wednesday.getBoundingClientRect = () =>
      ({ top: 0, height: 576, left: 0, width: 100, bottom: 576, right: 100, x: 0, y: 0 }) as DOMRect;
    fireEvent.pointerDown(wednesday, { button: 0, pointerId: 1, clientY: 7 * 24 + 5 });
    fireEvent.pointerMove(wednesday, { pointerId: 1, clientY: 12 * 24 });
    fireEvent.pointerMove(wednesday, { pointerId: 1, clientY: 19 * 24 + 13 });
    fireEvent.pointerUp(wednesday, { pointerId: 1, clientY: 19 * 24 + 13 });
    const dialog = await screen.findByRole('dialog', { name: 'New Neurology shift' });
    expect(within(dialog).getByLabelText(/^Starts/)).toHaveValue('2031-02-05T07:00');
    expect(within(dialog).getByLabelText(/^Ends/)).toHaveValue('2031-02-05T19:30');
  });

  it('draws the shift the pointer drew when the release comes before its moves were drawn', async () => {
    // A quick drag on a busy PC: the button comes up where the drag ended, and no move was rendered.
    screenWide(true);
    await renderApp(PATH, 'emergency_room_admin', ...api);
    const wednesday = await screen.findByTestId('day-2031-02-05');
    wednesday.getBoundingClientRect = () =>
      ({ top: 0, height: 576, left: 0, width: 100, bottom: 576, right: 100, x: 0, y: 0 }) as DOMRect;
    fireEvent.pointerDown(wednesday, { button: 0, pointerId: 1, clientY: 12 * 24 + 3 });
    fireEvent.pointerUp(wednesday, { pointerId: 1, clientY: 24 * 24 - 2 });
    const dialog = await screen.findByRole('dialog', { name: 'New Neurology shift' });
    expect(within(dialog).getByLabelText(/^Starts/)).toHaveValue('2031-02-05T12:00');
    expect(within(dialog).getByLabelText(/^Ends/)).toHaveValue('2031-02-06T00:00');
  });

  it('repeats a pattern over a range: weekdays, times and dates as asked', async () => {
    screenWide(true);
    const user = userEvent.setup();
    await renderApp(PATH, 'emergency_room_admin', ...api);
    await user.click(await screen.findByRole('button', { name: 'Repeat a shift…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repeat a Neurology shift' });
    await user.selectOptions(within(dialog).getByLabelText(/^Primary specialist/), BORIS.id);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Friday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    await user.clear(within(dialog).getByLabelText(/^To/));
    await user.type(within(dialog).getByLabelText(/^To/), '07:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create shifts' }));
    expect(await screen.findByText('Created 1 shift.')).toBeInTheDocument();
    expect(patterns).toEqual([
      {
        specialtyId: 'spc_neurology',
        primaryId: BORIS.id,
        backupId: null,
        fromDate: '2031-02-03',
        toDate: '2031-03-02',
        weekdays: [1, 2, 3, 4, 6],
        startTime: '08:00',
        endTime: '07:00',
      },
    ]);
  });

  it('lists the days on a phone, each gap a button that opens the form at it', async () => {
    screenWide(false);
    const user = userEvent.setup();
    await renderApp(PATH, 'emergency_room_admin', ...api);
    const monday = await screen.findByRole('listitem', { name: 'Mon 3 Feb' });
    await waitFor(() => {
      expect(within(monday).getAllByRole('button').length).toBeGreaterThan(2);
    });
    const buttons = within(monday).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'No coverage 00:00–08:00Fill gap on Mon 3 Feb',
      '08:00–20:00 · Dr Anna BergNo backup, edit or move this shift',
      'No coverage 20:00–24:00Fill gap on Mon 3 Feb',
      'Add shift on Mon 3 Feb',
    ]);
    expect(screen.queryByTestId('day-2031-02-03')).not.toBeInTheDocument();
    await user.click(within(monday).getByRole('button', { name: /^No coverage 20:00–24:00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New Neurology shift' });
    expect(within(dialog).getByLabelText(/^Starts/)).toHaveValue('2031-02-03T20:00');
    expect(within(dialog).getByLabelText(/^Ends/)).toHaveValue('2031-02-04T00:00');
  });
});
