// The open case box and the event stream: an offer that carries its case shows the card from the event, before
// the refetch it starts has answered; the refetch's answer replaces the list without a second card; an event
// carrying another specialist's case adds nothing. The whole app, the API answered by MSW, the stream included.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { handleListCases, handleListMyShifts, handleRecordCaseReceipt } from '../../generated/msw.gen.ts';
import type { CaseSummary, ServerEvent } from '../../generated/types.gen.ts';
import { eventStream } from '../support/event-stream.ts';
import { examples, isWaitingOffersQuery, renderApp, specialist } from '../support/harness.tsx';

function summary(overrides: Partial<CaseSummary> & Pick<CaseSummary, 'id' | 'displayNumber'>): CaseSummary {
  const base = examples.caseList().items[0] as CaseSummary;
  return {
    ...base,
    offeredTo: [{ specialist: { id: specialist.id, displayName: specialist.displayName }, step: 'primary' }],
    ...overrides,
  };
}

function offerOf(item: CaseSummary): ServerEvent {
  return {
    type: 'notification',
    caseId: item.id,
    caseStatus: item.status,
    notification: {
      id: `ntf_${item.id}`,
      kind: 'case_offered',
      caseId: item.id,
      caseDisplayNumber: item.displayNumber,
      author: item.openedBy,
      action: `offered you case ${item.displayNumber}`,
      message: null,
      createdAt: item.createdAt,
      readAt: null,
    },
    case: item,
  };
}

/** The case box's "offered to me" list on MSW: the first answer at once, every later one held until released. */
function offeredList(first: CaseSummary[]) {
  let later: CaseSummary[] = first;
  let release: () => void = () => undefined;
  let held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const counts = { requests: 0, answers: 0 };
  return {
    counts,
    /** What the refetches answer once released. */
    answerLater(items: CaseSummary[]) {
      later = items;
    },
    release: () => {
      release();
    },
    hold() {
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    handler: handleListCases(async ({ request }) => {
      if (new URL(request.url).searchParams.get('scope') !== 'offered') {
        return Response.json({ items: [], nextCursor: null });
      }
      // The shell's offer alert lists the same offers; the case box's own requests are the ones counted.
      if (isWaitingOffersQuery(request.url)) return Response.json({ items: later, nextCursor: null });
      counts.requests += 1;
      if (counts.requests > 1) await held;
      counts.answers += 1;
      return Response.json({ items: counts.requests === 1 ? first : later, nextCursor: null });
    }),
  };
}

const receipts = handleRecordCaseReceipt(() => Response.json(examples.case()));
const noShifts = handleListMyShifts(() => Response.json({ items: [] }));

async function openCaseBox(list: ReturnType<typeof offeredList>, stream: ReturnType<typeof eventStream>) {
  await renderApp('/specialist/cases/', specialist, list.handler, stream.handler, receipts, noShifts);
  const box = await screen.findByRole('list', { name: 'Offered to me' });
  await waitFor(() => {
    expect(stream.connections).toHaveLength(1);
  });
  // Who the reader is (getMe) decides whether an offer is theirs: the header names them once it is known.
  expect(await screen.findAllByText(specialist.displayName)).not.toHaveLength(0);
  return box;
}

const cardNames = (box: HTMLElement): string[] =>
  within(box)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the open case box, live', () => {
  it('shows an offered case from the event, in the attention order, before the refetch answers; the refetch adds no second card', async () => {
    // Already waiting: an urgent case. The new one is emergent, so it goes first (unaccepted emergent first).
    const waiting = summary({ id: 'cas_live_urgent', displayNumber: 'SGH-000200', urgency: 'urgent' });
    const arriving = summary({ id: 'cas_live_new', displayNumber: 'SGH-000201', urgency: 'emergent' });
    const list = offeredList([waiting]);
    const stream = eventStream();
    const box = await openCaseBox(list, stream);
    expect(cardNames(box)).toEqual(['SGH-000200']);

    list.answerLater([arriving, waiting]);
    stream.send(offerOf(arriving));
    await waitFor(() => {
      expect(cardNames(box)).toEqual(['SGH-000201', 'SGH-000200']);
    });
    // On screen from the event alone: the refetch it started is asked and not answered.
    await waitFor(() => {
      expect(list.counts.requests).toBe(2);
    });
    expect(list.counts.answers).toBe(1);
    expect(cardNames(box)).toEqual(['SGH-000201', 'SGH-000200']);

    list.release();
    await waitFor(() => {
      expect(list.counts.answers).toBe(2);
    });
    await waitFor(() => {
      expect(cardNames(box)).toEqual(['SGH-000201', 'SGH-000200']);
    });
    expect(box.querySelectorAll('[data-case-id="cas_live_new"]')).toHaveLength(1);
  });

  it('adds nothing for an event carrying a case offered to another specialist', async () => {
    const waiting = summary({ id: 'cas_live_mine', displayNumber: 'SGH-000300' });
    const theirs = summary({
      id: 'cas_live_theirs',
      displayNumber: 'SGH-000301',
      offeredTo: [
        { specialist: { id: 'usr_other_neurologist', displayName: 'Dr Alex Smith' }, step: 'primary' },
      ],
    });
    const list = offeredList([waiting]);
    const stream = eventStream();
    const box = await openCaseBox(list, stream);

    stream.send(offerOf(theirs));
    // The event was handled: it started the refetch, still held; the list is as it was.
    await waitFor(() => {
      expect(list.counts.requests).toBe(2);
    });
    expect(cardNames(box)).toEqual(['SGH-000300']);

    list.release();
    await waitFor(() => {
      expect(list.counts.answers).toBe(2);
    });
    expect(cardNames(box)).toEqual(['SGH-000300']);
    expect(screen.queryByRole('link', { name: 'SGH-000301' })).not.toBeInTheDocument();
  });
});
