// The shell fed by the notifications feature: the real auth module on an MSAL stand-in, the real API layer,
// and MSW for the API, the event stream included.
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  MySettings,
  Notification,
  NotificationsRead,
  ServerEvent,
  User,
} from '../../generated/types.gen.ts';
import { texts } from '../../src/config/texts.ts';
import {
  currentPath,
  fakeAccount,
  renderRoutes,
  server,
  startAuthWith,
  tenantConfig,
} from '../support/harness.tsx';

const BASE = tenantConfig.apiBaseUrl;

const me: User = {
  id: 'usr_doctor',
  displayName: 'Erin Doctor',
  email: 'er_doctor@demo.test',
  roles: ['er_doctor'],
  hospitalSystem: { id: 'hs_demo', name: 'Demo Health' },
  hospital: { id: 'hosp_sgh', name: "St George's Hospital", timeZone: 'Asia/Tokyo' },
  specialtyTypes: [],
};

function notification(overrides: Partial<Notification> & Pick<Notification, 'id'>): Notification {
  return {
    kind: 'case_accepted',
    caseId: 'cas_1',
    caseDisplayNumber: 'SGH-000001',
    author: { id: 'usr_specialist', displayName: 'Dr Sam Lindqvist' },
    action: 'accepted case SGH-000001',
    message: null,
    createdAt: '2026-11-22T08:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

interface Connection {
  readonly request: Request;
  send(text: string): void;
  close(): void;
}

const encoder = new TextEncoder();
let stored: Notification[];
let listRequests: number;
let markBodies: NotificationsRead[];
let connections: Connection[];
let settings: MySettings;

function useApi(): void {
  server.use(
    http.get(`${BASE}/me`, () => HttpResponse.json(me)),
    http.get(`${BASE}/me/settings`, () => HttpResponse.json(settings)),
    http.get(`${BASE}/notifications`, () => {
      listRequests += 1;
      return HttpResponse.json({
        items: stored,
        unreadCount: stored.filter((entry) => entry.readAt === null).length,
        nextCursor: null,
      });
    }),
    http.post(`${BASE}/notifications/read`, async ({ request }) => {
      const body = (await request.json()) as NotificationsRead;
      markBodies.push(body);
      const now = '2026-11-22T10:00:00.000Z';
      stored = stored.map((entry) =>
        body.all === true || body.ids?.includes(entry.id) ? { ...entry, readAt: entry.readAt ?? now } : entry,
      );
      return HttpResponse.json({ unreadCount: stored.filter((entry) => entry.readAt === null).length });
    }),
    http.get(`${BASE}/events`, ({ request }) => {
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

beforeEach(() => {
  stored = [
    notification({
      id: 'ntf_new_1',
      kind: 'case_message',
      action: 'wrote on case SGH-000001',
      message: 'CT shows no bleed.',
      createdAt: '2026-11-22T09:30:00.000Z',
    }),
    notification({ id: 'ntf_new_2', createdAt: '2026-11-22T09:00:00.000Z' }),
    notification({
      id: 'ntf_old',
      author: null,
      action: 'Case SGH-000002 escalated to the backup specialist (not accepted in time)',
      caseId: 'cas_2',
      readAt: '2026-11-22T08:30:00.000Z',
    }),
  ];
  listRequests = 0;
  settings = {
    displayName: 'Erin Doctor',
    email: 'erin@demo.test',
    phone: null,
    preferences: { sound: false, toasts: true },
    smsFallback: false,
    smsAvailable: false,
    passwordChangeable: true,
    version: 1,
  };
  markBodies = [];
  connections = [];
  useApi();
});

function frame(event: ServerEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

async function renderShell() {
  const { session } = await startAuthWith({ accounts: [fakeAccount(['er_doctor'])] });
  const { AppShellLayout } = await import('../../src/app/shell/app-shell-layout.tsx');
  const keys = await import('../../generated/@tanstack/react-query.gen.ts');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderRoutes(
    [
      {
        element: <AppShellLayout />,
        children: [
          { path: '/emergency-room/doctor/cases/', element: <p>Case list</p> },
          { path: '/emergency-room/doctor/cases/:id', element: <p>Case screen</p> },
        ],
      },
    ],
    '/emergency-room/doctor/cases/',
    { session, queryClient },
  );
  await waitFor(() => {
    expect(connections).toHaveLength(1);
  });
  return { keys, ...view };
}

function bell(): HTMLElement {
  return screen.getByRole('button', { name: texts.notifications });
}

async function openSheet(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(bell());
  return screen.findByRole('dialog', { name: texts.notifications });
}

describe('the bell and the sheet with real notifications', () => {
  it('counts the unread ones on the bell', async () => {
    await renderShell();
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('2')).toBeInTheDocument();
  });

  it('lists unread then earlier entries with author, time in the hospital zone, action, message and case link', async () => {
    const user = userEvent.setup();
    await renderShell();
    await within(screen.getByRole('banner')).findByText('2');

    const sheet = await openSheet(user);
    const unread = within(within(sheet).getByRole('list', { name: 'Unread' })).getAllByRole('listitem');
    expect(unread).toHaveLength(2);
    const first = unread[0] as HTMLElement;
    expect(within(first).getByText('Dr Sam Lindqvist')).toBeInTheDocument();
    expect(first).toHaveTextContent('wrote on case SGH-000001');
    expect(within(first).getByText('CT shows no bleed.')).toBeInTheDocument();
    const time = first.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2026-11-22T09:30:00.000Z');
    // 09:30 UTC is 18:30 in Tokyo, the hospital's zone.
    expect(time).toHaveTextContent('22 Nov 2026, 18:30');
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/emergency-room/doctor/cases/cas_1');

    const earlier = within(within(sheet).getByRole('list', { name: 'Earlier' })).getAllByRole('listitem');
    expect(earlier).toHaveLength(1);
    expect(earlier[0]).toHaveTextContent(/^Case SGH-000002 escalated/);
    expect(
      within(earlier[0] as HTMLElement).queryByRole('button', { name: 'Mark read' }),
    ).not.toBeInTheDocument();
  });

  it('marks all read, and the bell count goes', async () => {
    const user = userEvent.setup();
    await renderShell();
    const header = screen.getByRole('banner');
    await within(header).findByText('2');

    const sheet = await openSheet(user);
    await user.click(within(sheet).getByRole('button', { name: 'Mark all read' }));

    expect(markBodies).toEqual([{ all: true }]);
    await waitFor(() => {
      expect(within(sheet).queryByRole('list', { name: 'Unread' })).not.toBeInTheDocument();
    });
    expect(
      within(within(sheet).getByRole('list', { name: 'Earlier' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(within(header).queryByText('2')).not.toBeInTheDocument();
  });

  it('opening an entry marks it read, closes the sheet and goes to the case', async () => {
    const user = userEvent.setup();
    const { router } = await renderShell();
    await within(screen.getByRole('banner')).findByText('2');

    const sheet = await openSheet(user);
    const [first] = within(within(sheet).getByRole('list', { name: 'Unread' })).getAllByRole('listitem');
    await user.click(within(first as HTMLElement).getByRole('link'));

    expect(markBodies).toEqual([{ ids: ['ntf_new_1'] }]);
    expect(currentPath(router)).toBe('/emergency-room/doctor/cases/cas_1');
    expect(await screen.findByText('Case screen')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: texts.notifications })).not.toBeInTheDocument();
    });
    expect(await within(screen.getByRole('banner')).findByText('1')).toBeInTheDocument();
  });

  it('marks one entry read with its button', async () => {
    const user = userEvent.setup();
    await renderShell();
    await within(screen.getByRole('banner')).findByText('2');

    const sheet = await openSheet(user);
    const unread = within(within(sheet).getByRole('list', { name: 'Unread' })).getAllByRole('listitem');
    await user.click(within(unread[1] as HTMLElement).getByRole('button', { name: 'Mark read' }));

    expect(markBodies).toEqual([{ ids: ['ntf_new_2'] }]);
    await waitFor(() => {
      expect(
        within(within(sheet).getByRole('list', { name: 'Unread' })).getAllByRole('listitem'),
      ).toHaveLength(1);
    });
  });

  it('shows the empty state when there are none', async () => {
    stored = [];
    const user = userEvent.setup();
    await renderShell();
    await waitFor(() => {
      expect(listRequests).toBe(1);
    });
    const sheet = await openSheet(user);
    expect(within(sheet).getByText('No notifications yet')).toBeInTheDocument();
  });
});

describe('the event stream in the shell', () => {
  const arriving = notification({
    id: 'ntf_arriving',
    kind: 'case_offered',
    author: { id: 'usr_other', displayName: 'Dr Dana Okafor' },
    action: 'offered you case SGH-000009',
    message: 'Sudden left-sided weakness',
    caseId: 'cas_9',
    createdAt: '2026-11-22T09:45:00.000Z',
  });

  it('opens one stream with the bearer and closes it when the layout goes', async () => {
    const { unmount } = await renderShell();
    const [connection] = connections;
    expect(connection?.request.headers.get('Authorization')).toMatch(/^Bearer .+/);

    unmount();
    expect(connection?.request.signal.aborted).toBe(true);
  });

  it('toasts a new notification, updates the bell and invalidates the case lists and that case', async () => {
    const { queryClient, keys } = await renderShell();
    await within(screen.getByRole('banner')).findByText('2');
    const caseList = keys.listCasesQueryKey({ query: { status: ['pending'] } });
    const thatCase = keys.getCaseQueryKey({ path: { caseId: 'cas_9' } });
    const otherCase = keys.getCaseQueryKey({ path: { caseId: 'cas_1' } });
    for (const key of [caseList, thatCase, otherCase]) queryClient.setQueryData(key, { held: true });

    stored = [arriving, ...stored];
    connections[0]?.send(
      frame({ type: 'notification', caseId: 'cas_9', caseStatus: 'pending', notification: arriving }),
    );

    expect(await screen.findByText('Dr Dana Okafor offered you case SGH-000009')).toBeInTheDocument();
    expect(screen.getByText('Sudden left-sided weakness')).toBeInTheDocument();
    expect(await within(screen.getByRole('banner')).findByText('3')).toBeInTheDocument();
    expect(queryClient.getQueryState(caseList)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(thatCase)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(otherCase)?.isInvalidated).toBe(false);
  });

  it("does not toast the reader's own doing, but still refreshes", async () => {
    await renderShell();
    await waitFor(() => {
      expect(listRequests).toBe(1);
    });
    const own = { ...arriving, id: 'ntf_own', author: { id: me.id, displayName: me.displayName } };

    connections[0]?.send(
      frame({ type: 'notification', caseId: 'cas_9', caseStatus: 'pending', notification: own }),
    );

    await waitFor(() => {
      expect(listRequests).toBe(2);
    });
    expect(screen.queryByText('Erin Doctor offered you case SGH-000009')).not.toBeInTheDocument();
  });

  it('shows no toast when the reader turned toasts off in their settings, but still counts it', async () => {
    settings = { ...settings, preferences: { sound: false, toasts: false } };
    const { queryClient, keys } = await renderShell();
    await within(screen.getByRole('banner')).findByText('2');
    await waitFor(() => {
      expect(queryClient.getQueryData(keys.getMySettingsQueryKey())).toBeDefined();
    });

    const quiet = { ...arriving, id: 'ntf_quiet', action: 'offered you case SGH-000010' };
    stored = [quiet, ...stored];
    connections[0]?.send(
      frame({ type: 'notification', caseId: 'cas_9', caseStatus: 'pending', notification: quiet }),
    );

    expect(await within(screen.getByRole('banner')).findByText('3')).toBeInTheDocument();
    expect(screen.queryByText('Dr Dana Okafor offered you case SGH-000010')).not.toBeInTheDocument();
  });

  it('reconnects after a drop and refetches the notifications it may have missed', async () => {
    await renderShell();
    await waitFor(() => {
      expect(listRequests).toBe(1);
    });
    // The server's retry hint keeps the wait short in real time; the stream is read in order, so the hint is
    // taken before the end of the stream is.
    connections[0]?.send('retry: 20\n\n');
    connections[0]?.close();

    await waitFor(() => {
      expect(connections).toHaveLength(2);
    });
    connections[1]?.send('retry: 20\n\n');
    await waitFor(() => {
      expect(listRequests).toBe(2);
    });
  });
});
