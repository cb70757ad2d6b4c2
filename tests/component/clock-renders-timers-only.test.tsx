// A tick updates only what ticks: on the ER doctor's list, a second of the shared clock changes the timers' text
// and renders no component at all (no card, list or page; not even the timers, whose text is written into their
// elements); a countdown turning to its warning renders that timer's value alone; an event from the stream
// about one case renders that case's card, not the others. Counted with React's Profiler over the whole app.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleGetCoverage, handleListCases, handleStreamEvents } from '../../generated/msw.gen.ts';
import type { CaseSummary, ServerEvent } from '../../generated/types.gen.ts';
import { doctor, examples, isWaitingOffersQuery, renderAppWith, settled } from '../support/harness.tsx';
import { type RenderRecord, recordRenders, renderCounts } from '../support/rendered-components.ts';

const encoder = new TextEncoder();
const NOW = Date.parse('2026-03-02T10:00:00Z');
// The components whose job is the ticking value (and what sits inside them): nothing else may render on a tick.
const TIMER_PARTS = new Set([
  'ElapsedValue',
  'CountdownValue',
  'EscalationValue',
  'TimerValue',
  'StaleMark',
  'AlertTriangleIcon',
  'ClockIcon',
  // The board's "Overdue 12 min": it subscribes each second, and renders when the minute changes.
  'OverdueValue',
]);

function card(id: string, displayNumber: string, status: CaseSummary['status'] = 'pending'): CaseSummary {
  const base = examples.caseList().items[0] as CaseSummary;
  return {
    ...base,
    id,
    displayNumber,
    status,
    doorTime: new Date(NOW - 10 * 60_000).toISOString(),
    createdAt: new Date(NOW - 5 * 60_000).toISOString(),
    updatedAt: new Date(NOW - 5 * 60_000).toISOString(),
    targetDueAt: new Date(NOW + 25 * 60_000).toISOString(),
    ackDueAt: new Date(NOW + 5 * 60_000).toISOString(),
  };
}

beforeEach(() => {
  // Only the clock's interval and the time are the test's: requests and the page's other timers run as usual.
  vi.useFakeTimers({ now: NOW, toFake: ['setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The timers' renders on one tick, by component, after the page has settled. */
async function rendersOnTick(commits: RenderRecord[]): Promise<Map<string, number>> {
  await settled();
  await settled();
  commits.length = 0;
  act(() => {
    vi.advanceTimersByTime(1_000);
  });
  return renderCounts(commits);
}

function nonTimers(counts: Map<string, number>): string[] {
  return [...counts.keys()].filter((name) => !TIMER_PARTS.has(name));
}

describe('what a tick renders on the ER board and the ER admin home', () => {
  it.each([
    ['the ER board', '/emergency-room/', 'emergency_room_admin' as const],
    ['the ER admin home', '/emergency-room/admin/', 'emergency_room_admin' as const],
  ])('a tick changes the timers’ text and renders no component on %s', async (_name, path, role) => {
    const open = [card('cas_a', 'SGH-000001'), card('cas_b', 'SGH-000002', 'accepted')];
    const { onRender, commits } = recordRenders();
    await renderAppWith(
      path,
      role,
      { onRender },
      handleGetCoverage({
        body: {
          timeZone: 'Europe/London',
          from: open[0]?.createdAt ?? '',
          to: open[0]?.createdAt ?? '',
          specialties: [],
          switchboardPhone: null,
        },
      }),
      handleListCases(({ request }) => {
        const query = new URL(request.url).searchParams;
        const statuses = query.getAll('status');
        return Response.json({
          items: isWaitingOffersQuery(request.url)
            ? []
            : open.filter(({ status }) => statuses.includes(status)),
          nextCursor: null,
        });
      }),
    );
    const first = await screen.findByRole('listitem', { name: 'Case SGH-000001' });
    await screen.findByRole('listitem', { name: 'Case SGH-000002' });
    const onTick = await rendersOnTick(commits);
    const door = within(first).getByRole('timer', { name: /Time since door: 0:10:01/ });
    expect(door).toHaveTextContent('0:10:01');
    expect([...onTick.keys()]).toEqual([]);
  });
});

describe('what a tick renders on the ER tracking board (a desktop)', () => {
  it('renders nothing, overdue rows included: the timers write their own text', async () => {
    const wide = vi.spyOn(window, 'matchMedia').mockImplementation(
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
    const late = {
      ...card('cas_late', 'SGH-000003'),
      targetDueAt: new Date(NOW - 12 * 60_000 - 20_000).toISOString(),
    };
    const open = [card('cas_a', 'SGH-000001'), card('cas_b', 'SGH-000002', 'accepted'), late];
    const { onRender, commits } = recordRenders();
    try {
      await renderAppWith(
        '/emergency-room/',
        'emergency_room_admin',
        { onRender },
        handleGetCoverage({
          body: {
            timeZone: 'Europe/London',
            from: late.createdAt,
            to: late.createdAt,
            specialties: [],
            switchboardPhone: null,
          },
        }),
        handleListCases(({ request }) =>
          Response.json({ items: isWaitingOffersQuery(request.url) ? [] : open, nextCursor: null }),
        ),
      );
      const table = await screen.findByRole('table');
      const lateRow = within(table).getByRole('row', { name: /SGH-000003/ });
      expect(lateRow).toHaveAttribute('data-overdue', 'true');
      const timerTexts = () =>
        within(table)
          .getAllByRole('timer')
          .map((timer) => timer.textContent);
      const before = timerTexts();
      const onTick = await rendersOnTick(commits);
      expect(within(lateRow).getByTestId('overdue')).toHaveTextContent('Overdue 12 min');
      // The tick wrote the timers' text and rendered nothing: no timer, row, table or page.
      expect([...onTick.keys()]).toEqual([]);
      expect(timerTexts()).toHaveLength(before.length);
      expect(timerTexts()).not.toEqual(before);
    } finally {
      wide.mockRestore();
    }
  });
});

describe('what a tick and an event render on the ER doctor list', () => {
  it('renders nothing on a tick, the timer alone when its state changes, and one card on an event about its case', async () => {
    let cases = [card('cas_a', 'SGH-000001'), card('cas_b', 'SGH-000002'), card('cas_c', 'SGH-000003')];
    const connections: ReadableStreamDefaultController<Uint8Array>[] = [];
    const { onRender, commits } = recordRenders();
    await renderAppWith(
      '/emergency-room/doctor/cases/',
      doctor,
      { onRender },
      handleListCases(({ request }) =>
        Response.json(
          isWaitingOffersQuery(request.url)
            ? { items: [], nextCursor: null }
            : { items: cases, nextCursor: null },
        ),
      ),
      handleStreamEvents(
        () =>
          new Response(
            new ReadableStream<Uint8Array>({
              start: (controller) => {
                connections.push(controller);
              },
            }),
            { headers: { 'Content-Type': 'text/event-stream' } },
          ),
      ),
    );
    const first = await screen.findByRole('listitem', { name: 'Case SGH-000001' });
    expect(await screen.findAllByRole('listitem', { name: /^Case SGH/ })).toHaveLength(3);
    await waitFor(() => {
      expect(connections.length).toBeGreaterThan(0);
    });
    await settled();
    await settled();
    const doorTimer = within(first).getByRole('timer', { name: /Time since door/ });
    expect(doorTimer).toHaveTextContent('0:10:00');

    // One tick of the clock.
    commits.length = 0;
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(doorTimer).toHaveTextContent('0:10:01');
    expect(doorTimer).toHaveAccessibleName('Time since door: 0:10:01');
    expect(within(first).getByRole('timer', { name: /Time left to target/ })).toHaveTextContent('0:24:59');
    expect(within(first).getByRole('timer', { name: /Escalates in/ })).toHaveTextContent('0:04:59');
    // The seconds are written into the timers' own text: no component renders, not even a timer.
    expect([...renderCounts(commits).keys()]).toEqual([]);

    // A countdown whose state changes (the escalation, under a quarter of its five minutes left: its warning)
    // renders that timer's value alone, once per case.
    commits.length = 0;
    act(() => {
      vi.advanceTimersByTime(4 * 60_000);
    });
    expect(within(first).getByRole('timer', { name: /Escalates in/ })).toHaveTextContent('0:00:59');
    const onWarning = renderCounts(commits);
    expect(onWarning.get('EscalationValue')).toBe(3);
    expect(nonTimers(onWarning)).toEqual([]);

    // One event about case B: it was accepted.
    cases = cases.map((item) =>
      item.id === 'cas_b' ? { ...item, status: 'accepted', ackDueAt: null } : item,
    );
    commits.length = 0;
    const event: ServerEvent = { type: 'case', caseId: 'cas_b', caseStatus: 'accepted' };
    act(() => {
      for (const connection of connections) {
        connection.enqueue(encoder.encode(`event: case\ndata: ${JSON.stringify(event)}\n\n`));
      }
    });
    const second = screen.getByRole('listitem', { name: 'Case SGH-000002' });
    await waitFor(() => {
      expect(within(second).getByText('Accepted')).toBeInTheDocument();
    });
    await settled();
    const onEvent = commits.flatMap(({ components }) => components);
    const cardsRendered = onEvent.filter(({ name }) => name === 'CaseCard').map(({ key }) => key);
    expect(cardsRendered).toEqual(['cas_b']);
  });
});
