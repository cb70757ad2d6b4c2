import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  getCaseQueryKey,
  listCasesQueryKey,
  listNotificationsQueryKey,
} from '../../generated/@tanstack/react-query.gen.ts';
import type { Notification, ServerEvent } from '../../generated/types.gen.ts';
import {
  caseHrefFor,
  invalidateAfterReconnect,
  invalidateForEvent,
  notificationHeadline,
  notificationToToast,
  toNotificationView,
} from '../../src/features/notifications/index.ts';

const notification: Notification = {
  id: 'ntf_1',
  kind: 'case_accepted',
  caseId: 'cas_1',
  caseDisplayNumber: 'SGH-000123',
  author: { id: 'usr_specialist', displayName: 'Dr Sam Lindqvist' },
  action: 'accepted case SGH-000123',
  message: null,
  createdAt: '2026-11-22T08:52:00.000Z',
  readAt: null,
};

describe('how a notification reads', () => {
  it('leads to the case screen of the first role that has one', () => {
    expect(caseHrefFor(['er_doctor'], 'cas_1')).toBe('/emergency-room/doctor/cases/cas_1');
    expect(caseHrefFor(['specialist'], 'cas 2')).toBe('/specialist/cases/cas%202');
    expect(caseHrefFor(['unknown', 'specialist', 'er_doctor'], 'x')).toBe('/specialist/cases/x');
    expect(caseHrefFor(['emergency_room_admin'], 'x')).toBe('/emergency-room/cases/');
    expect(caseHrefFor(['hospital'], 'x')).toBeUndefined();
  });

  it('maps the contract to what the sheet shows', () => {
    expect(toNotificationView(notification, ['er_doctor'])).toEqual({
      id: 'ntf_1',
      author: 'Dr Sam Lindqvist',
      timestamp: '2026-11-22T08:52:00.000Z',
      action: 'accepted case SGH-000123',
      message: null,
      href: '/emergency-room/doctor/cases/cas_1',
      read: false,
      offer: false,
    });
    const system = toNotificationView(
      {
        ...notification,
        author: null,
        caseId: null,
        readAt: '2026-11-22T09:00:00.000Z',
        action: 'Case escalated',
      },
      ['er_doctor'],
    );
    expect(system).not.toHaveProperty('href');
    expect(system.read).toBe(true);
    expect(notificationHeadline(system)).toBe('Case escalated');
    expect(notificationHeadline(toNotificationView(notification, []))).toBe(
      'Dr Sam Lindqvist accepted case SGH-000123',
    );
  });
});

describe('what an event toasts', () => {
  const event: ServerEvent = { type: 'notification', caseId: 'cas_1', caseStatus: 'accepted', notification };

  it('toasts a notification someone else caused', () => {
    expect(notificationToToast(event, 'usr_doctor')).toBe(notification);
    expect(
      notificationToToast({ ...event, notification: { ...notification, author: null } }, 'usr_doctor'),
    ).not.toBeNull();
  });

  it("does not toast the reader's own doing, a case change or a ping", () => {
    expect(notificationToToast(event, 'usr_specialist')).toBeNull();
    expect(
      notificationToToast({ type: 'case', caseId: 'cas_1', caseStatus: 'accepted' }, 'usr_doctor'),
    ).toBeNull();
    expect(notificationToToast({ type: 'ping' }, 'usr_doctor')).toBeNull();
  });
});

describe('what an event invalidates', () => {
  function seeded(): QueryClient {
    const client = new QueryClient();
    const keys = [
      listCasesQueryKey(),
      listCasesQueryKey({ query: { status: ['pending'] } }),
      listNotificationsQueryKey({ query: { limit: 100 } }),
      getCaseQueryKey({ path: { caseId: 'cas_1' } }),
      getCaseQueryKey({ path: { caseId: 'cas_2' } }),
      [{ _id: 'listSpecialties' }],
    ];
    for (const key of keys) client.setQueryData(key, { seeded: true });
    return client;
  }

  function stale(client: QueryClient): string[] {
    return client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => JSON.stringify(query.queryKey));
  }

  it('marks every case list, the notifications and the affected case stale, nothing else', async () => {
    const client = seeded();
    await invalidateForEvent(client, { type: 'case', caseId: 'cas_1', caseStatus: 'accepted' });
    expect(stale(client).sort()).toEqual(
      [
        listCasesQueryKey(),
        listCasesQueryKey({ query: { status: ['pending'] } }),
        listNotificationsQueryKey({ query: { limit: 100 } }),
        getCaseQueryKey({ path: { caseId: 'cas_1' } }),
      ]
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });

  it('finds the case in the notification when the event names none, and ignores pings', async () => {
    const client = seeded();
    await invalidateForEvent(client, { type: 'ping' });
    expect(stale(client)).toEqual([]);
    await invalidateForEvent(client, {
      type: 'notification',
      notification: { ...notification, caseId: 'cas_2' },
    });
    expect(stale(client)).toContain(JSON.stringify(getCaseQueryKey({ path: { caseId: 'cas_2' } })));
    expect(stale(client)).not.toContain(JSON.stringify(getCaseQueryKey({ path: { caseId: 'cas_1' } })));
  });

  it('after a reconnect marks every case stale', async () => {
    const client = seeded();
    await invalidateAfterReconnect(client);
    expect(stale(client)).toHaveLength(5);
    expect(stale(client)).not.toContain(JSON.stringify([{ _id: 'listSpecialties' }]));
  });
});
