// What a print carries, on paper only: what it is, the hospital, who printed it, when and in which zone; the
// case summary's live timers replaced by their values at the moment of printing; case numbers on one line.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  handleGetCase,
  handleGetSpecialistReport,
  handleListTriageAssessments,
  handleRecordCasePrint,
  handleRecordSpecialistReportPrint,
} from '../../generated/msw.gen.ts';
import type { SpecialistReport } from '../../generated/types.gen.ts';
import { doctor, examples, renderApp, specialist } from '../support/harness.tsx';

const PRINTED_AT = new Date('2026-11-22T08:51:07.000Z');

function printAt(at: Date) {
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  const print = vi.fn();
  vi.stubGlobal('print', print);
  window.print = print;
  return print;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('prints', () => {
  it('the case summary carries hospital, printer, time with its zone, and the timers as fixed values', async () => {
    const item = examples.case();
    item.id = 'cas_print';
    await renderApp(
      '/emergency-room/doctor/cases/cas_print',
      doctor,
      handleListTriageAssessments({ body: examples.triage() }),
      handleGetCase({ body: item }),
      handleRecordCasePrint(() => new Response(null, { status: 204 })),
    );
    await screen.findByRole('heading', { level: 1, name: `Case ${item.displayNumber}` });
    expect(screen.queryByTestId('print-heading')).not.toBeInTheDocument();
    // The live timers are left off the paper.
    const timer = screen.getByRole('timer', { name: /Time since door/ });
    expect(timer.closest('[data-print="hide"]')).not.toBeNull();

    const print = printAt(PRINTED_AT);
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Print summary' }));
    await vi.waitFor(() => {
      expect(print).toHaveBeenCalledTimes(1);
    });
    const heading = screen.getByTestId('print-heading');
    expect(heading).toHaveTextContent(`Case record ${item.displayNumber} · St George's Hospital`);
    expect(heading).toHaveTextContent(
      `Printed 22 Nov 2026, 08:51 (Europe/London, UTC+00:00) by ${doctor.displayName}.`,
    );
    const elapsed = heading.nextElementSibling as HTMLElement;
    expect(elapsed).toHaveClass('print-only');
    // Door at 08:41:00, target at 09:07:00, printed at 08:51:07.
    expect(within(elapsed).getByText(/Time since door at printing/).parentElement).toHaveTextContent(
      'Time since door at printing: 0:10:07',
    );
    expect(within(elapsed).getByText(/Time left to target at printing/).parentElement).toHaveTextContent(
      'Time left to target at printing: 0:15:53 left',
    );
  });

  it('the specialist report carries hospital, printer and time with its zone, case numbers on one line', async () => {
    const body: SpecialistReport = {
      range: { from: '2026-10-01', to: '2026-10-31' },
      physician: { id: specialist.id, displayName: specialist.displayName },
      figures: null,
      specialtyMedian: null,
      consultations: [
        {
          caseId: 'cas_1',
          displayNumber: 'SGH-000042',
          specialty: 'Neurology',
          urgency: 'emergent',
          openedAt: '2026-10-02T09:14:00.000Z',
          acceptedAt: '2026-10-02T09:18:12.000Z',
          consultedAt: '2026-10-02T09:40:00.000Z',
          disposition: 'admit',
        },
      ],
    };
    await renderApp(
      '/specialist/specialist-report/?preset=custom&from=2026-10-01&to=2026-10-31',
      specialist,
      handleGetSpecialistReport({ body }),
      handleRecordSpecialistReportPrint(() => new Response(null, { status: 204 })),
    );
    const cell = await screen.findByRole('cell', { name: 'SGH-000042' });
    expect(cell).toHaveAttribute('data-nowrap');
    const print = printAt(new Date('2026-07-01T12:00:00.000Z'));
    await userEvent.click(screen.getByRole('button', { name: 'Print report' }));
    await vi.waitFor(() => {
      expect(print).toHaveBeenCalledTimes(1);
    });
    const heading = screen.getByTestId('print-heading');
    expect(heading).toHaveTextContent(
      `Specialist report of ${specialist.displayName} · St George's Hospital`,
    );
    expect(heading).toHaveTextContent(
      `Printed 1 Jul 2026, 13:00 (Europe/London, UTC+01:00) by ${specialist.displayName}.`,
    );
  });
});
