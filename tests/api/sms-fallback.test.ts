// SMS fallback against a stand-in for Twilio's API inside the test: an offer not delivered to any device
// (no push receipt, not seen in the app) within the hospital's delay goes by SMS to the specialist who
// turned it on, never before, with no patient data; one delivered, seen or accepted in time goes by no SMS;
// a failing or silent provider is retried with backoff, each attempt on the timeline and the offer, then
// given up; a refusal is not retried; a restart sends what fell due; without a provider nothing is sent.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Case } from '../../generated/types.gen.ts';
import type { Database } from '../../server/src/db/database.ts';
import type { Clock } from '../../server/src/domain/escalation.ts';
import { listenForChanges, type PublishedChange } from '../../server/src/events/case-change-channel.ts';
import { createLogger } from '../../server/src/logger.ts';
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
import { fakeClock, MOBILE, turnSmsOn } from './support/sms-calls.ts';
import { LocalTwilio, TWILIO_FROM, TWILIO_TOKEN } from './support/twilio-server.ts';

// What the ER wrote about the patient (neurologyCase): none of it may leave in an SMS.
const PATIENT_DATA = ['Sudden left-sided weakness', 'Last known well', 'JD', '67', 'female', 'MRN'];

forEachDatabase((_name, open) => {
  const twilio = new LocalTwilio();
  const apps: FastifyInstance[] = [];
  beforeAll(() => twilio.start());
  afterAll(() => twilio.stop());
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    expect(twilio.problems).toEqual([]);
    twilio.reset();
  });

  async function start(
    clock: Clock,
    options: { db?: Database; keepDatabase?: boolean; env?: Record<string, string>; lines?: string[] } = {},
  ) {
    const db = options.db ?? (await open());
    if (!options.db) await seedCasesDatabase(db, clock.now());
    const lines = options.lines ?? [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = await buildCasesApp({
      db,
      // A tick this long never comes during a test: the tests tick by hand.
      cases: { clock, worker: { tickMs: 3_600_000 } },
      keepDatabase: options.keepDatabase ?? false,
      env: options.env ?? twilio.env(),
      logger: createLogger('warn', sink),
    });
    apps.push(app);
    if (!options.db) {
      // The demo's overdue cases move on first, before this specialist turns SMS on.
      await tick(app);
      await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
      await turnSmsOn(app, NEURO_PRIMARY);
    }
    return app;
  }

  async function tick(app: FastifyInstance): Promise<void> {
    await app.cases.worker?.tick();
    await app.cases.pushWorker?.tick();
  }

  async function openCase(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<Case> {
    const created = await as(app, DOCTOR).post<Case>('/cases', neurologyCase(overrides), {
      'idempotency-key': newKey(),
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  const detail = async (app: FastifyInstance, caseId: string) =>
    (await as(app, DOCTOR).get<Case>(`/cases/${caseId}`)).body;
  const primaryOffer = (found: Case) => found.offers.find((offer) => offer.specialist.id === NEURO_PRIMARY);
  const smsEvents = (found: Case) =>
    found.timeline.filter((event) => event.kind === 'sms_sent' || event.kind === 'sms_failed');
  const outbox = (app: FastifyInstance, caseId: string) =>
    app.db.query('select id from sms_outbox where case_id = $1', [caseId]);
  // The demo's waiting cases escalate too, and may offer the primary more: only the SMS about this case.
  const about = (found: Case) => twilio.received.filter((sms) => sms.body.includes(found.id));

  it('texts an emergent offer not delivered within 60 s, not a second before, without patient data', async () => {
    const clock = fakeClock();
    const app = await start(clock);
    const opened = await openCase(app);
    await tick(app);
    clock.advance(59_000);
    await tick(app);
    expect(about(opened)).toEqual([]);

    const changes: PublishedChange[] = [];
    const unlisten = await listenForChanges(
      app.db,
      (change) => changes.push(change),
      (error: unknown) => {
        throw error;
      },
    );
    clock.advance(1_000);
    await tick(app);
    expect(about(opened)).toHaveLength(1);
    // The doctor's open case page and the specialist's refetch and show the attempt.
    await vi.waitFor(() => {
      const watched = changes
        .filter((change) => change.caseId === opened.id)
        .flatMap((change) => change.watchers);
      expect(watched).toEqual(expect.arrayContaining([DOCTOR, NEURO_PRIMARY]));
    });
    await unlisten();
    const [sms] = about(opened);
    expect(sms?.to).toBe('+447700900123');
    expect(sms?.from).toBe(TWILIO_FROM);
    // Exactly this: case number, urgency, specialty, hospital short name and the specialist's link.
    expect(sms?.body).toBe(
      `Case Router: EMERGENT case ${opened.displayNumber} (Neurology, SGH) is offered to you. ` +
        `Open to accept: ${app.config.publicUrl}/specialist/cases/${opened.id}`,
    );
    const readable = (sms?.body ?? '').replace(opened.id, '');
    for (const secret of PATIENT_DATA) expect(readable).not.toContain(secret);

    // On the timeline and the offer, by the recipient's id: never the number.
    const found = await detail(app, opened.id);
    expect(
      smsEvents(found).map((event) => [event.kind, event.data['recipientId'], event.data['attempt']]),
    ).toEqual([['sms_sent', NEURO_PRIMARY, 1]]);
    expect(primaryOffer(found)?.attempts).toEqual([
      { channel: 'sms', outcome: 'sent', at: clock.now().toISOString() },
    ]);
    expect(JSON.stringify(found)).not.toContain('7700');
    expect(await outbox(app, opened.id)).toEqual([]);
    // Sent once: the re-alerts and later ticks send nothing more.
    clock.advance(2 * 60_000);
    await tick(app);
    expect(about(opened)).toHaveLength(1);
  }, 120_000);

  it('sends none for an offer delivered, seen or accepted in time, and stops retrying once accepted', async () => {
    const clock = fakeClock();
    const app = await start(clock);
    const delivered = await openCase(app);
    const seen = await openCase(app);
    const accepted = await openCase(app);
    const specialist = as(app, NEURO_PRIMARY);
    expect((await specialist.post(`/cases/${delivered.id}/receipts`, { kind: 'delivered' })).status).toBe(
      200,
    );
    expect((await specialist.post(`/cases/${seen.id}/receipts`, { kind: 'seen' })).status).toBe(200);
    expect((await specialist.post(`/cases/${accepted.id}/accept`)).status).toBe(200);
    clock.advance(61_000);
    await tick(app);
    expect([delivered, seen, accepted].flatMap(about)).toEqual([]);
    for (const found of [delivered, seen, accepted]) expect(await outbox(app, found.id)).toEqual([]);

    // A failing provider is retried only while the offer waits: accepting it stops the SMS.
    twilio.mode = 'fail';
    const retried = await openCase(app);
    clock.advance(60_000);
    await tick(app);
    expect(about(retried)).toHaveLength(1);
    expect((await specialist.post(`/cases/${retried.id}/accept`)).status).toBe(200);
    twilio.mode = 'accept';
    clock.advance(5_000);
    await tick(app);
    expect(about(retried)).toHaveLength(1);
    expect(smsEvents(await detail(app, retried.id)).map((event) => event.kind)).toEqual(['sms_failed']);
    expect(await outbox(app, retried.id)).toEqual([]);
  }, 120_000);

  it('retries a failing provider after 5, 10, 20 and 40 s, records each attempt, then gives up', async () => {
    const clock = fakeClock();
    const lines: string[] = [];
    const app = await start(clock, { lines });
    twilio.mode = 'fail';
    const opened = await openCase(app);
    clock.advance(60_000);
    await tick(app);
    expect(about(opened)).toHaveLength(1);
    await tick(app);
    expect(about(opened)).toHaveLength(1);
    for (const [index, delay] of [5_000, 10_000, 20_000, 40_000].entries()) {
      clock.advance(delay - 1);
      await app.cases.pushWorker?.tick();
      expect(about(opened)).toHaveLength(index + 1);
      clock.advance(1);
      await app.cases.pushWorker?.tick();
      expect(about(opened)).toHaveLength(index + 2);
    }
    // An hour on: nothing more is sent, and the case escalated on time whatever the SMS did.
    clock.advance(3_600_000);
    await tick(app);
    expect(about(opened)).toHaveLength(5);
    expect(await outbox(app, opened.id)).toEqual([]);

    const found = await detail(app, opened.id);
    const failed = smsEvents(found);
    expect(failed.map((event) => [event.kind, event.data['attempt'], event.data['final']])).toEqual([
      ['sms_failed', 1, false],
      ['sms_failed', 2, false],
      ['sms_failed', 3, false],
      ['sms_failed', 4, false],
      ['sms_failed', 5, true],
    ]);
    expect(primaryOffer(found)?.attempts.map((attempt) => [attempt.outcome, attempt.final])).toEqual([
      ['failed', false],
      ['failed', false],
      ['failed', false],
      ['failed', false],
      ['failed', true],
    ]);
    // Logged with ids and the provider's status only; the routing went on regardless.
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const givenUp = logged.filter(
      (entry) => entry['msg'] === 'sms: an SMS was given up' && entry['caseId'] === opened.id,
    );
    expect(givenUp).toEqual([
      expect.objectContaining({ caseId: opened.id, userId: NEURO_PRIMARY, attempt: 5, status: 500 }),
    ]);
    expect(lines.join('\n')).not.toContain('7700');
    expect(lines.join('\n')).not.toContain(TWILIO_TOKEN);
    expect(found.status).toBe('escalated');
    expect(found.offers.map((offer) => offer.specialist.id)).toContain(NEURO_1);
  }, 120_000);

  it('counts a provider that does not answer within SMS_TIMEOUT_MS as failed, and tries again', async () => {
    const clock = fakeClock();
    const lines: string[] = [];
    const app = await start(clock, { lines, env: twilio.env({ SMS_TIMEOUT_MS: '200' }) });
    twilio.mode = 'hang';
    const opened = await openCase(app);
    clock.advance(60_000);
    await tick(app);
    expect(about(opened)).toHaveLength(1);
    const first = smsEvents(await detail(app, opened.id));
    expect(first.map((event) => [event.kind, event.data['code'], event.data['final']])).toEqual([
      ['sms_failed', 'timeout', false],
    ]);
    twilio.mode = 'accept';
    clock.advance(5_000);
    await app.cases.pushWorker?.tick();
    expect(about(opened)).toHaveLength(2);
    const found = await detail(app, opened.id);
    expect(primaryOffer(found)?.attempts.map((attempt) => `${attempt.channel} ${attempt.outcome}`)).toEqual([
      'sms failed',
      'sms sent',
    ]);
  }, 120_000);

  it('does not retry a message the provider refuses, and logs its code without the number', async () => {
    const clock = fakeClock();
    const lines: string[] = [];
    const app = await start(clock, { lines });
    twilio.mode = 'refuse';
    const opened = await openCase(app);
    clock.advance(60_000);
    await tick(app);
    clock.advance(3_600_000);
    await app.cases.pushWorker?.tick();
    expect(about(opened)).toHaveLength(1);
    const events = smsEvents(await detail(app, opened.id));
    expect(events.map((event) => [event.data['status'], event.data['code'], event.data['final']])).toEqual([
      [400, '21211', true],
    ]);
    expect(lines.join('\n')).toContain('21211');
    expect(lines.join('\n')).not.toContain('7700');
  }, 120_000);

  it('sends an SMS that fell due while no server ran as soon as the next one starts', async () => {
    const clock = fakeClock();
    const db = await open();
    await seedCasesDatabase(db, clock.now());
    const first = await start(clock, { db, keepDatabase: true });
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
    await turnSmsOn(first, NEURO_PRIMARY);
    const opened = await openCase(first);
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    clock.advance(90_000);
    expect(about(opened)).toEqual([]);

    const second = await start(clock, { db });
    expect(about(opened).map((sms) => sms.body)).toEqual([expect.stringContaining(opened.displayNumber)]);
    expect(smsEvents(await detail(second, opened.id)).map((event) => event.kind)).toEqual(['sms_sent']);
  }, 120_000);

  it('sends nothing without an SMS provider, and drops the SMS that fall due', async () => {
    const clock = fakeClock();
    const app = await start(clock, { env: {} });
    expect(app.cases.sms).toBeNull();
    const opened = await openCase(app);
    expect((await outbox(app, opened.id)).length).toBe(1);
    clock.advance(60_000);
    await tick(app);
    expect(twilio.received).toEqual([]);
    expect(await outbox(app, opened.id)).toEqual([]);
    expect(smsEvents(await detail(app, opened.id))).toEqual([]);
    expect(MOBILE).toMatch(/^\+44/);
  });
});
