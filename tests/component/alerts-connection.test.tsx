// The connection's state on every signed-in screen: offline (the browser says so, or the API gives no answer),
// the banner says since when and the timers say they are stale; the case box never claims that nothing waits
// when it could not ask; the network back, the stream reconnects, the banner goes and the screen refetches.
// The whole app, the API and the event stream answered by MSW.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { handleListCases, handleListMyShifts, handleRecordCaseReceipt } from '../../generated/msw.gen.ts';
import type { CaseSummary } from '../../generated/types.gen.ts';
import { eventStream } from '../support/event-stream.ts';
import { examples, renderApp, server, specialist } from '../support/harness.tsx';

const receipts = handleRecordCaseReceipt(() => Response.json(examples.case()));
const noShifts = handleListMyShifts(() => Response.json({ items: [] }));
/** The device's network: while down, no request gets an answer (the browser says so too). */
let networkDown = false;
function goOffline(): void {
  networkDown = true;
  window.dispatchEvent(new Event('offline'));
}
function goOnline(): void {
  networkDown = false;
  window.dispatchEvent(new Event('online'));
}
const network = http.all('*', () => (networkDown ? HttpResponse.error() : undefined));

const OFFLINE = /^Offline — live updates paused since \d\d:\d\d$/;

function accepted(): CaseSummary {
  const base = examples.caseList().items[0] as CaseSummary;
  return { ...base, id: 'cas_conn_1', displayNumber: 'SGH-001101', status: 'pending' };
}

describe('the connection state', () => {
  beforeEach(() => {
    networkDown = false;
  });

  it('says offline with the time, marks the timers stale, and on reconnect clears and refetches', async () => {
    let requests = 0;
    const stream = eventStream();
    await renderApp(
      '/specialist/cases/',
      specialist,
      handleListCases(({ request }) => {
        if (new URL(request.url).searchParams.get('scope') === 'offered') requests += 1;
        return Response.json({ items: [accepted()], nextCursor: null });
      }),
      stream.handler,
      receipts,
      noShifts,
    );
    server.use(network);
    const box = await screen.findByRole('list', { name: 'Offered to me' });
    await waitFor(() => {
      expect(stream.connections).toHaveLength(1);
    });
    stream.open();
    expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
    expect(within(box).getByRole('timer', { name: /^Time since door: (?!.*stale)/ })).toBeInTheDocument();

    act(() => {
      goOffline();
    });
    // An alert, so that it is announced as it appears.
    expect((await screen.findByText(OFFLINE)).closest('[role="alert"]')).not.toBeNull();
    expect(within(box).getByRole('timer', { name: /^Time since door: .*stale/ })).toBeInTheDocument();
    expect(within(box).getAllByText('stale').length).toBeGreaterThan(0);
    const before = requests;

    // The network is back: the stream reconnects at once, the banner goes, the screen asks the server again.
    act(() => {
      goOnline();
    });
    await waitFor(() => {
      expect(stream.connections).toHaveLength(2);
    });
    stream.open();
    await waitFor(() => {
      expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
    });
    await waitFor(() => {
      expect(requests).toBeGreaterThan(before);
    });
    expect(within(box).queryByText('stale')).not.toBeInTheDocument();
  });

  it('never says "Nothing is waiting for you" when the case box could not ask: an error with Retry', async () => {
    let reachable = false;
    const stream = eventStream();
    await renderApp(
      '/specialist/cases/',
      specialist,
      handleListCases(() =>
        reachable ? Response.json({ items: [], nextCursor: null }) : HttpResponse.error(),
      ),
      stream.handler,
      receipts,
      noShifts,
    );
    // The list got no answer: the box says it could not be loaded, with Retry.
    const failure = await screen.findByRole('alert', { name: /could not be/ });
    expect(failure).toHaveTextContent('The server could not be reached');
    expect(screen.queryByText('Nothing is waiting for you.')).not.toBeInTheDocument();

    reachable = true;
    within(failure).getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByText('Nothing is waiting for you.')).toBeInTheDocument();
  });

  it('says the empty case box could not be checked while offline, rather than that nothing waits', async () => {
    const stream = eventStream();
    await renderApp(
      '/specialist/cases/',
      specialist,
      handleListCases(() => Response.json({ items: [], nextCursor: null })),
      stream.handler,
      receipts,
      noShifts,
    );
    server.use(network);
    expect(await screen.findByText('Nothing is waiting for you.')).toBeInTheDocument();
    act(() => {
      goOffline();
    });
    expect(await screen.findByText('The cases could not be checked.')).toBeInTheDocument();
    expect(screen.queryByText('Nothing is waiting for you.')).not.toBeInTheDocument();
  });
});
