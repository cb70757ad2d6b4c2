// Alerts reach the specialist outside an open tab: devices subscribe to Web Push (behind an SSRF guard), and
// the worker pushes each new offer, re-alert and "accepted by …" to a push service inside the test, which
// checks the VAPID signature and decrypts the body. Payloads carry no patient data; a push's one-time
// receipt credential records the offer delivered; a 410 removes the device; a restart loses no due alert.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Case, DeviceList, Device } from '../../generated/types.gen.ts';
import type { Database } from '../../server/src/db/database.ts';
import type { Clock } from '../../server/src/domain/escalation.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  NEURO_1,
  NEURO_2,
  NEURO_3,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  seedCasesDatabase,
  setOnCall,
  tokenFor,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';
import { LocalPushService, type TestDevice } from './support/push-service.ts';

const PUSH_ENV = { PUSH_ALLOW_INSECURE_LOCAL: 'true', PUSH_VAPID_SUBJECT: 'mailto:on-call-ops@example.org' };
// What the ER wrote about the patient (neurologyCase): none of it may leave in a push.
const PATIENT_DATA = [
  'Sudden left-sided weakness',
  'Last known well',
  'JD',
  '67',
  'female',
  'anticoagulated',
];

const wholeWord = (secret: string) =>
  new RegExp(`(^|[^A-Za-z0-9])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9])`);

function fakeClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
  };
}

interface Reply<T> {
  readonly status: number;
  readonly body: T;
}

async function call<T = unknown>(
  app: FastifyInstance,
  user: string,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  body?: unknown,
): Promise<Reply<T>> {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      authorization: `Bearer ${await tokenFor(app, user)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: (response.body === '' ? undefined : response.json()) as T };
}

const subscribe = (
  app: FastifyInstance,
  user: string,
  id: string,
  device: Pick<TestDevice, 'endpoint' | 'keys'>,
) =>
  call<Device>(app, user, 'PUT', `/me/devices/${id}`, {
    endpoint: device.endpoint,
    keys: device.keys,
    label: 'Chrome on Android',
  });

forEachDatabase((_name, open) => {
  const pushService = new LocalPushService();
  const apps: FastifyInstance[] = [];
  beforeAll(() => pushService.start());
  afterAll(() => pushService.stop());
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    expect(pushService.problems).toEqual([]);
    pushService.received.length = 0;
  });

  async function start(
    clock: Clock,
    options: { db?: Database; keepDatabase?: boolean; env?: Record<string, string> } = {},
  ) {
    const db = options.db ?? (await open());
    if (!options.db) await seedCasesDatabase(db, clock.now());
    const app = await buildCasesApp({
      db,
      // A tick this long never comes during a test: the tests tick by hand.
      cases: { clock, worker: { tickMs: 3_600_000 } },
      keepDatabase: options.keepDatabase ?? false,
      env: options.env ?? PUSH_ENV,
    });
    apps.push(app);
    return app;
  }

  async function tick(app: FastifyInstance): Promise<void> {
    await app.cases.worker?.tick();
    await app.cases.pushWorker?.tick();
  }

  const openCase = async (app: FastifyInstance) =>
    (await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })).body;

  it('lists, subscribes, replaces and removes the caller’s own devices only', async () => {
    const app = await start(fakeClock());
    const empty = await call<DeviceList>(app, NEURO_1, 'GET', '/me/devices');
    expect(empty.status).toBe(200);
    expect(empty.body.items).toEqual([]);
    expect(empty.body.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const first = pushService.device('phone-a');
    expect((await subscribe(app, NEURO_1, 'dev_phone_of_neuro_one', first)).status).toBe(200);
    // The module-load recovery unregistered the worker: the browser subscribes anew, the same device id.
    const renewed = pushService.device('phone-a2');
    expect((await subscribe(app, NEURO_1, 'dev_phone_of_neuro_one', renewed)).status).toBe(200);
    const listed = (await call<DeviceList>(app, NEURO_1, 'GET', '/me/devices')).body.items;
    expect(listed.map((device) => [device.id, device.label, device.lastDeliveredAt])).toEqual([
      ['dev_phone_of_neuro_one', 'Chrome on Android', null],
    ]);
    expect(JSON.stringify(listed)).not.toContain('/push/');

    const test = await call<{ result: string }>(
      app,
      NEURO_1,
      'POST',
      '/me/devices/dev_phone_of_neuro_one/test',
    );
    expect(test.body).toEqual({ result: 'delivered' });
    expect(pushService.to('phone-a2').map((push) => push.alert['title'])).toEqual([
      'Case Router test notification',
    ]);
    expect(pushService.to('phone-a')).toEqual([]);
    const delivered = (await call<DeviceList>(app, NEURO_1, 'GET', '/me/devices')).body.items[0];
    expect(delivered?.lastDeliveredAt).not.toBeNull();

    expect((await call(app, NEURO_2, 'DELETE', '/me/devices/dev_phone_of_neuro_one')).status).toBe(404);
    expect((await call(app, NEURO_1, 'DELETE', '/me/devices/dev_phone_of_neuro_one')).status).toBe(204);
    expect((await call(app, NEURO_1, 'DELETE', '/me/devices/dev_phone_of_neuro_one')).status).toBe(404);
    expect((await call<DeviceList>(app, NEURO_1, 'GET', '/me/devices')).body.items).toEqual([]);
  });

  it('refuses endpoints that are not https or resolve to loopback, private or link-local addresses', async () => {
    const app = await start(fakeClock(), { env: { PUSH_VAPID_SUBJECT: 'mailto:on-call-ops@example.org' } });
    const keys = pushService.device('refused').keys;
    for (const endpoint of [
      pushService.device('plain-http').endpoint, // http://127.0.0.1 without PUSH_ALLOW_INSECURE_LOCAL
      'http://push.example.org/send/abc',
      'https://127.0.0.1/send/abc',
      'https://localhost/send/abc',
      'https://10.1.2.3/send/abc',
      'https://192.168.0.10/send/abc',
      'https://172.20.0.1/send/abc',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/send/abc',
      'https://[fe80::1]/send/abc',
      'https://[::ffff:127.0.0.1]/send/abc',
      'https://user:secret@push.example.org/send/abc',
    ]) {
      const refused = await subscribe(app, NEURO_1, 'dev_ssrf_attempt_000001', { endpoint, keys });
      expect(refused.status, endpoint).toBe(400);
      expect((refused.body as unknown as { detail: string }).detail, endpoint).toMatch(/push endpoint/);
    }
    const malformed = await call(app, NEURO_1, 'PUT', '/me/devices/dev_ssrf_attempt_000001', {
      endpoint: 'https://push.example.org/x',
      keys: { p256dh: 'short', auth: 'x' },
      label: 'Phone',
    });
    expect(malformed.status).toBe(400);
    expect((await call<DeviceList>(app, NEURO_1, 'GET', '/me/devices')).body.items).toEqual([]);
  });

  it('pushes an emergent offer with no patient data, insistent under one tag, with a one-time receipt', async () => {
    const clock = fakeClock();
    const app = await start(clock);
    await setOnCall(app.db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
    const phone = pushService.device('primary-phone');
    await subscribe(app, NEURO_PRIMARY, 'dev_primary_phone_0001', phone);
    const created = await openCase(app);
    await tick(app);

    const [push] = pushService.to('primary-phone');
    expect(push?.claims.sub).toBe('mailto:on-call-ops@example.org');
    const alert = push?.alert ?? {};
    expect(Object.keys(alert).sort()).toEqual(
      [
        'body',
        'caseNumber',
        'hospital',
        'kind',
        'receipt',
        'receiptUrl',
        'renotify',
        'requireInteraction',
        'specialty',
        'tag',
        'title',
        'url',
        'urgency',
      ].sort(),
    );
    expect(alert).toMatchObject({
      kind: 'case_offered',
      caseNumber: created.displayNumber,
      urgency: 'emergent',
      specialty: 'Neurology',
      hospital: 'SGH',
      tag: `case-${created.id}`,
      requireInteraction: true,
      renotify: true,
      url: `https://localhost:8443/specialist/cases/${created.id}`,
    });
    // The ids in tag and url are asserted exactly above and the receipt is random: any digits may
    // appear in them by chance, so the patient data is looked for in everything else, as whole words.
    const { tag: _tag, url: _url, receipt: _receipt, ...readable } = alert;
    const text = JSON.stringify(readable);
    for (const secret of PATIENT_DATA) expect(text, secret).not.toMatch(wholeWord(secret));

    // The service worker reports the receipt without any bearer token; the credential works once.
    const receipt = { token: alert['receipt'] };
    const report = () =>
      app.inject({ method: 'POST', url: '/api/v1/public/push-receipts', payload: receipt });
    expect((await report()).statusCode).toBe(204);
    expect((await report()).statusCode).toBe(404);
    const offer = (await as(app, DOCTOR).get<Case>(`/cases/${created.id}`)).body.offers[0];
    expect(offer?.deliveredAt).not.toBeNull();
    expect(offer?.seenAt).toBeNull();
  });

  it('pushes every re-alert until the offer is seen, and then no more', async () => {
    const clock = fakeClock();
    const app = await start(clock);
    await setOnCall(app.db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
    await subscribe(app, NEURO_PRIMARY, 'dev_primary_phone_0002', pushService.device('repeat-phone'));
    const created = await openCase(app);
    await tick(app);
    for (let minute = 2; minute <= 4; minute += 2) {
      clock.advance(2 * 60_000);
      await tick(app);
    }
    const kinds = pushService.to('repeat-phone').map((push) => push.alert['kind']);
    expect(kinds).toEqual(['case_offered', 'case_realerted', 'case_realerted']);
    expect(new Set(pushService.to('repeat-phone').map((push) => push.alert['tag']))).toEqual(
      new Set([`case-${created.id}`]),
    );

    // Seen in the app: the re-alerts that follow no longer push.
    const seen = await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/receipts`, { kind: 'seen' });
    expect(seen.status).toBe(200);
    clock.advance(2 * 60_000);
    await tick(app);
    expect(pushService.to('repeat-phone')).toHaveLength(3);
  });

  it('replaces the others’ offer with "accepted by …", pushes messages, and keeps quiet hours off shift', async () => {
    const clock = fakeClock();
    const app = await start(clock);
    // No neurology coverage: the case goes to every neurologist at once. Two of them are on call elsewhere
    // (on shift); the third is off shift, in their quiet hours.
    await setOnCall(app.db, 'spc_neurology', null, clock.now());
    await setOnCall(app.db, 'spc_cardiology', { primary: NEURO_2, backup: NEURO_1 }, clock.now());
    await subscribe(app, NEURO_1, 'dev_neuro_one_phone_01', pushService.device('n1'));
    await subscribe(app, NEURO_2, 'dev_neuro_two_phone_01', pushService.device('n2'));
    await subscribe(app, NEURO_3, 'dev_neuro_three_phone1', pushService.device('n3'));
    const created = await openCase(app);
    // The demo's waiting cardiology cases reach the two on call for it too: only this case's pushes count.
    const about = (device: string) =>
      pushService.to(device).filter((push) => push.alert['tag'] === `case-${created.id}`);
    await tick(app);
    // Being offered a case overrides quiet hours.
    for (const device of ['n1', 'n2', 'n3']) {
      expect(
        about(device).map((push) => push.alert['kind']),
        device,
      ).toEqual(['case_offered']);
    }

    expect((await as(app, NEURO_1).post(`/cases/${created.id}/accept`, {})).status).toBe(200);
    clock.advance(2 * 60_000);
    await tick(app);
    const toSecond = about('n2');
    expect(toSecond.map((push) => push.alert['kind'])).toEqual(['case_offered', 'case_accepted']);
    expect(toSecond[1]?.alert['title']).toMatch(new RegExp(`^Case ${created.displayNumber} accepted by \\S`));
    expect(toSecond[1]?.alert['tag']).toBe(toSecond[0]?.alert['tag']);
    expect(toSecond[1]?.alert['requireInteraction']).toBe(false);
    // Off shift: no "accepted by …" and no re-alert.
    expect(about('n3').map((push) => push.alert['kind'])).toEqual(['case_offered']);
    // The one who accepted gets no re-alert and no "accepted" push of their own.
    expect(about('n1').map((push) => push.alert['kind'])).toEqual(['case_offered']);

    // A message on the case they hold reaches the specialist, without its text.
    const message = await as(app, DOCTOR).post(`/cases/${created.id}/messages`, {
      body: 'CT shows no bleed',
    });
    expect(message.status).toBe(201);
    await tick(app);
    const last = about('n1').at(-1)?.alert ?? {};
    expect(last['kind']).toBe('case_message');
    expect(JSON.stringify(last)).not.toContain('CT shows');
  });

  it('removes a device its push service no longer knows (410), and retries a failing one with backoff', async () => {
    const clock = fakeClock();
    const app = await start(clock);
    await setOnCall(app.db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
    await subscribe(app, NEURO_PRIMARY, 'dev_primary_gone_0001', pushService.device('gone'));
    await subscribe(app, NEURO_1, 'dev_backup_flaky_00001', pushService.device('flaky'));
    pushService.answer('gone', 410);
    pushService.answer('flaky', 503);
    await openCase(app);
    await tick(app);
    expect((await call<DeviceList>(app, NEURO_PRIMARY, 'GET', '/me/devices')).body.items).toEqual([]);

    // The backup's offer comes with the escalation; its push service fails, then recovers.
    clock.advance(5 * 60_000);
    await tick(app);
    const flaky = (await call<DeviceList>(app, NEURO_1, 'GET', '/me/devices')).body.items[0];
    expect(flaky?.lastFailedAt).not.toBeNull();
    pushService.answer('flaky', 201);
    await app.cases.pushWorker?.tick();
    expect(pushService.to('flaky')).toEqual([]);
    clock.advance(5_000);
    await app.cases.pushWorker?.tick();
    expect(pushService.to('flaky').map((push) => push.alert['kind'])).toEqual(['case_offered']);
  });

  it('sends an alert that fell due while no server ran when the next one starts', async () => {
    const clock = fakeClock();
    const db = await open();
    await seedCasesDatabase(db, clock.now());
    const first = await start(clock, { db, keepDatabase: true });
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
    await subscribe(first, NEURO_PRIMARY, 'dev_primary_restart_01', pushService.device('restart'));
    await openCase(first);
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    expect(pushService.to('restart')).toEqual([]);

    await start(clock, { db });
    expect(pushService.to('restart').map((push) => push.alert['kind'])).toEqual(['case_offered']);
  });

  it('sends an offer at its commit, without waiting for the worker’s next tick', async () => {
    const clock = fakeClock();
    const db = await open();
    await seedCasesDatabase(db, clock.now());
    // The worker on the configuration's own interval, the longest it allows: no tick comes in this test.
    const app = await buildCasesApp({
      db,
      cases: { clock, worker: undefined },
      env: { ...PUSH_ENV, CASE_TIMER_TICK_MS: '60000' },
    });
    apps.push(app);
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
    await subscribe(app, NEURO_PRIMARY, 'dev_primary_wakes_0001', pushService.device('wakes'));
    const created = await openCase(app);
    await vi.waitFor(() => {
      expect(pushService.to('wakes').map((push) => push.alert['url'])).toEqual([
        `https://localhost:8443/specialist/cases/${created.id}`,
      ]);
    }, 10_000);
  });
});
