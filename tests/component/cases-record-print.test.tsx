// The case record leaves the app only for the case's ER side and the specialist who accepted it: a
// specialist who was offered it or declined it gets no print or export, and the page prints nothing of the
// case but through the audited "Print summary" (the browser's own print shows one line saying so).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  handleGetCase,
  handleListTriageAssessments,
  handleRecordCasePrint,
  handleRecordCaseReceipt,
} from '../../generated/msw.gen.ts';
import type { Case } from '../../generated/types.gen.ts';
import { caseRecordTexts } from '../../src/features/cases/index.ts';
import { doctor, examples, renderApp, specialist } from '../support/harness.tsx';

const triage = handleListTriageAssessments({ body: examples.triage() });
const AT = '2026-11-22T08:54:00.000Z';

function caseWhere(id: string, change: (item: Case) => Case): Case {
  const item = examples.case();
  item.id = id;
  item.attachments = [];
  return change(item);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the case record on the specialist’s case page', () => {
  it.each([
    ['offered it, not yet answered', (item: Case) => item],
    [
      'declined it',
      (item: Case): Case => ({
        ...item,
        offers: item.offers.map((offer) => ({ ...offer, declinedAt: AT, declineReason: 'In theatre' })),
      }),
    ],
  ])('offers no print or export to a specialist who %s', async (_relation, change) => {
    const item = caseWhere('cas_rec_not_mine', change);
    await renderApp(
      '/specialist/cases/cas_rec_not_mine',
      specialist,
      triage,
      handleGetCase({ body: item }),
      handleRecordCaseReceipt({ body: item }),
    );
    expect(await screen.findByText(caseRecordTexts.notYours)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Print summary' })).not.toBeInTheDocument();
  });

  it('offers both to the specialist who accepted it', async () => {
    const item = caseWhere('cas_rec_mine', (base) => ({
      ...base,
      status: 'accepted',
      assignedTo: { id: specialist.id, displayName: specialist.displayName },
      offers: base.offers.map((offer) => ({ ...offer, acceptedAt: AT, active: false })),
    }));
    await renderApp(
      '/specialist/cases/cas_rec_mine',
      specialist,
      triage,
      handleGetCase({ body: item }),
      handleRecordCaseReceipt({ body: item }),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Print summary' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Download FHIR bundle' })).toBeInTheDocument();
    expect(screen.queryByText(caseRecordTexts.notYours)).not.toBeInTheDocument();
  });
});

describe('printing the case page', () => {
  it('prints the case only between the audited print and the end of its dialog', async () => {
    const user = userEvent.setup();
    const item = caseWhere('cas_rec_print', (base) => base);
    let audited = 0;
    let printingWhenPrinted: boolean | undefined;
    const page = () => document.querySelector('.case-record-page');
    vi.spyOn(window, 'print').mockImplementation(() => {
      printingWhenPrinted = page()?.classList.contains('case-record-printing');
    });
    await renderApp(
      '/emergency-room/doctor/cases/cas_rec_print',
      doctor,
      triage,
      handleGetCase({ body: item }),
      handleRecordCasePrint(() => {
        audited += 1;
        return new Response(null, { status: 204 });
      }),
    );
    // Before: the browser's own print shows the line saying how to print, not the case.
    expect(await screen.findByText(caseRecordTexts.printOnlyThroughButton)).toBeInTheDocument();
    expect(page()).not.toHaveClass('case-record-printing');

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Print summary' }));
    await waitFor(() => {
      expect(printingWhenPrinted).toBe(true);
    });
    expect(audited).toBe(1);
    // The dialog closes: a later print is the browser's own again.
    fireEvent(window, new Event('afterprint'));
    await waitFor(() => {
      expect(page()).not.toHaveClass('case-record-printing');
    });
  });
});
