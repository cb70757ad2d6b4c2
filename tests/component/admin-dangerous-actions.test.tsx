// Dangerous admin actions ask first and say what they break: deactivating a user lists their shifts and
// what becomes uncovered before anything is sent; deleting a shift names the gap it leaves first.
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  handleDeleteShift,
  handleGetCoverage,
  handleGetDeactivationImpact,
  handleListShifts,
  handleListSpecialistSchedules,
  handleListUsers,
  handleUpdateUser,
} from '../../generated/msw.gen.ts';
import type {
  Coverage,
  DeactivationImpact,
  Shift,
  UserAccount,
  UserUpdate,
} from '../../generated/types.gen.ts';
import { renderApp } from '../support/harness.tsx';

const NEUROLOGY = { id: 'spc_neurology', name: 'Neurology' };
const PRIYA: UserAccount = {
  id: 'usr_priya',
  displayName: 'Dr Priya Raman',
  email: 'priya.raman@stgeorges.example',
  roles: ['specialist'],
  hospitalId: 'hosp_sgh',
  specialtyTypes: ['Neurology'],
  phone: null,
  pager: null,
  active: true,
  version: 3,
  createdAt: '2026-11-02T09:14:00Z',
};
const IMPACT: DeactivationImpact = {
  shifts: [
    {
      shiftId: 'shf_1',
      specialty: NEUROLOGY,
      startsAt: '2031-02-03T08:00:00.000Z',
      endsAt: '2031-02-03T20:00:00.000Z',
      role: 'primary',
      leavesUncovered: true,
    },
    {
      shiftId: 'shf_2',
      specialty: NEUROLOGY,
      startsAt: '2031-02-04T20:00:00.000Z',
      endsAt: '2031-02-05T08:00:00.000Z',
      role: 'backup',
      leavesUncovered: false,
    },
  ],
  more: false,
};

let patches: UserUpdate[];
let deleted: string[];
beforeEach(() => {
  patches = [];
  deleted = [];
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('deactivating a user', () => {
  it('lists their shifts and what becomes uncovered, and deactivates only once confirmed', async () => {
    const user = userEvent.setup();
    await renderApp(
      '/hospital-admin/specialists-details/',
      'hospital',
      handleListUsers({ body: { items: [PRIYA], total: 1, offset: 0, limit: 10 } }),
      handleGetDeactivationImpact({ body: IMPACT }),
      handleUpdateUser(async ({ request }) => {
        const body = await request.json();
        patches.push(body);
        return Response.json({ ...PRIYA, active: false, version: 4 });
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Deactivate Dr Priya Raman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Dr Priya Raman?' });
    expect(await within(dialog).findByTestId('deactivation-breaks')).toHaveTextContent(
      '1 shift will have nobody on call. The ER admins will be told.',
    );
    const shifts = within(dialog).getByRole('list', { name: 'Shifts of Dr Priya Raman' });
    const [primary, backup] = within(shifts).getAllByRole('listitem');
    expect(primary).toHaveTextContent(
      /^Neurology, .+ to .+: on call as primary — nobody will be on call; new cases go to every Neurology specialist$/,
    );
    expect(backup).toHaveTextContent(/backup — the shift keeps its primary but loses its backup/);
    expect(patches).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Keep active' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(patches).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Deactivate Dr Priya Raman' }));
    const again = await screen.findByRole('dialog', { name: 'Deactivate Dr Priya Raman?' });
    await within(again).findByTestId('deactivation-breaks');
    await user.click(within(again).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => {
      expect(patches).toEqual([{ version: 3, active: false }]);
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});

describe('deleting a shift', () => {
  it('asks first and names the gap it leaves', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('min-width: 62em'),
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as unknown as MediaQueryList,
    );
    // jsdom has no pointer capture; the calendar asks for it as a press starts.
    Element.prototype.setPointerCapture = vi.fn();
    const user = userEvent.setup();
    const ANNA = { id: 'usr_anna', displayName: 'Dr Anna Berg' };
    const monday: Shift = {
      id: 'shf_mon',
      specialty: NEUROLOGY,
      startsAt: '2031-02-03T08:00:00.000Z',
      endsAt: '2031-02-03T20:00:00.000Z',
      primary: ANNA,
      backup: null,
      warnings: [],
    };
    const coverage: Coverage = {
      timeZone: 'Europe/London',
      from: '2031-02-03T00:00:00.000Z',
      to: '2031-02-17T00:00:00.000Z',
      specialties: [{ specialty: NEUROLOGY, specialists: 1, now: null, gaps: [] }],
      switchboardPhone: null,
    };
    await renderApp(
      '/emergency-room/admin/on-call-schedules/?specialtyId=spc_neurology&at=2031-02-03T09:00:00.000Z',
      'emergency_room_admin',
      handleGetCoverage({ body: coverage }),
      handleListSpecialistSchedules({
        body: {
          timeZone: 'Europe/London',
          items: [{ specialist: ANNA, specialties: ['Neurology'], availability: [], timeOff: [] }],
        },
      }),
      handleListShifts(() => Response.json({ items: deleted.length > 0 ? [] : [monday] })),
      handleDeleteShift(({ params }) => {
        deleted.push(params.shiftId);
        return new Response(null, { status: 204 });
      }),
    );

    await waitFor(() => {
      expect(document.querySelector('[data-shift-id="shf_mon"]')).not.toBeNull();
    });
    await user.click(document.querySelector<HTMLElement>('[data-shift-id="shf_mon"]') as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Neurology shift' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete shift' }));
    expect(within(dialog).getByTestId('delete-gap')).toHaveTextContent(
      /It leaves a gap: nobody is on call for Neurology from .*3 Feb.* to .*3 Feb.*\. New cases then go to every Neurology specialist/,
    );
    expect(deleted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete and leave the gap' }));
    await waitFor(() => {
      expect(deleted).toEqual(['shf_mon']);
    });
  });
});
