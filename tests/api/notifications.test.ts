// Notifications: listed newest first with the unread count, paged, and marked read by id or all at once.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Case, NotificationList } from '../../generated/types.gen.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  NEURO_1,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

forEachDatabase((_name, open) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const db = await open();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db });
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: null });
  });
  afterAll(async () => {
    await app.close();
  });

  it('writes a notification for each change that concerns the user, with author, action and message', async () => {
    const created = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/messages`, { body: 'Is the CT done?' });
    await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/accept`);
    const list = (await as(app, DOCTOR).get<NotificationList>('/notifications')).body;
    expect(list.items.slice(0, 2)).toMatchObject([
      {
        kind: 'case_accepted',
        author: { id: NEURO_PRIMARY },
        action: `accepted case ${created.displayNumber}`,
        readAt: null,
      },
      { kind: 'case_message', action: `wrote on case ${created.displayNumber}`, message: 'Is the CT done?' },
    ]);
    expect(list.unreadCount).toBeGreaterThanOrEqual(2);
    const specialist = (await as(app, NEURO_PRIMARY).get<NotificationList>('/notifications')).body;
    expect(specialist.items[0]).toMatchObject({
      kind: 'case_offered',
      caseId: created.id,
      message: 'Sudden left-sided weakness',
    });
    // Nobody is notified of what they did themselves.
    expect(specialist.items.some((item) => item.kind === 'case_accepted')).toBe(false);
  });

  it('pages, filters unread, and marks read by id (only the caller’s own) or all', async () => {
    for (let index = 0; index < 3; index += 1) {
      await as(app, DOCTOR).post('/cases', neurologyCase(), { 'idempotency-key': newKey() });
    }
    const first = (await as(app, NEURO_PRIMARY).get<NotificationList>('/notifications?limit=2')).body;
    expect(first.items).toHaveLength(2);
    const second = (
      await as(app, NEURO_PRIMARY).get<NotificationList>(
        `/notifications?limit=2&cursor=${first.nextCursor ?? ''}`,
      )
    ).body;
    expect(second.items.map((item) => item.id)).not.toContain(first.items[0]?.id);
    const unreadBefore = first.unreadCount;

    const [mine] = first.items;
    const doctors = (await as(app, DOCTOR).get<NotificationList>('/notifications')).body;
    const marked = await as(app, NEURO_PRIMARY).post('/notifications/read', {
      ids: [mine?.id, doctors.items[0]?.id],
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ unreadCount: unreadBefore - 1 });
    expect((await as(app, DOCTOR).get<NotificationList>('/notifications')).body.unreadCount).toBe(
      doctors.unreadCount,
    );

    const unread = (
      await as(app, NEURO_PRIMARY).get<NotificationList>('/notifications?unread=true&limit=100')
    ).body;
    expect(unread.items.map((item) => item.id)).not.toContain(mine?.id);
    expect(unread.items.every((item) => item.readAt === null)).toBe(true);

    expect((await as(app, NEURO_PRIMARY).post('/notifications/read', { all: true })).body).toEqual({
      unreadCount: 0,
    });
    expect((await as(app, NEURO_1).get<NotificationList>('/notifications')).status).toBe(200);
  });

  it('refuses a body with neither or both of ids and all, a forged cursor, and no token', async () => {
    expect((await as(app, DOCTOR).post('/notifications/read', {})).status).toBe(400);
    expect((await as(app, DOCTOR).post('/notifications/read', { ids: [], all: true })).body).toEqual({
      detail: 'Send either ids or all: true',
    });
    expect((await as(app, DOCTOR).post('/notifications/read', { all: 'yes' })).status).toBe(400);
    expect((await as(app, DOCTOR).get('/notifications?cursor=xyz')).status).toBe(400);
    expect((await as(app, null).get('/notifications')).status).toBe(401);
    expect((await as(app, null).post('/notifications/read', { all: true })).status).toBe(401);
  });
});
