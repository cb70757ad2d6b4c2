// The iCalendar feed is the same text while the shifts are the same: each event's DTSTAMP is its shift's
// last change (RFC 5545, a calendar without METHOD), the answer carries an ETag, and a phone that sends it
// back in If-None-Match gets 304 with nothing to download, until a shift changes.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CalendarFeed } from '../../generated/types.gen.ts';
import type { Database } from '../../server/src/db/database.ts';
import {
  buildCasesApp,
  ER_ADMIN,
  NEURO_1,
  NEURO_2,
  NEURO_3,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';
import { call } from './support/schedules.ts';

const SHIFT = 'shf_test_spc_neurology';

forEachDatabase((_name, open) => {
  let db: Database;
  let app: FastifyInstance;
  let path: string;
  beforeAll(async () => {
    db = await open();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db });
    await setOnCall(db, 'spc_neurology', { primary: NEURO_1, backup: NEURO_2 });
    await db.query('update on_call_shifts set updated_at = $2 where id = $1', [
      SHIFT,
      '2026-11-20T07:45:12.000Z',
    ]);
    const feed = await call<CalendarFeed>(app, NEURO_2, 'POST', '/me/calendar-feed');
    expect(feed.status).toBe(201);
    path = new URL(feed.body.url).pathname;
  });
  afterAll(async () => {
    await app.close();
  });

  const fetchFeed = (ifNoneMatch?: string) =>
    app.inject({
      method: 'GET',
      url: path,
      headers: ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch },
    });

  it("stamps each event with its shift's last change, so two fetches are identical", async () => {
    const first = await fetchFeed();
    const second = await fetchFeed();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('DTSTAMP:20261120T074512Z\r\n');
    expect(second.body).toBe(first.body);
    expect(first.headers['etag']).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(second.headers['etag']).toBe(first.headers['etag']);
  });

  it('answers 304 without a body to If-None-Match with the current ETag, 200 once a shift changed', async () => {
    const first = await fetchFeed();
    const etag = String(first.headers['etag']);
    const unchanged = await fetchFeed(etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers['etag']).toBe(etag);
    expect((await fetchFeed(`"other", ${etag}`)).statusCode).toBe(304);
    expect((await fetchFeed('"something-else"')).statusCode).toBe(200);

    const [row] = await db.query<{ starts_at: string; ends_at: string }>(
      'select starts_at, ends_at from on_call_shifts where id = $1',
      [SHIFT],
    );
    const edited = await call(app, ER_ADMIN, 'PUT', `/schedules/shifts/${SHIFT}`, {
      specialtyId: 'spc_neurology',
      startsAt: new Date(row?.starts_at ?? '').toISOString(),
      endsAt: new Date(row?.ends_at ?? '').toISOString(),
      primaryId: NEURO_3,
      backupId: NEURO_2,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const changed = await fetchFeed(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['etag']).not.toBe(etag);
    expect(changed.body).not.toContain('DTSTAMP:20261120T074512Z');
  });
});
