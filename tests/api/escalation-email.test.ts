// An offer not acknowledged when its escalation step ends also goes by e-mail to the specialist and to the
// ER admins of the case's hospital, through an SMTP server inside the test. The e-mails are enqueued in the
// escalation's transaction and sent by the worker; they carry no patient data; each sent one is on the
// case's timeline by the recipient's id. Without SMTP configured nothing is enqueued; a failing SMTP server
// is retried with backoff, then given up and logged, while the escalation goes on regardless.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Case } from '../../generated/types.gen.ts';
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
  SGH,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';
import { LocalSmtpServer } from './support/smtp-server.ts';

// What the ER wrote about the patient: none of it may leave in an e-mail.
const PATIENT = { age: 93, sex: 'female', initials: 'JDX', mrn: 'MRN-4471902' };
const PATIENT_DATA = ['Sudden left-sided weakness', 'Last known well', 'JDX', 'MRN-4471902', 'female'];

/** What the recipient reads: the subject and the body (not the mailer's ids and dates). */
function readable(message: string): string {
  const [headers = '', ...body] = message.split(/\r?\n\r?\n/);
  const subject = /^Subject: .*$/m.exec(headers)?.[0] ?? '';
  return [subject, ...body].join('\n');
}

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
  const smtp = new LocalSmtpServer();
  const apps: FastifyInstance[] = [];
  const unlisteners: (() => Promise<void>)[] = [];
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  afterEach(async () => {
    for (const unlisten of unlisteners.splice(0)) await unlisten();
    for (const app of apps.splice(0)) await app.close();
    smtp.reset();
  });

  async function start(clock: Clock, env: Record<string, string>, lines: string[] = []) {
    const db = await open();
    await seedCasesDatabase(db, clock.now());
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
      env,
      logger: createLogger('warn', sink),
    });
    apps.push(app);
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
    return app;
  }

  const smtpEnv = () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Case Router <case-router@example.org>' });

  async function tick(app: FastifyInstance): Promise<void> {
    await app.cases.worker?.tick();
    await app.cases.pushWorker?.tick();
  }

  /**
   * Opens a case, lets its first step (the primary's offer) run out unanswered, and runs the workers; answers
   * the case and the changes published while the e-mails were sent.
   */
  async function escalateOnTimeOut(app: FastifyInstance, clock: ReturnType<typeof fakeClock>) {
    const opened = await as(app, DOCTOR).post<Case>('/cases', neurologyCase({ patient: PATIENT }), {
      'idempotency-key': newKey(),
    });
    expect(opened.status).toBe(201);
    await tick(app);
    expect(smtp.recipientsAsked).toEqual([]);
    clock.advance(5 * 60_000);
    await app.cases.worker?.tick();
    const changes: PublishedChange[] = [];
    unlisteners.push(
      await listenForChanges(
        app.db,
        (change) => changes.push(change),
        (error: unknown) => {
          throw error;
        },
      ),
    );
    await app.cases.pushWorker?.tick();
    return { ...opened.body, changes };
  }

  const timeline = async (app: FastifyInstance, caseId: string) =>
    (await as(app, DOCTOR).get<Case>(`/cases/${caseId}`)).body.timeline;

  async function adminsByHospital(app: FastifyInstance) {
    const rows = await app.db.query<{ id: string; email: string; here: boolean }>(
      `select id, email, hospital_id = $1 as here from users
       where active and 'emergency_room_admin' = any(roles) order by id`,
      [SGH],
    );
    return { here: rows.filter((row) => row.here), elsewhere: rows.filter((row) => !row.here) };
  }

  const emailOf = async (app: FastifyInstance, userId: string) =>
    (await app.db.query<{ email: string }>('select email from users where id = $1', [userId]))[0]?.email;

  it('e-mails the primary and each ER admin of the case’s hospital, once each, without patient data', async () => {
    const clock = fakeClock();
    const app = await start(clock, smtpEnv());
    const opened = await escalateOnTimeOut(app, clock);
    const admins = await adminsByHospital(app);
    expect(admins.here.length).toBeGreaterThan(0);
    expect(admins.elsewhere.length).toBeGreaterThan(0);
    const primary = await emailOf(app, NEURO_PRIMARY);

    // The demo's waiting cases escalate too: only the e-mails about this case (its id is in the link).
    const aboutCase = () => smtp.received.filter((mail) => mail.text.includes(opened.id));
    const recipients = aboutCase()
      .flatMap((mail) => mail.to)
      .sort();
    expect(recipients).toEqual([primary, ...admins.here.map((admin) => admin.email)].sort());
    for (const admin of admins.elsewhere) expect(recipients).not.toContain(admin.email);
    // The backup's offer came with the escalation: it had no step end yet, so no e-mail.
    expect(recipients).not.toContain(await emailOf(app, NEURO_1));

    for (const mail of aboutCase()) {
      const toPrimary = mail.to.includes(primary ?? '');
      expect(mail.text).toContain(`Subject: Not accepted: Emergent case ${opened.displayNumber}`);
      expect(mail.text).toContain('Neurology, SGH');
      const path = toPrimary ? '/specialist/cases/' : '/emergency-room/doctor/cases/';
      expect(mail.text).toContain(`${path}${opened.id}`);
      const read = readable(mail.text);
      expect(read).toContain(opened.displayNumber);
      for (const secret of PATIENT_DATA) expect(read).not.toContain(secret);
      expect(read).not.toMatch(/\b93\b/);
    }

    // On the timeline by the recipient's id, never the address.
    const events = await timeline(app, opened.id);
    const sent = events.filter((event) => event.kind === 'email_sent');
    expect(sent.map((event) => event.data['recipientId']).sort()).toEqual(
      [NEURO_PRIMARY, ...admins.here.map((admin) => admin.id)].sort(),
    );
    expect(JSON.stringify(events)).not.toContain('@');
    // Each sent e-mail tells the open case pages to refetch (the recipient's, and the hospital's live board).
    await vi.waitFor(() => {
      const watched = opened.changes.filter((change) => change.caseId === opened.id);
      expect(watched.flatMap((change) => change.watchers)).toContain(NEURO_PRIMARY);
    });
    expect(events.map((event) => event.kind)).toContain('escalated');
    expect(await app.db.query('select id from mail_outbox')).toEqual([]);

    // Sent once: later ticks send nothing again.
    await app.cases.pushWorker?.tick();
    expect(aboutCase().length).toBe(1 + admins.here.length);
  });

  it('sends no e-mail and enqueues none without SMTP configured', async () => {
    const clock = fakeClock();
    const app = await start(clock, {});
    expect(app.cases.mail).toBeNull();
    const opened = await escalateOnTimeOut(app, clock);
    expect(await app.db.query('select id from mail_outbox')).toEqual([]);
    expect(smtp.recipientsAsked).toEqual([]);
    const kinds = (await timeline(app, opened.id)).map((event) => event.kind);
    expect(kinds).toContain('escalated');
    expect(kinds).not.toContain('email_sent');
  });

  it('retries a failing SMTP server with backoff, then logs the e-mail given up; the escalation goes on', async () => {
    const clock = fakeClock();
    const lines: string[] = [];
    const app = await start(clock, smtpEnv(), lines);
    smtp.refusing = true;
    const opened = await escalateOnTimeOut(app, clock);
    const primary = await emailOf(app, NEURO_PRIMARY);
    const attemptsOf = () => smtp.recipientsAsked.filter((address) => address === primary).length;
    expect(attemptsOf()).toBe(1);
    // Nothing more before the first delay ends; then 5, 10, 20 and 40 s after each failure.
    await app.cases.pushWorker?.tick();
    expect(attemptsOf()).toBe(1);
    for (const [index, delay] of [5_000, 10_000, 20_000, 40_000].entries()) {
      clock.advance(delay);
      await app.cases.pushWorker?.tick();
      expect(attemptsOf()).toBe(index + 2);
    }
    clock.advance(3_600_000);
    await app.cases.pushWorker?.tick();
    expect(attemptsOf()).toBe(5);
    expect(await app.db.query('select id from mail_outbox')).toEqual([]);
    expect(smtp.received).toEqual([]);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const givenUp = logged.filter(
      (entry) => entry['msg'] === 'mail: an e-mail was given up after its last attempt',
    );
    const primaryGivenUp = givenUp.filter(
      (entry) => entry['userId'] === NEURO_PRIMARY && entry['caseId'] === opened.id,
    );
    expect(primaryGivenUp).toEqual([expect.objectContaining({ attempt: 5, responseCode: 451 })]);
    expect(lines.join('\n')).not.toContain(primary);

    // The escalation itself went ahead: the backup holds an offer, the timeline says escalated.
    const detail = (await as(app, DOCTOR).get<Case>(`/cases/${opened.id}`)).body;
    expect(detail.status).toBe('escalated');
    expect(detail.timeline.map((event) => event.kind)).toContain('escalated');
    expect(detail.timeline.map((event) => event.kind)).not.toContain('email_sent');
    const backupOffer = await app.db.query(
      'select 1 from case_offers where case_id = $1 and specialist_id = $2 and active',
      [opened.id, NEURO_1],
    );
    expect(backupOffer.length).toBe(1);
  });
});
