// The case page made for a phone: Accept and Decline grouped in the bar that answers the offer; print and FHIR
// export in an overflow menu; a summary over about 600 characters folded behind "Show all"; no toast about the
// case the reader is looking at (the page shows the change in place). The whole app, the API answered by MSW.
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  handleGetCase,
  handleListTriageAssessments,
  handleRecordCaseReceipt,
} from '../../generated/msw.gen.ts';
import type { Case, Notification, ServerEvent } from '../../generated/types.gen.ts';
import { eventStream } from '../support/event-stream.ts';
import { examples, renderApp, specialist } from '../support/harness.tsx';

const triage = handleListTriageAssessments({ body: examples.triage() });

const LONG_SUMMARY = Array.from(
  { length: 40 },
  (_, index) => `Finding ${index + 1}: stable on reassessment, no new deficit.`,
).join(' ');

function offeredCase(id: string, summary: string | null): Case {
  const item = examples.case();
  item.id = id;
  item.attachments = [];
  item.clinicalSummary = summary;
  return item;
}

async function openCase(item: Case, ...extra: Parameters<typeof renderApp>[2][]) {
  await renderApp(
    `/specialist/cases/${item.id}`,
    specialist,
    triage,
    handleGetCase({ body: item }),
    handleRecordCaseReceipt({ body: item }),
    ...extra,
  );
  return screen.findByRole('heading', { level: 1, name: `Case ${item.displayNumber}` });
}

function message(caseId: string, displayNumber: string, id: string): ServerEvent {
  const notification: Notification = {
    id,
    kind: 'case_message',
    caseId,
    caseDisplayNumber: displayNumber,
    author: { id: 'usr_doctor_other', displayName: 'Dr Erin Walsh' },
    action: `wrote on case ${displayNumber}`,
    message: 'BP now 150/90.',
    createdAt: new Date().toISOString(),
    readAt: null,
  };
  return { type: 'notification', caseId, caseStatus: 'pending', notification };
}

describe('the case page on a phone', () => {
  it('groups Accept and Decline in the bar that answers the offer, with nothing else to press beside them', async () => {
    await openCase(offeredCase('cas_phone_bar', null));
    const bar = await screen.findByRole('group', { name: 'Answer the offer' });
    expect(within(bar).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(within(bar).getAllByRole('button')).toHaveLength(2);
    // An offer not yet accepted is not the specialist's record to print or export: no menu for it.
    expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print summary' })).not.toBeInTheDocument();
  });

  it('folds a summary over 600 characters behind "Show all", and shows it whole on demand', async () => {
    expect(LONG_SUMMARY.length).toBeGreaterThan(1_000);
    const user = userEvent.setup();
    await openCase(offeredCase('cas_phone_long', LONG_SUMMARY));
    const toggle = await screen.findByRole('button', { name: 'Show all' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const shown = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(shown?.textContent.length).toBeLessThanOrEqual(601);
    expect(shown?.textContent).toMatch(/…$/);
    expect(shown).not.toHaveTextContent('Finding 40');

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(shown).toHaveTextContent('Finding 40: stable on reassessment, no new deficit.');
  });

  it('shows a short summary as it is, with nothing to unfold', async () => {
    await openCase(offeredCase('cas_phone_short', 'Alert, oriented, pain 6/10.'));
    expect(await screen.findByText('Alert, oriented, pain 6/10.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show all' })).not.toBeInTheDocument();
  });

  it('toasts no message about the case on screen (the thread shows it), but one about another case', async () => {
    const stream = eventStream();
    const item = offeredCase('cas_phone_toast', null);
    await openCase(item, stream.handler);
    await waitFor(() => {
      expect(stream.connections).toHaveLength(1);
    });
    expect(await screen.findAllByText(specialist.displayName)).not.toHaveLength(0);

    stream.send(message(item.id, item.displayNumber, 'ntf_same_case'));
    stream.send(message('cas_other', 'SGH-009999', 'ntf_other_case'));
    expect(await screen.findByText('Dr Erin Walsh wrote on case SGH-009999')).toBeInTheDocument();
    expect(screen.queryByText(`Dr Erin Walsh wrote on case ${item.displayNumber}`)).not.toBeInTheDocument();
  });
});
