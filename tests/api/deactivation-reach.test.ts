// A deactivated account reaches nothing more: its open event streams end (through the users table's
// LISTEN/NOTIFY, on PGlite and on PostgreSQL, with a real stream over HTTP) and its calendar feed is revoked.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CalendarFeed, Case, ServerEvent, UserAccount } from '../../generated/types.gen.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  HOSPITAL_ADMIN,
  NEURO_2,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  seedCasesDatabase,
  setOnCall,
  tokenFor,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

interface OpenStream {
  readonly status: number;
  /** Resolves once the server ends the stream, with every event it delivered. */
  readonly ended: Promise<ServerEvent[]>;
  /** The first event matching, once it arrives. */
  next(predicate: (event: ServerEvent) => boolean): Promise<ServerEvent>;
  close(): void;
}

async function openStream(app: FastifyInstance, userId: string): Promise<OpenStream> {
  const { port } = app.server.address() as AddressInfo;
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/events`, {
    headers: { authorization: `Bearer ${await tokenFor(app, userId, ['specialist'])}` },
    signal: controller.signal,
  });
  const received: ServerEvent[] = [];
  const waiters: { predicate: (event: ServerEvent) => boolean; resolve: (event: ServerEvent) => void }[] = [];
  const ended = (async () => {
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const chunk = reader === undefined ? { done: true as const } : await reader.read();
      if (chunk.done) return received;
      buffer += chunk.value;
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (data === undefined) continue;
        const event = JSON.parse(data.slice(6)) as ServerEvent;
        received.push(event);
        for (const waiter of waiters.splice(0)) {
          if (waiter.predicate(event)) waiter.resolve(event);
          else waiters.push(waiter);
        }
      }
    }
  })();
  ended.catch(() => undefined);
  return {
    status: response.status,
    ended,
    next: (predicate) => {
      const already = received.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => {
        waiters.push({ predicate, resolve });
      });
    },
    close: () => {
      controller.abort();
    },
  };
}

forEachDatabase((_name, open) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const db = await open();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  /** A copy of a demo neurologist of St George's, so the demo users stay as they are. */
  async function copyOfNeurologist(id: string): Promise<void> {
    await app.db.query(
      `insert into users (id, email, display_name, password_hash, roles, hospital_system_id, hospital_id,
         specialty_types, force_change_password_next_sign_in)
       select $1, $2, display_name, password_hash, roles, hospital_system_id, hospital_id, specialty_types, false
       from users where id = $3`,
      [id, `${id}@demo.test`, NEURO_2],
    );
  }

  async function setActive(userId: string, active: boolean): Promise<UserAccount> {
    const authorization = `Bearer ${await tokenFor(app, HOSPITAL_ADMIN)}`;
    const [row] = await app.db.query<{ version: number }>('select version from users where id = $1', [
      userId,
    ]);
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${userId}`,
      headers: { authorization, 'content-type': 'application/json' },
      payload: JSON.stringify({ version: row?.version, active }),
    });
    expect(response.statusCode).toBe(200);
    return response.json<UserAccount>();
  }

  it('ends a deactivated user’s open streams, and only theirs; a new stream is refused', async () => {
    await copyOfNeurologist('usr_leaving_neuro');
    await setOnCall(app.db, 'spc_neurology', { primary: 'usr_leaving_neuro', backup: null });
    const leaving = await openStream(app, 'usr_leaving_neuro');
    const staying = await openStream(app, NEURO_PRIMARY);
    expect(leaving.status).toBe(200);
    try {
      // While active, the stream delivers the cases offered to them.
      const created = (
        await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
      ).body;
      await leaving.next((event) => event.type === 'notification' && event.caseId === created.id);

      expect((await setActive('usr_leaving_neuro', false)).active).toBe(false);
      // The server ends the stream by itself (the test times out otherwise): no more case events reach it.
      const delivered = await leaving.ended;
      expect(delivered.some((event) => event.caseId === created.id)).toBe(true);

      // Another user's stream lives on: it still hears what happens after.
      await setOnCall(app.db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: null });
      const later = (
        await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
      ).body;
      await staying.next((event) => event.type === 'notification' && event.caseId === later.id);

      // The client reconnects, and its token is refused.
      const again = await openStream(app, 'usr_leaving_neuro');
      expect(again.status).toBe(401);
      again.close();
    } finally {
      leaving.close();
      staying.close();
    }
  });

  it('revokes a deactivated user’s calendar feed, for good', async () => {
    await copyOfNeurologist('usr_leaving_feed');
    const authorization = `Bearer ${await tokenFor(app, 'usr_leaving_feed', ['specialist'])}`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/me/calendar-feed',
      headers: { authorization },
    });
    expect(created.statusCode).toBe(201);
    const path = new URL(created.json<CalendarFeed>().url).pathname.replace(/^\/api\/v1/, '');
    const read = () => app.inject({ method: 'GET', url: `/api/v1${path}` });
    expect((await read()).statusCode).toBe(200);

    await setActive('usr_leaving_feed', false);
    const refused = await read();
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toHaveProperty('detail');
    // Reactivated, the account has its shifts again, but the old address stays revoked.
    await setActive('usr_leaving_feed', true);
    expect((await read()).statusCode).toBe(404);
    expect(
      await app.db.query('select 1 from calendar_feeds where user_id = $1', ['usr_leaving_feed']),
    ).toEqual([]);
  });
});
