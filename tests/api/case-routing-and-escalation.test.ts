// Routing, escalation and re-alerts through the API and the timer worker, on a fake clock: the chain with
// and without on-call coverage, per-hospital acknowledgement times, and an escalation that fell due while
// no server ran firing after a restart.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Case, NotificationList } from '../../generated/types.gen.ts';
import { loadConfig } from '../../server/src/config.ts';
import type { Database } from '../../server/src/db/database.ts';
import type { Clock } from '../../server/src/domain/escalation.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  ER_ADMIN,
  NEURO_1,
  NEURO_2,
  NEURO_3,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

const MINUTE = 60_000;

function fakeClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
  };
}

forEachDatabase((_name, open) => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function start(options: { db?: Database; clock: Clock; keepDatabase?: boolean; tickMs?: number }) {
    const db = options.db ?? (await open());
    if (!options.db) await seedCasesDatabase(db, options.clock.now());
    // A tick this long never comes during a test: the tests tick by hand unless they say otherwise.
    const app = await buildCasesApp({
      db,
      cases: { clock: options.clock, worker: { tickMs: options.tickMs ?? 3_600_000 } },
      keepDatabase: options.keepDatabase ?? false,
    });
    apps.push(app);
    return app;
  }

  async function tick(app: FastifyInstance): Promise<number> {
    const { worker } = app.cases;
    if (!worker) throw new Error('no worker');
    return worker.tick();
  }

  async function notificationsOf(app: FastifyInstance, user: string) {
    return (await as(app, user).get<NotificationList>('/notifications?limit=100')).body.items;
  }

  async function caseOf(app: FastifyInstance, id: string): Promise<Case> {
    return (await as(app, DOCTOR).get<Case>(`/cases/${id}`)).body;
  }

  it('re-alerts every 2 minutes and escalates primary -> backup -> everyone, then stops on accept', async () => {
    const clock = fakeClock();
    const app = await start({ clock });
    await setOnCall(app.db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
    const created = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    await tick(app);
    expect((await caseOf(app, created.id)).offers[0]?.alertCount).toBe(1);

    clock.advance(2 * MINUTE);
    expect(await tick(app)).toBeGreaterThanOrEqual(1);
    let current = await caseOf(app, created.id);
    expect(current.status).toBe('pending');
    expect(current.offers[0]?.alertCount).toBe(2);
    expect(current.timeline.at(-1)).toMatchObject({
      kind: 'realerted',
      data: { specialistIds: [NEURO_PRIMARY] },
    });
    expect(
      (await notificationsOf(app, NEURO_PRIMARY)).some(
        (n) => n.kind === 'case_realerted' && n.caseId === created.id,
      ),
    ).toBe(true);

    clock.advance(3 * MINUTE);
    await tick(app);
    current = await caseOf(app, created.id);
    expect(current).toMatchObject({ status: 'escalated', routingStep: 'backup' });
    expect(current.offers.map((offer) => [offer.specialist.id, offer.step])).toEqual([
      [NEURO_PRIMARY, 'primary'],
      [NEURO_1, 'backup'],
    ]);
    expect(Date.parse(current.ackDueAt ?? '')).toBe(clock.now().getTime() + 5 * MINUTE);
    expect(
      (await notificationsOf(app, DOCTOR)).some(
        (n) => n.kind === 'case_escalated' && n.caseId === created.id,
      ),
    ).toBe(true);
    expect((await notificationsOf(app, ER_ADMIN)).some((n) => n.caseId === created.id)).toBe(false);

    clock.advance(5 * MINUTE);
    await tick(app);
    current = await caseOf(app, created.id);
    expect(current).toMatchObject({ status: 'escalated', routingStep: 'all', ackDueAt: null });
    expect(current.offers.map((offer) => offer.specialist.id).sort()).toEqual(
      [NEURO_PRIMARY, NEURO_1, NEURO_2, NEURO_3].sort(),
    );
    expect(
      (await notificationsOf(app, ER_ADMIN)).some(
        (n) => n.kind === 'case_escalated' && n.caseId === created.id,
      ),
    ).toBe(true);
    expect(
      (await notificationsOf(app, NEURO_3)).some((n) => n.kind === 'case_offered' && n.caseId === created.id),
    ).toBe(true);

    expect((await as(app, NEURO_3).post(`/cases/${created.id}/accept`)).status).toBe(200);
    const eventsBefore = (await caseOf(app, created.id)).timeline.length;
    clock.advance(30 * MINUTE);
    await tick(app);
    expect((await caseOf(app, created.id)).timeline).toHaveLength(eventsBefore);
  });

  it('without coverage offers everyone at once, marks the case and tells the ER admins', async () => {
    const clock = fakeClock();
    const app = await start({ clock });
    await setOnCall(app.db, 'spc_neurology', null);
    const created = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    expect(created).toMatchObject({ noCoverage: true, routingStep: 'all', ackDueAt: null });
    expect(created.timeline.map((event) => event.kind)).toEqual(['created', 'no_coverage', 'offered']);
    expect(created.offers).toHaveLength(4);
    const admin = await notificationsOf(app, ER_ADMIN);
    expect(admin.find((n) => n.caseId === created.id)).toMatchObject({ kind: 'case_no_coverage' });

    // The end of the chain never escalates, but keeps re-alerting everyone it was offered to.
    clock.advance(2 * MINUTE);
    await tick(app);
    const current = await caseOf(app, created.id);
    expect(current.status).toBe('pending');
    expect(current.offers.every((offer) => offer.alertCount === 2)).toBe(true);
  });

  it('uses the hospital’s own acknowledgement times', async () => {
    const clock = fakeClock();
    const app = await start({ clock });
    await app.db.query(
      `insert into hospital_case_settings (hospital_id, ack_seconds_urgent) values ('hosp_sgh', 90)
       on conflict (hospital_id) do update set ack_seconds_urgent = 90`,
    );
    const created = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase({ urgency: 'urgent' }), {
        'idempotency-key': newKey(),
      })
    ).body;
    expect(Date.parse(created.ackDueAt ?? '') - Date.parse(created.createdAt)).toBe(90_000);
    clock.advance(90_000);
    await tick(app);
    expect((await caseOf(app, created.id)).status).toBe('escalated');
  });

  it('lets configuration shorten the times of every hospital (CASE_ACK_SECONDS_*, CASE_REALERT_SECONDS)', async () => {
    const clock = fakeClock();
    const db = await open();
    await seedCasesDatabase(db, clock.now());
    const { ackOverrides } = loadConfig({
      CASE_ACK_SECONDS_EMERGENT: '20',
      CASE_REALERT_SECONDS: '7',
    }).caseTimers;
    const app = await buildCasesApp({ db, cases: { clock, worker: { tickMs: 3_600_000 }, ackOverrides } });
    apps.push(app);
    const created = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    expect(Date.parse(created.ackDueAt ?? '') - Date.parse(created.createdAt)).toBe(20_000);
    clock.advance(7_000);
    await tick(app);
    expect((await caseOf(app, created.id)).offers[0]?.alertCount).toBe(2);
    clock.advance(13_000);
    await tick(app);
    expect((await caseOf(app, created.id)).status).toBe('escalated');
    expect(() => loadConfig({ CASE_ACK_SECONDS_URGENT: 'soon' })).toThrow(
      'CASE_ACK_SECONDS_URGENT: must be a whole number of seconds between 1 and 86400',
    );
  });

  it('fires an escalation that fell due while the server was down once it starts again', async () => {
    const clock = fakeClock();
    const first = await start({ clock, keepDatabase: true });
    const { db } = first;
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
    const created = (
      await as(first, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const [before] = await db.query<{ status: string }>('select status from cases where id = $1', [
      created.id,
    ]);
    expect(before?.status).toBe('pending');
    clock.advance(6 * MINUTE);
    const second = await start({ db, clock, tickMs: 20 });
    // onReady ran one tick already; the worker's own ticks would catch it too.
    let current = await caseOf(second, created.id);
    for (let attempt = 0; attempt < 100 && current.status !== 'escalated'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      current = await caseOf(second, created.id);
    }
    expect(current).toMatchObject({ status: 'escalated', routingStep: 'backup' });
    expect(
      current.timeline.some(
        (event) => event.kind === 'escalated' && event.data['reason'] === 'not accepted in time',
      ),
    ).toBe(true);
  });
});

describe('the timer worker', () => {
  it('handles nothing when nothing is due', async () => {
    const { runDueTimers } = await import('../../server/src/workers/case-timers.ts');
    const { openTestPglite } = await import('./support/databases.ts');
    const db = await openTestPglite();
    await seedCasesDatabase(db, new Date(), false);
    expect(await runDueTimers(db, { now: () => new Date() })).toBe(0);
    await db.close();
  });
});

forEachDatabase((_name, open) => {
  it('escalates the other due cases when one of the batch fails, and tries the failed one again 30 s later', async () => {
    const clock = fakeClock();
    const db = await open();
    await seedCasesDatabase(db, clock.now());
    const app = await buildCasesApp({ db, cases: { clock, worker: { tickMs: 3_600_000 } } });
    const { worker } = app.cases;
    if (!worker) throw new Error('no worker');
    const caseOf = async (id: string) => (await as(app, DOCTOR).get<Case>(`/cases/${id}`)).body;
    try {
      await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
      const post = () =>
        as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() });
      const broken = (await post()).body;
      clock.advance(1000);
      const healthy = (await post()).body;
      // A case the handler cannot write to: the first claimed (earliest due) of the batch fails.
      await db.exec(`
        create function fail_broken_case() returns trigger language plpgsql as $$
        begin
          if new.case_id = '${broken.id}' then raise exception 'case_events refused for the test'; end if;
          return new;
        end $$;
        create trigger fail_broken_case before insert on case_events
          for each row execute function fail_broken_case();`);

      clock.advance(6 * MINUTE);
      await expect(worker.tick()).rejects.toThrow(
        `Timers of 1 due case(s) failed and wait 30 s: ${broken.id}`,
      );
      expect(await caseOf(healthy.id)).toMatchObject({ status: 'escalated', routingStep: 'backup' });
      const stuck = await caseOf(broken.id);
      expect(stuck).toMatchObject({ status: 'pending', routingStep: 'primary' });
      expect(Date.parse(stuck.ackDueAt ?? '')).toBe(clock.now().getTime() + 30_000);
      // Put off, it does not fail the next tick before its time.
      expect(await worker.tick()).toBe(0);

      await db.exec('drop trigger fail_broken_case on case_events');
      clock.advance(30_000);
      expect(await worker.tick()).toBe(1);
      expect(await caseOf(broken.id)).toMatchObject({ status: 'escalated', routingStep: 'backup' });
    } finally {
      await app.close();
    }
  });
});
