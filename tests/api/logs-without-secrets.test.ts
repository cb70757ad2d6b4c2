// Logs carry neither credentials nor people: a calendar feed's token never reaches a request line (however
// its path is spelled), and a refusal that names a member of staff by e-mail address is logged with their id.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed, FieldProblem } from '../../generated/types.gen.ts';
import { createLogger, loggedPath } from '../../server/src/logger.ts';
import { caller, SYSTEM_ADMIN } from './support/admin-calls.ts';
import { buildCasesApp, NEURO_2, seedCasesDatabase, tokenFor } from './support/cases-app.ts';
import { openTestPglite } from './support/databases.ts';

describe('the server logs no secret and no e-mail address', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    const db = await openTestPglite();
    await seedCasesDatabase(db);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildCasesApp({ db, logger: createLogger('trace', sink) });
  });
  afterAll(async () => {
    await app.close();
  });

  it('redacts the calendar feed’s token in every request line', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/me/calendar-feed',
      headers: { authorization: `Bearer ${await tokenFor(app, NEURO_2, ['specialist'])}` },
    });
    expect(created.statusCode).toBe(201);
    const url = new URL(created.json<CalendarFeed>().url);
    const token = url.pathname.split('/').at(-1) ?? '';
    expect(token).toMatch(/^cal_/);
    const path = url.pathname.replace(/^.*\/api\/v1\//, '/api/v1/');
    const start = lines.length;
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    // Spelled otherwise: an encoded segment, a doubled slash, a query.
    await app.inject({ method: 'GET', url: path.replace('calendars', '%63alendars') });
    await app.inject({ method: 'GET', url: path.replace('/calendars/', '/calendars//') });
    await app.inject({ method: 'GET', url: `${path}?x=1` });

    const log = lines.slice(start).join('');
    expect(log).toContain('/api/v1/public/calendars/[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.slice(4, 20));
  });

  it('logs a refusal naming a member of staff by e-mail with their id, the caller still reading the address', async () => {
    const admin = caller(app, SYSTEM_ADMIN, ['hospital_system']);
    // A user of another hospital, then an address that is nobody's.
    const [other] = await app.db.query<{ id: string; email: string }>(
      "select id, email from users where hospital_id <> 'hosp_sgh' and email like '%@%' order by id limit 1",
    );
    if (!other) throw new Error('The demo has no user of another hospital');
    const nobody = 'someone.unknown@stgeorges.example';
    const start = lines.length;
    for (const email of [other.email, nobody]) {
      const refused = await admin.post('/hospitals/hosp_sgh/admins', { email });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.detail as FieldProblem[])).toContain(email);
    }
    const log = lines.slice(start).join('');
    expect(log).toContain('request rejected');
    expect(log).toContain(other.id);
    expect(log).not.toContain(other.email);
    expect(log).not.toContain(nobody);
    expect(log).not.toContain('@');
  });
});

describe('a path as logged', () => {
  it('keeps the path, without its query, and redacts credential segments', () => {
    expect(loggedPath('/api/v1/cases/cas_1/audit?cursor=41')).toBe('/api/v1/cases/cas_1/audit');
    expect(loggedPath('/api/v1/public/calendars/cal_abc')).toBe('/api/v1/public/calendars/[redacted]');
    expect(loggedPath('/api/v1/public/Calendars/anything')).toBe('/api/v1/public/Calendars/[redacted]');
    expect(loggedPath('/api/v1/public/%63alendars/x')).toBe('/api/v1/public/%63alendars/[redacted]');
    expect(loggedPath('/elsewhere/cal_secret/x')).toBe('/elsewhere/[redacted]/x');
  });
});
