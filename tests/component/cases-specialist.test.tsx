import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  handleAcceptCase,
  handleDeclineCase,
  handleGetCase,
  handleListCases,
  handleListMyShifts,
  handleListTriageAssessments,
  handleRecordCaseReceipt,
  handleSubmitConsultation,
} from '../../generated/msw.gen.ts';
import type { Case, CaseSummary } from '../../generated/types.gen.ts';
import { examples, isWaitingOffersQuery, renderApp, specialist } from '../support/harness.tsx';

const triage = handleListTriageAssessments({ body: examples.triage() });

function offeredCase(id: string): Case {
  const item = examples.case();
  item.id = id;
  item.attachments = [];
  item.offers = item.offers.map((offer) => ({ ...offer, deliveredAt: null }));
  return item;
}

describe('the specialist case box', () => {
  it('lists what is offered to me, tells the doctor it was delivered, and has my accepted cases and history', async () => {
    const user = userEvent.setup();
    const summary = examples.caseList().items[0] as CaseSummary;
    const offered: CaseSummary = { ...summary, id: 'cas_box_1' };
    const scopes: string[] = [];
    const receipts: { caseId: string; body: unknown }[] = [];
    await renderApp(
      '/specialist/cases/',
      specialist,
      handleListCases(({ request }) => {
        const query = new URL(request.url).searchParams;
        // The shell's offer alert asks for the same offers: the box's own requests are the ones counted here.
        if (!isWaitingOffersQuery(request.url))
          scopes.push(`${query.get('scope') ?? ''}:${query.getAll('status').join(',')}`);
        const items = query.get('scope') === 'offered' ? [offered] : [];
        return Response.json({ items, nextCursor: null });
      }),
      handleRecordCaseReceipt(async ({ request, params }) => {
        receipts.push({ caseId: params['caseId'], body: await request.json() });
        return Response.json({ ...offeredCase('cas_box_1') });
      }),
    );

    const list = await screen.findByRole('list', { name: 'Offered to me' });
    expect(within(list).getByRole('link', { name: 'SGH-000123' })).toHaveAttribute(
      'href',
      '/specialist/cases/cas_box_1',
    );
    await waitFor(() => {
      expect(receipts).toEqual([{ caseId: 'cas_box_1', body: { kind: 'delivered' } }]);
    });

    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    expect(await screen.findByText('You have no accepted cases open.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No finished cases yet.')).toBeInTheDocument();
    expect(scopes).toEqual(['offered:', 'mine:accepted,responded', 'all:closed,cancelled']);
    expect(receipts).toHaveLength(1);
  });
});

describe("the specialist's case page", () => {
  it('records that the case was seen and accepts it', async () => {
    const user = userEvent.setup();
    let item = offeredCase('cas_spec_accept');
    const receipts: unknown[] = [];
    let accepts = 0;
    await renderApp(
      '/specialist/cases/cas_spec_accept',
      specialist,
      triage,
      handleGetCase(() => Response.json(item)),
      handleRecordCaseReceipt(async ({ request }) => {
        const body = await request.json();
        receipts.push(body);
        const at = '2026-11-22T08:53:00.000Z';
        item = {
          ...item,
          offers: item.offers.map((offer) =>
            body.kind === 'seen' ? { ...offer, seenAt: at } : { ...offer, deliveredAt: at },
          ),
        };
        return Response.json(item);
      }),
      handleAcceptCase(() => {
        accepts += 1;
        item = {
          ...item,
          status: 'accepted',
          ackDueAt: null,
          assignedTo: { id: specialist.id, displayName: specialist.displayName },
          offers: item.offers.map((offer) => ({ ...offer, acceptedAt: '2026-11-22T08:54:00.000Z' })),
        };
        return Response.json(item);
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Accept' }));

    expect(await screen.findByRole('button', { name: 'Submit consultation' })).toBeInTheDocument();
    expect(accepts).toBe(1);
    expect(receipts).toEqual(expect.arrayContaining([{ kind: 'delivered' }, { kind: 'seen' }]));
    expect(receipts).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.getByText('Accepted', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
  });

  it('says who was first when the case was taken already', async () => {
    const user = userEvent.setup();
    const item = offeredCase('cas_spec_taken');
    await renderApp(
      '/specialist/cases/cas_spec_taken',
      specialist,
      triage,
      handleGetCase({ body: item }),
      handleRecordCaseReceipt({ body: item }),
      handleAcceptCase(() =>
        Response.json(
          { detail: 'Cannot accept a case that is accepted: it has been accepted already' },
          { status: 409 },
        ),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('it has been accepted already');
  });

  it('declines with a reason, and asks for one', async () => {
    const user = userEvent.setup();
    let item = offeredCase('cas_spec_decline');
    const declines: unknown[] = [];
    await renderApp(
      '/specialist/cases/cas_spec_decline',
      specialist,
      triage,
      handleGetCase(() => Response.json(item)),
      handleRecordCaseReceipt(() => Response.json(item)),
      handleDeclineCase(async ({ request }) => {
        const body = await request.json();
        declines.push(body);
        item = {
          ...item,
          offers: item.offers.map((offer) => ({
            ...offer,
            declinedAt: '2026-11-22T08:54:00.000Z',
            declineReason: body.reason,
          })),
        };
        return Response.json(item);
      }),
    );

    const thread = await screen.findByRole('region', { name: 'Thread' });
    expect(within(thread).getByRole('button', { name: 'Send' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(declines).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason for declining'), 'In theatre for two hours');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));

    expect(await screen.findByText('Reason: In theatre for two hours')).toBeInTheDocument();
    expect(declines).toEqual([{ reason: 'In theatre for two hours' }]);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    // Having declined, they read the thread but no longer write on it (the server answers 403).
    expect(
      within(screen.getByRole('region', { name: 'Thread' })).queryByRole('button', { name: 'Send' }),
    ).toBeNull();
  });

  it('submits the consultation: recommendation, disposition and follow-up', async () => {
    const user = userEvent.setup();
    const accepted: Case = {
      ...offeredCase('cas_spec_consult'),
      status: 'accepted',
      ackDueAt: null,
      assignedTo: { id: specialist.id, displayName: specialist.displayName },
    };
    accepted.offers = accepted.offers.map((offer) => ({
      ...offer,
      deliveredAt: '2026-11-22T08:52:01.000Z',
      seenAt: '2026-11-22T08:53:00.000Z',
      acceptedAt: '2026-11-22T08:54:00.000Z',
    }));
    let item = accepted;
    const bodies: unknown[] = [];
    await renderApp(
      '/specialist/cases/cas_spec_consult',
      specialist,
      triage,
      handleGetCase(() => Response.json(item)),
      handleSubmitConsultation(async ({ request }) => {
        const body = (await request.json()) as {
          recommendation: string;
          disposition: 'transfer';
          followUp?: string;
        };
        bodies.push(body);
        item = {
          ...item,
          status: 'responded',
          consultation: {
            ...body,
            followUp: body.followUp ?? null,
            author: { id: specialist.id, displayName: specialist.displayName },
            createdAt: '2026-11-22T09:05:00.000Z',
          },
        };
        return Response.json(item);
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Submit consultation' }));
    expect(await screen.findByText('Choose what should happen to the patient')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Recommendation/), 'Proceed to thrombectomy assessment.');
    await user.selectOptions(screen.getByLabelText(/^Disposition/), 'transfer');
    await user.type(screen.getByLabelText(/^Follow-up/), 'Repeat NIHSS hourly.');
    await user.click(screen.getByRole('button', { name: 'Submit consultation' }));

    const consultation = await screen.findByRole('region', { name: 'Consultation' });
    await waitFor(() => {
      expect(consultation).toHaveTextContent('Proceed to thrombectomy assessment.');
    });
    expect(bodies).toEqual([
      {
        recommendation: 'Proceed to thrombectomy assessment.',
        disposition: 'transfer',
        followUp: 'Repeat NIHSS hourly.',
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Submit consultation' })).not.toBeInTheDocument();
  });
});

describe('the specialist case box as it loads', () => {
  it('shows the shifts only once the case box has its cases, and the calendar buttons once the shifts are in', async () => {
    const summary = examples.caseList().items[0] as CaseSummary;
    let releaseCases: () => void = () => undefined;
    const casesHeld = new Promise<void>((resolve) => {
      releaseCases = resolve;
    });
    let releaseShifts: () => void = () => undefined;
    const shiftsHeld = new Promise<void>((resolve) => {
      releaseShifts = resolve;
    });
    await renderApp(
      '/specialist/cases/',
      specialist,
      handleListCases(async () => {
        await casesHeld;
        return Response.json({ items: [{ ...summary, id: 'cas_box_2' }], nextCursor: null });
      }),
      handleListMyShifts(async () => {
        await shiftsHeld;
        return Response.json({ items: [] });
      }),
      handleRecordCaseReceipt(() => Response.json(offeredCase('cas_box_2'))),
    );

    // While the cards are on their way nothing sits below them that they could push down the screen.
    expect(await screen.findByText('Loading cases…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your coming shifts' })).not.toBeInTheDocument();

    releaseCases();
    expect(await screen.findByRole('list', { name: 'Offered to me' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your coming shifts' })).toBeInTheDocument();
    expect(screen.getByText('Loading your shifts…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe in a phone calendar' })).not.toBeInTheDocument();

    releaseShifts();
    expect(await screen.findByText('You have no on-call shifts in the next 28 days.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe in a phone calendar' })).toBeInTheDocument();
  });
});
