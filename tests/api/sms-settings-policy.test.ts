// Who gets SMS and when: a user turns SMS fallback on in their own settings, which needs a mobile number in
// international form (a clear 400 naming the phone otherwise); the hospital's delays per urgency are policy
// as data (60, 120, 300 s by default), set by its administrator within 10 s to 1 hour, audited, and used
// for the next offers.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Case, Hospital } from '../../generated/types.gen.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  HOSPITAL_ADMIN,
  NEURO_1,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  RVG_DOCTOR,
  seedCasesDatabase,
  setOnCall,
  SGH,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';
import { call, fakeClock, saveSettings, turnSmsOn } from './support/sms-calls.ts';
import { LocalTwilio } from './support/twilio-server.ts';

forEachDatabase((_name, open) => {
  const twilio = new LocalTwilio();
  const apps: FastifyInstance[] = [];
  beforeAll(() => twilio.start());
  afterAll(() => twilio.stop());
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    twilio.reset();
  });

  async function start(clock = fakeClock()) {
    const db = await open();
    await seedCasesDatabase(db, clock.now());
    const app = await buildCasesApp({
      db,
      cases: { clock, worker: { tickMs: 3_600_000 } },
      env: twilio.env(),
    });
    apps.push(app);
    return app;
  }

  it('turns SMS fallback on only with a mobile number in international form', async () => {
    const app = await start();
    const before = await call<{ smsFallback: boolean; smsAvailable: boolean }>(
      app,
      NEURO_PRIMARY,
      'GET',
      '/me/settings',
    );
    expect(before.body).toEqual(expect.objectContaining({ smsFallback: false, smsAvailable: true }));

    for (const phone of [null, '020 7946 0958', '+44 12']) {
      const refused = await saveSettings(app, NEURO_PRIMARY, { phone, smsFallback: true });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(
        'Mobile number: SMS alerts need a mobile number in international form',
      );
    }
    // Bounded by the contract whatever SMS says.
    const long = await saveSettings(app, NEURO_PRIMARY, { phone: `+44 ${'7'.repeat(40)}` });
    expect(long.status).toBe(400);

    await turnSmsOn(app, NEURO_PRIMARY);
    // Once on, the number cannot go; turning SMS off frees it.
    expect((await saveSettings(app, NEURO_PRIMARY, { phone: null })).status).toBe(400);
    const off = await saveSettings(app, NEURO_PRIMARY, { phone: null, smsFallback: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual(expect.objectContaining({ phone: null, smsFallback: false }));
  }, 120_000);

  it('keeps the hospital’s delays per urgency, set by its administrator within bounds, used for new offers', async () => {
    const clock = fakeClock();
    const app = await start(clock);
    const read = await call<Hospital>(app, HOSPITAL_ADMIN, 'GET', `/hospitals/${SGH}`);
    expect(read.body.smsFallbackSeconds).toEqual({ emergent: 60, urgent: 120, routine: 300 });

    const url = `/hospitals/${SGH}/sms-fallback`;
    for (const wrong of [
      { emergent: 9, urgent: 120, routine: 300 },
      { emergent: 60, urgent: 3601, routine: 300 },
    ]) {
      const refused = await call(app, HOSPITAL_ADMIN, 'PUT', url, wrong);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBeTruthy();
    }
    expect((await call(app, DOCTOR, 'PUT', url, { emergent: 30, urgent: 45, routine: 600 })).status).toBe(
      403,
    );
    expect((await call(app, RVG_DOCTOR, 'PUT', url, { emergent: 30, urgent: 45, routine: 600 })).status).toBe(
      404,
    );
    const set = await call<Hospital>(app, HOSPITAL_ADMIN, 'PUT', url, {
      emergent: 30,
      urgent: 45,
      routine: 600,
    });
    expect(set.status).toBe(200);
    expect(set.body.smsFallbackSeconds).toEqual({ emergent: 30, urgent: 45, routine: 600 });
    expect(set.body.version).toBeGreaterThan(read.body.version);
    const [audited] = await app.db.query<{ before: unknown; after: unknown }>(
      "select before, after from admin_audit_events where action = 'hospital.sms_fallback' order by id desc limit 1",
    );
    expect(audited?.before).toEqual({ smsFallbackSeconds: read.body.smsFallbackSeconds });
    expect(audited?.after).toEqual({ smsFallbackSeconds: { emergent: 30, urgent: 45, routine: 600 } });

    // An urgent offer now goes by SMS after 45 s, not before.
    await app.cases.worker?.tick();
    await setOnCall(app.db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
    await turnSmsOn(app, NEURO_PRIMARY);
    const opened = await as(app, DOCTOR).post<Case>('/cases', neurologyCase({ urgency: 'urgent' }), {
      'idempotency-key': newKey(),
    });
    expect(opened.status).toBe(201);
    const about = () => twilio.received.filter((sms) => sms.body.includes(opened.body.id));
    clock.advance(44_000);
    await app.cases.pushWorker?.tick();
    expect(about()).toEqual([]);
    clock.advance(1_000);
    await app.cases.pushWorker?.tick();
    expect(about().map((sms) => sms.body)).toEqual([expect.stringContaining('Urgent case')]);
  }, 120_000);
});
