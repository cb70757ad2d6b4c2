import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '../../generated/types.gen.ts';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config/constants.ts';
import {
  type EventStream,
  RECONNECT_MAX_DELAY_MS,
  reconnectDelay,
  startEventStream,
  STREAM_DOWN_GRACE_MS,
} from '../../src/features/notifications/index.ts';
import { offlineSince, resetConnection } from '../../src/lib/connection.ts';
import { configureApi, type SessionBridge } from '../../src/lib/api/index.ts';
import { createTestServer, MemoryStorage, UNHANDLED_IS_ERROR } from '../support/msw-server.ts';

const BASE = 'https://api.test/api/v1';

const server = createTestServer();
beforeAll(() => {
  server.listen(UNHANDLED_IS_ERROR);
});
afterAll(() => {
  server.close();
});

/** One request to /events and the stream answering it, written to by the test. */
interface Connection {
  readonly request: Request;
  send(text: string): void;
  close(): void;
}

const encoder = new TextEncoder();
let connections: Connection[];
/** Per request: an open stream (undefined) or a status to refuse with. */
let refusals: (number | undefined)[];

function serveEvents(): void {
  server.use(
    http.get(`${BASE}/events`, ({ request }) => {
      const refusal = refusals.shift();
      if (refusal !== undefined) {
        connections.push({ request, send: () => undefined, close: () => undefined });
        return HttpResponse.json({ detail: 'refused' }, { status: refusal });
      }
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start: (streamController) => {
          controller = streamController;
        },
      });
      connections.push({
        request,
        send: (text) => {
          controller.enqueue(encoder.encode(text));
        },
        close: () => {
          controller.close();
        },
      });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
}

interface Session extends SessionBridge {
  redirects: number;
  token: string;
}

let session: Session;
let stream: EventStream | undefined;
let events: ServerEvent[];
let reconnects: number;

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  session = {
    redirects: 0,
    token: 'silent-token',
    getToken: (options) => Promise.resolve(options?.forceRefresh ? 'fresh-token' : session.token),
    hasAccount: () => true,
    storedToken: () => localStorage.getItem(AUTH_TOKEN_STORAGE_KEY),
    clearStoredToken: () => {
      localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
    },
    redirectToLogin: () => {
      session.redirects += 1;
    },
  };
  configureApi({ baseUrl: BASE, session });
  connections = [];
  refusals = [];
  events = [];
  reconnects = 0;
  serveEvents();
});

afterEach(() => {
  stream?.stop();
  stream = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  server.resetHandlers();
});

function start(): EventStream {
  stream = startEventStream({
    onEvent: (event) => {
      events.push(event);
    },
    onReconnect: () => {
      reconnects += 1;
    },
    random: () => 1,
  });
  return stream;
}

/** Lets the fetch, MSW and the stream reader run; fake timers cover setTimeout only, so this still turns. */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 500; turn += 1) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('the condition never came true');
}

async function settle(): Promise<void> {
  for (let turn = 0; turn < 50; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

const offered: ServerEvent = {
  type: 'notification',
  caseId: 'cas_1',
  caseStatus: 'pending',
  notification: {
    id: 'ntf_1',
    kind: 'case_offered',
    caseId: 'cas_1',
    caseDisplayNumber: 'SGH-000123',
    author: { id: 'usr_doctor', displayName: 'Dr Dana Okafor' },
    action: 'offered you case SGH-000123',
    message: 'Sudden left-sided weakness',
    createdAt: '2026-11-22T08:52:00.000Z',
    readAt: null,
  },
};

function frame(event: ServerEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

describe('reconnectDelay', () => {
  it('starts at the base, doubles per failed attempt and stops at the cap', () => {
    expect(reconnectDelay(0, 1000, 1)).toBe(1000);
    expect(reconnectDelay(1, 1000, 1)).toBe(2000);
    expect(reconnectDelay(3, 1000, 1)).toBe(8000);
    expect(reconnectDelay(20, 1000, 1)).toBe(RECONNECT_MAX_DELAY_MS);
  });

  it('jitters within the upper half of the wait', () => {
    expect(reconnectDelay(2, 1000, 0)).toBe(2000);
    expect(reconnectDelay(2, 1000, 0.5)).toBe(3000);
  });
});

describe('the event stream', () => {
  it('connects with the bearer from the API layer and delivers each event, however the bytes are split', async () => {
    start();
    await until(() => connections.length === 1);
    const connection = connections[0] as Connection;
    expect(connection.request.url).toBe(`${BASE}/events`);
    expect(connection.request.headers.get('Authorization')).toBe('Bearer silent-token');

    const text = `retry: 3000\r\n\r\n${frame(offered)}${frame({ type: 'case', caseId: 'cas_2', caseStatus: 'accepted' })}`;
    connection.send(text.slice(0, 40));
    connection.send(text.slice(40, 200));
    connection.send(text.slice(200));
    connection.send('event: ping\ndata: {"type":"ping"}\n\n');
    await until(() => events.length === 3);

    expect(events).toEqual([
      offered,
      { type: 'case', caseId: 'cas_2', caseStatus: 'accepted' },
      { type: 'ping' },
    ]);
    expect(reconnects).toBe(0);
  });

  it('skips data that is not an event of the contract and keeps the connection', async () => {
    start();
    await until(() => connections.length === 1);
    const connection = connections[0] as Connection;

    connection.send('data: not json\n\n');
    connection.send(frame(offered));
    await until(() => events.length === 1);

    expect(events).toEqual([offered]);
    expect(connections).toHaveLength(1);
  });

  it('reconnects after a drop with the server-given delay, backs off while attempts fail, and reports the reopening', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    start();
    await until(() => connections.length === 1);
    connections[0]?.send('retry: 500\n\n');
    await settle();
    refusals.push(503, 503, undefined);

    connections[0]?.close();
    await settle();
    await vi.advanceTimersByTimeAsync(499);
    await settle();
    expect(connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => connections.length === 2);

    // First refusal: twice the base before the next try.
    await settle();
    await vi.advanceTimersByTimeAsync(999);
    await settle();
    expect(connections).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => connections.length === 3);

    // Second refusal: twice again.
    await settle();
    await vi.advanceTimersByTimeAsync(1999);
    await settle();
    expect(connections).toHaveLength(3);
    expect(reconnects).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => connections.length === 4);

    connections[3]?.send('retry: 500\n\n');
    await until(() => reconnects === 1);
    connections[3]?.send(frame(offered));
    await until(() => events.length === 1);

    // Open again: the next drop waits only the base.
    connections[3]?.close();
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    await until(() => connections.length === 5);
  });

  it('stops on stop(): the request is aborted and nothing reconnects', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const running = start();
    await until(() => connections.length === 1);
    connections[0]?.send('retry: 500\n\n');
    await settle();

    running.stop();
    await settle();

    expect(connections[0]?.request.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_DELAY_MS * 2);
    await settle();
    expect(connections).toHaveLength(1);
  });

  it('stops while waiting to reconnect', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const running = start();
    await until(() => connections.length === 1);
    connections[0]?.close();
    await settle();

    running.stop();
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_DELAY_MS * 2);
    await settle();
    expect(connections).toHaveLength(1);
  });

  it('on 401 lets the API layer end the session and does not reconnect', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'stale');
    refusals.push(401);
    start();
    await until(() => session.redirects === 1);

    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_DELAY_MS * 2);
    await settle();
    expect(connections).toHaveLength(1);
  });

  it('on 403 refreshes the token through the API layer and streams on the retried request', async () => {
    refusals.push(403);
    start();
    await until(() => connections.length === 2);

    expect(connections[1]?.request.headers.get('Authorization')).toBe('Bearer fresh-token');
    connections[1]?.send(frame(offered));
    await until(() => events.length === 1);
    expect(session.redirects).toBe(0);
  });
});

describe('the event stream and the connection state', () => {
  it('says a dropped stream is down only once it stays down past the grace, and back at its first frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    resetConnection();
    start();
    await until(() => connections.length === 1);
    connections[0]?.send('retry: 10000\n\n');
    await settle();
    expect(offlineSince()).toBeNull();

    connections[0]?.close();
    await settle();
    await vi.advanceTimersByTimeAsync(STREAM_DOWN_GRACE_MS - 1);
    expect(offlineSince()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(offlineSince()).not.toBeNull();

    await vi.advanceTimersByTimeAsync(10_000 - STREAM_DOWN_GRACE_MS);
    await until(() => connections.length === 2);
    connections[1]?.send('retry: 10000\n\n');
    await until(() => offlineSince() === null);
  });

  it('says the stream is down at once when an attempt to open it fails', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    resetConnection();
    refusals.push(500);
    start();
    await until(() => connections.length === 1);
    await until(() => offlineSince() !== null);
  });
});
