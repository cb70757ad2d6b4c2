// The live stream's events on the ER board (a phone: one list of cards per state): an event about a case puts
// the case as it stands now into its card, without asking any list again, and renders that card alone; a case
// new to a list has that list asked again, no other; a burst of events asks each list at most once. The whole
// app, the API answered by MSW, the stream included.
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  handleGetCase,
  handleGetCoverage,
  handleListCases,
  handleListNotifications,
} from '../../generated/msw.gen.ts';
import type { Case, CaseSummary, ServerEvent } from '../../generated/types.gen.ts';
import { eventStream } from '../support/event-stream.ts';
import { examples, isWaitingOffersQuery, renderAppWith, settled } from '../support/harness.tsx';
import { recordRenders } from '../support/rendered-components.ts';

const MINUTE = 60_000;
const base = examples.caseList().items[0] as CaseSummary;
const priya = { id: 'usr_demo_specialist', displayName: 'Dr Priya Shah' };
const alex = { id: 'usr_other_neurologist', displayName: 'Dr Alex Smith' };

function pending(id: string, displayNumber: string, createdAgo = 30 * MINUTE): CaseSummary {
  const now = Date.now();
  return {
    ...base,
    id,
    displayNumber,
    status: 'pending',
    urgency: 'urgent',
    doorTime: new Date(now - createdAgo - 10 * MINUTE).toISOString(),
    createdAt: new Date(now - createdAgo).toISOString(),
    updatedAt: new Date(now - createdAgo).toISOString(),
    targetDueAt: new Date(now - createdAgo + 60 * MINUTE).toISOString(),
    ackDueAt: new Date(now + 3 * MINUTE).toISOString(),
    assignedTo: null,
    offeredTo: [{ specialist: priya, step: 'primary' }],
  };
}

const caseEvent = (item: CaseSummary): ServerEvent => ({
  type: 'case',
  caseId: item.id,
  caseStatus: item.status,
});

/**
 * The server of the test: the cases as they stand (`cases`, changed by the test), listed by state and read one by
 * one; each list request counted by its states, and each case read.
 */
function hospital(first: CaseSummary[]) {
  const state = { cases: first };
  const listed = new Map<string, number>();
  const read: string[] = [];
  let notificationLists = 0;
  const handlers = [
    handleGetCoverage({
      body: { timeZone: 'Europe/London', from: '', to: '', specialties: [], switchboardPhone: null },
    }),
    handleListCases(({ request }) => {
      if (isWaitingOffersQuery(request.url)) return Response.json({ items: [], nextCursor: null });
      const statuses = new URL(request.url).searchParams.getAll('status');
      const key = statuses.join(',');
      listed.set(key, (listed.get(key) ?? 0) + 1);
      const items = state.cases.filter((item) => statuses.includes(item.status));
      return Response.json({ items, nextCursor: null });
    }),
    handleGetCase(({ params }) => {
      read.push(params.caseId);
      const item = state.cases.find((other) => other.id === params.caseId);
      if (item === undefined) return Response.json({ detail: 'No such case' }, { status: 404 });
      return Response.json({ ...examples.case(), ...item } satisfies Case);
    }),
    handleListNotifications(() => {
      notificationLists += 1;
      return Response.json({ items: [], unreadCount: 0, nextCursor: null });
    }),
  ];
  return {
    state,
    handlers,
    read,
    /** How often each state's list was asked, after its first time. */
    refetches: (status: string) => (listed.get(status) ?? 1) - 1,
    allRefetches: () => [...listed.values()].reduce((sum, count) => sum + count - 1, 0),
    notificationLists: () => notificationLists,
  };
}

async function openBoard(server: ReturnType<typeof hospital>) {
  const stream = eventStream();
  const { onRender, commits } = recordRenders();
  await renderAppWith('/emergency-room/', 'emergency_room', { onRender }, stream.handler, ...server.handlers);
  await screen.findByRole('listitem', { name: `Case ${server.state.cases[0]?.displayNumber ?? ''}` });
  await waitFor(() => {
    expect(stream.connections).toHaveLength(1);
  });
  await waitFor(() => {
    expect(server.notificationLists()).toBe(1);
  });
  await settled();
  return { stream, commits };
}

const card = (displayNumber: string) => screen.getByRole('listitem', { name: `Case ${displayNumber}` });

describe('an event from the stream on the ER board', () => {
  it('puts the case into its card without asking a list again, and renders that card alone', async () => {
    const first = pending('cas_live_a', 'SGH-000401');
    const second = pending('cas_live_b', 'SGH-000402', 20 * MINUTE);
    const server = hospital([first, second]);
    const { stream, commits } = await openBoard(server);
    expect(within(card('SGH-000401')).getByTestId('offered-to')).toHaveTextContent(
      'Offered to Dr Priya Shah (on-call primary)',
    );

    // Escalated to the backup: still pending, offered to someone else.
    const moved: CaseSummary = {
      ...first,
      offeredTo: [{ specialist: alex, step: 'backup' }],
      routingStep: 'backup',
    };
    server.state.cases = [moved, second];
    commits.length = 0;
    act(() => {
      stream.send(caseEvent(moved));
    });
    await waitFor(() => {
      expect(within(card('SGH-000401')).getByTestId('offered-to')).toHaveTextContent(
        'Offered to Dr Alex Smith (on-call backup)',
      );
    });
    await settled();
    expect(server.read).toEqual(['cas_live_a']);
    expect(server.allRefetches()).toBe(0);
    // A case's change is no notification: the feed is not asked again either.
    expect(server.notificationLists()).toBe(1);
    const cards = commits
      .flatMap(({ components }) => components)
      .filter(({ name }) => name === 'CaseCard')
      .map(({ key }) => key);
    expect(cards).toEqual(['cas_live_a']);
  });

  it('asks again the one list a new case belongs to', async () => {
    const first = pending('cas_live_c', 'SGH-000403');
    const server = hospital([first]);
    const { stream } = await openBoard(server);

    const arriving = pending('cas_live_new', 'SGH-000404', 1 * MINUTE);
    server.state.cases = [first, arriving];
    act(() => {
      stream.send(caseEvent(arriving));
    });
    expect(await screen.findByRole('listitem', { name: 'Case SGH-000404' })).toBeInTheDocument();
    await settled();
    expect(server.refetches('pending')).toBe(1);
    expect(server.allRefetches()).toBe(1);
    expect(server.notificationLists()).toBe(1);
  });

  it('asks each list at most once for a burst of events, however many', async () => {
    const first = pending('cas_live_d', 'SGH-000405');
    const server = hospital([first]);
    const { stream } = await openBoard(server);

    // Three new cases and seven changes to the one on the board, at once; then the first case is accepted.
    const arriving = [1, 2, 3].map((n) =>
      pending(`cas_live_new_${String(n)}`, `SGH-00050${String(n)}`, n * MINUTE),
    );
    server.state.cases = [first, ...arriving];
    act(() => {
      for (const item of arriving) stream.send(caseEvent(item));
      for (let n = 0; n < 7; n += 1) stream.send(caseEvent(first));
    });
    for (const item of arriving)
      expect(await screen.findByRole('listitem', { name: `Case ${item.displayNumber}` })).toBeInTheDocument();
    expect(server.refetches('pending')).toBe(1);

    // A later event, applied after anything the burst could still have started: the burst asked once.
    const accepted: CaseSummary = {
      ...first,
      status: 'accepted',
      offeredTo: [],
      assignedTo: priya,
      ackDueAt: null,
    };
    server.state.cases = [accepted, ...arriving];
    act(() => {
      stream.send(caseEvent(accepted));
    });
    const acceptedList = await screen.findByRole('list', { name: 'Accepted' });
    expect(
      await within(acceptedList).findByRole('listitem', { name: 'Case SGH-000405' }),
    ).toBeInTheDocument();
    await settled();
    // The accepted case left the pending list and arrived in the accepted one: each asked once more.
    expect(server.refetches('pending')).toBe(2);
    expect(server.refetches('accepted')).toBe(1);
    expect(server.refetches('escalated')).toBe(0);
    expect(server.refetches('responded')).toBe(0);
    expect(server.read.filter((id) => id === 'cas_live_d')).toHaveLength(2);
  });
});
