// Who is on call, before a case is sent: the new-case form names the primary and backup of the chosen
// specialty, warns (with the switchboard number and what sending anyway does) when nobody is on call, leaves
// out specialties with no specialist, and says so when it could not check.
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  handleGetCoverage,
  handleListSpecialties,
  handleListTriageAssessments,
} from '../../generated/msw.gen.ts';
import type { Coverage } from '../../generated/types.gen.ts';
import { doctor, examples, renderApp } from '../support/harness.tsx';

const NEW_CASE = '/emergency-room/doctor/cases/new';

const COVERAGE: Coverage = {
  timeZone: 'Europe/London',
  switchboardPhone: '+44 20 7946 0000',
  from: '2026-11-23T09:30:00.000Z',
  to: '2026-12-08T00:00:00.000Z',
  specialties: [
    { specialty: { id: 'spc_cardiology', name: 'Cardiology' }, specialists: 2, now: null, gaps: [] },
    {
      specialty: { id: 'spc_neurology', name: 'Neurology' },
      specialists: 3,
      now: {
        shiftId: 'shf_1',
        primary: { id: 'usr_demo_specialist', displayName: 'Dr Priya Shah' },
        primaryPhone: null,
        backup: { id: 'usr_demo_backup', displayName: 'Dr Tomas Novak' },
        backupPhone: null,
        until: '2030-11-23T20:00:00.000Z',
      },
      gaps: [],
    },
  ],
};

function coverage(change: (value: Coverage) => void = () => undefined): Coverage {
  const value = structuredClone(COVERAGE);
  change(value);
  return value;
}

const form = [
  handleListSpecialties({ body: examples.specialties() }),
  handleListTriageAssessments({ body: examples.triage() }),
];

describe('who is on call, before sending', () => {
  it('names the primary and the backup of the chosen specialty', async () => {
    const user = userEvent.setup();
    await renderApp(NEW_CASE, doctor, ...form, handleGetCoverage({ body: coverage() }));

    await user.selectOptions(await screen.findByLabelText(/^Specialty/), 'Neurology');
    const onCall = await screen.findByText('On call now for Neurology');
    const box = onCall.closest('[role="status"]');
    expect(box).not.toBeNull();
    expect(box).toHaveTextContent(/Dr Priya Shah \(primary\) until .+ · backup Dr Tomas Novak/);
    expect(screen.queryByTestId('no-coverage-warning')).not.toBeInTheDocument();
  });

  it('warns before sending when nobody is on call: the switchboard to call and what sending anyway does', async () => {
    const user = userEvent.setup();
    await renderApp(NEW_CASE, doctor, ...form, handleGetCoverage({ body: coverage() }));

    await user.selectOptions(await screen.findByLabelText(/^Specialty/), 'Cardiology');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Nobody is on call for Cardiology now');
    expect(within(warning).getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute(
      'href',
      'tel:+442079460000',
    );
    expect(warning).toHaveTextContent(
      'If you send anyway, the case goes at once to every Cardiology specialist of the hospital (2 specialists) and the ER admins are alerted.',
    );
  });

  it('asks for the switchboard number to be set when the hospital has none', async () => {
    const user = userEvent.setup();
    const none = coverage((value) => {
      value.switchboardPhone = null;
    });
    await renderApp(NEW_CASE, doctor, ...form, handleGetCoverage({ body: none }));

    await user.selectOptions(await screen.findByLabelText(/^Specialty/), 'Cardiology');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(
      /its number is not set here: ask your hospital administrator to add it/,
    );
    expect(within(warning).queryByRole('link')).not.toBeInTheDocument();
  });

  it('does not offer a specialty with no specialist at the hospital', async () => {
    const unstaffed = coverage((value) => {
      const cardiology = value.specialties.find((entry) => entry.specialty.name === 'Cardiology');
      if (cardiology) cardiology.specialists = 0;
    });
    await renderApp(NEW_CASE, doctor, ...form, handleGetCoverage({ body: unstaffed }));

    const specialty = await screen.findByLabelText(/^Specialty/);
    await screen.findByRole('option', { name: 'Neurology' });
    expect(within(specialty).queryByRole('option', { name: 'Cardiology' })).not.toBeInTheDocument();
  });

  it('says it could not check who is on call, and checks again', async () => {
    const user = userEvent.setup();
    await renderApp(
      NEW_CASE,
      doctor,
      ...form,
      handleGetCoverage(() => Response.json({ detail: 'The service is restarting' }, { status: 503 })),
    );

    await user.selectOptions(await screen.findByLabelText(/^Specialty/), 'Neurology');
    // A 503 also puts the offline banner up; the form's own alert says what it could not do.
    const failed = await waitFor(() => {
      const found = screen
        .getAllByRole('alert')
        .find((alert) => alert.textContent.includes('Who is on call could not be checked'));
      if (found === undefined) throw new Error('no alert says who is on call could not be checked');
      return found;
    });
    expect(within(failed).getByRole('button', { name: 'Check again' })).toBeInTheDocument();
  });
});
