// A no-coverage case is unmistakable (its own badge and words) on the board and the case page, which never
// contradicts itself; and each waiting case shows the time left before it escalates and to whom.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  handleGetCase,
  handleGetCoverage,
  handleListCases,
  handleListTriageAssessments,
} from '../../generated/msw.gen.ts';
import type { Case, CaseSummary, Offer } from '../../generated/types.gen.ts';
import { doctor, examples, renderApp } from '../support/harness.tsx';

const PATH = '/emergency-room/doctor/cases/cas_nocov';
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function uncoveredCase(offers: Offer[]): Case {
  const item = examples.case();
  item.id = 'cas_nocov';
  item.specialty = { id: 'spc_gastro', name: 'Gastroenterology' };
  item.noCoverage = true;
  item.routingStep = 'all';
  item.ackDueAt = null;
  item.escalatesTo = null;
  item.offers = offers;
  item.offeredTo = [];
  return item;
}

function declined(id: string, name: string): Offer {
  const [first] = examples.case().offers;
  if (!first) throw new Error('The Case example has no offer');
  return {
    ...first,
    id: `off_${id}`,
    specialist: { id, displayName: name },
    step: 'all',
    declinedAt: '2026-11-22T08:55:00.000Z',
    declineReason: 'In theatre',
  };
}

const triage = handleListTriageAssessments({ body: examples.triage() });

describe('a case nobody was on call for', () => {
  it('says who was really offered it and why nobody holds an offer now, never "offered to every" beside "nobody"', async () => {
    const item = uncoveredCase([declined('usr_a', 'Dr Ada Hart'), declined('usr_b', 'Dr Ben Cole')]);
    await renderApp(PATH, doctor, triage, handleGetCase({ body: item }));

    const header = await screen.findByTestId('no-coverage-line');
    expect(header).toHaveTextContent(
      'Nobody was on call for Gastroenterology when it was opened: it went to every Gastroenterology specialist at once (2) and the ER admins were alerted.',
    );
    expect(screen.getAllByText('No on-call cover').length).toBeGreaterThan(0);
    const banner = screen.getByRole('region', {
      name: /No on-call cover — waiting for any Gastroenterology specialist/,
    });
    expect(banner).toHaveTextContent(
      'No specialist holds an open offer: every Gastroenterology specialist offered it declined (2).',
    );
    expect(banner).toHaveTextContent('Call the switchboard or an ER admin.');
    expect(document.body).not.toHaveTextContent(/offered to every Gastroenterology specialist/);
  });

  it('says no specialist could be offered it when none was', async () => {
    await renderApp(PATH, doctor, triage, handleGetCase({ body: uncoveredCase([]) }));

    expect(await screen.findByTestId('no-coverage-line')).toHaveTextContent(
      'no Gastroenterology specialist could be offered it',
    );
    expect(screen.getByRole('region', { name: /No on-call cover/ })).toHaveTextContent(
      'no Gastroenterology specialist could be offered it.',
    );
    // At the end of the chain the case does not escalate further: the countdown says so.
    expect(screen.getByRole('timer', { name: 'Escalates in: —' })).toBeInTheDocument();
    expect(
      screen.getByText(/no further step: every Gastroenterology specialist is alerted/),
    ).toBeInTheDocument();
  });

  it('is marked on the ER board with its own badge and words', async () => {
    const base = examples.caseList().items[0] as CaseSummary;
    const uncovered: CaseSummary = {
      ...base,
      id: 'cas_board_nocov',
      displayNumber: 'SGH-000300',
      specialty: { id: 'spc_gastro', name: 'Gastroenterology' },
      noCoverage: true,
      routingStep: 'all',
      ackDueAt: null,
      escalatesTo: null,
      offeredTo: [],
    };
    await renderApp(
      '/emergency-room/',
      'emergency_room',
      handleGetCoverage(),
      handleListCases(({ request }) => {
        const status = new URL(request.url).searchParams.getAll('status');
        return Response.json({ items: status.includes('pending') ? [uncovered] : [], nextCursor: null });
      }),
    );

    const card = await screen.findByRole('listitem', { name: 'Case SGH-000300' });
    expect(within(card).getByText('No on-call cover')).toBeInTheDocument();
    expect(card).toHaveTextContent(
      'No on-call cover for Gastroenterology. Nobody holds an offer: no Gastroenterology specialist is left to offer it to. Call the switchboard.',
    );
  });
});

describe('the escalation countdown', () => {
  it('shows the time left before escalation and to whom, beside the target, on the card and the case page', async () => {
    const base = examples.caseList().items[0] as CaseSummary;
    const pending: CaseSummary = {
      ...base,
      id: 'cas_countdown',
      displayNumber: 'SGH-000301',
      createdAt: inMinutes(-2),
      updatedAt: inMinutes(-2),
      ackDueAt: inMinutes(3),
      targetDueAt: inMinutes(13),
      escalatesTo: { step: 'backup', specialist: { id: 'usr_tomas', displayName: 'Dr Tomas Novak' } },
    };
    const view = await renderApp(
      '/emergency-room/',
      'emergency_room',
      handleGetCoverage(),
      handleListCases(({ request }) => {
        const status = new URL(request.url).searchParams.getAll('status');
        return Response.json({ items: status.includes('pending') ? [pending] : [], nextCursor: null });
      }),
    );

    const card = await screen.findByRole('listitem', { name: 'Case SGH-000301' });
    expect(within(card).getByRole('timer', { name: /^Escalates in: 0:0[23]:\d\d$/ })).toBeInTheDocument();
    expect(
      within(card).getByRole('timer', { name: /^Time left to target: 0:1[23]:\d\d$/ }),
    ).toBeInTheDocument();
    expect(within(card).getByTestId('escalates-to')).toHaveTextContent('to Dr Tomas Novak (on-call backup)');
    view.unmount();

    const item: Case = {
      ...examples.case(),
      ...pending,
      id: 'cas_nocov',
      escalatesTo: { step: 'all', specialist: null },
    };
    await renderApp(PATH, doctor, triage, handleGetCase({ body: item }));
    expect(await screen.findByRole('timer', { name: /^Escalates in: 0:0[23]:\d\d$/ })).toBeInTheDocument();
    expect(screen.getByTestId('escalates-to')).toHaveTextContent('to every Neurology specialist');
  });
});
