// A real offer reaches the on-call specialist's device and opens the case from the system notification, in
// Chromium against a server of its own that pushes to a push service inside the test: the specialist turns
// notifications on in /settings; the ER doctor creates an emergent case; the server's push (VAPID-signed,
// encrypted) arrives at the test's push service, is decrypted, and is delivered to the service worker through
// the DevTools protocol (ServiceWorker.deliverPushMessage), as the browser's push service would. The
// notification it shows is read back (registration.getNotifications()) and from the desktop's notification
// server, and clicked there as a person clicks it: the worker's real click handler brings the open window to
// the case, with Accept in reach. Then the module-load recovery, which unregisters the service worker (and so
// ends its push subscription): the app registers again, subscribes again, and the server pushes to the new
// endpoint under the same device. See e2e/support/test-push-manager.ts for the one stand-in (the endpoint).
// Screenshots go to SHOTS_DIR.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { LocalPushService, type ReceivedPush } from '../tests/api/support/push-service.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';
import {
  desktopNotificationsMissing,
  startDesktopNotifications,
  type DesktopNotifications,
} from './support/desktop-notifications.ts';
import { apiCall, bearerOf } from './support/node-client.ts';
import { specServer, type SpecServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';
import { installTestPushManager, type TestPushManager } from './support/test-push-manager.ts';

const SHOTS_DIR = process.env['SHOTS_DIR'];
let server: SpecServer;
let port: number;
const missing = desktopNotificationsMissing();
const pushService = new LocalPushService();
let desktop: DesktopNotifications;
let context: BrowserContext;
let pushManager: TestPushManager;
let profile: string;

// What the doctor writes about the patient: none of it may leave in a push.
const PATIENT_DATA = ['Sudden left-sided weakness', 'Last known well', 'JD', 'female', 'anticoagulated'];

test.describe.configure({ mode: 'serial' });
test.skip(missing !== null, `Needs the desktop's notifications: ${missing ?? ''}`);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await pushService.start();
  // A port the system gives, free now: a fixed one above E2E_PORT may be another checkout's server, which
  // would answer the health check and take this test's requests.
  port = await freePort();
  server = specServer(port, {
    PUSH_ALLOW_INSECURE_LOCAL: 'true',
    PUSH_VAPID_SUBJECT: 'mailto:on-call-ops@example.org',
  });
  await server.start();
  desktop = await startDesktopNotifications();
  // A persistent profile: Chromium has no Push API in an incognito one (every other Playwright context), and
  // routes a notification's click to the profile that showed it.
  profile = mkdtempSync(join(tmpdir(), 'case-router-push-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: desktop.busAddress },
    baseURL: server.url,
    ignoreHTTPSErrors: true,
    viewport: { width: 390, height: 844 },
  });
  await context.grantPermissions(['notifications'], { origin: server.url });
  pushManager = await installTestPushManager(context, pushService);
});

test.afterAll(async () => {
  await context.close();
  await desktop.stop();
  await server.stop();
  await pushService.stop();
  rmSync(profile, { recursive: true, force: true });
  // The server's data folder (support/server.ts keeps it for restarts): a port of the system's is new each run.
  rmSync(`.tmp/e2e-data-${port}`, { recursive: true, force: true });
  expect(pushService.problems).toEqual([]);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

/** The active service worker's script path at the root scope, once there is one. */
async function expectWorkerActive(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const url = (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL;
        return url === undefined ? null : new URL(url).pathname;
      }),
    )
    .toBe('/sw.js');
}

async function registrationId(page: Page): Promise<{ send: (data: string) => Promise<void> }> {
  const cdp = await context.newCDPSession(page);
  const id = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${server.url}/`);
      if (ours && !ours.isDeleted) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registration = await id;
  return {
    send: async (data) => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId: registration,
        data,
      });
    },
  };
}

const pushFor = (device: string, caseId: string) => (push: ReceivedPush) =>
  push.device === device &&
  push.alert['kind'] === 'case_offered' &&
  String(push.alert['url']).endsWith(`/${caseId}`);

let specialistPage: Page;
let specialistToken: () => Promise<string>;

test('turned on in /settings, a real offer is pushed, shown, and its click opens the case with Accept', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  specialistPage = context.pages()[0] ?? (await context.newPage());
  specialistToken = bearerOf(specialistPage);
  await signIn(specialistPage, 'specialist@demo.test');
  await expectWorkerActive(specialistPage);
  await specialistPage.goto('/settings');
  const devices = specialistPage.getByRole('region', { name: 'Devices' });
  await devices.getByRole('button', { name: 'Turn on notifications on this device' }).click();
  await expect(devices.getByText('This device', { exact: true })).toBeVisible();
  const device = pushManager.current();
  expect(device?.name).toBe('browser-1');

  // The ER doctor, in a browser of their own, sends an emergent stroke case: the specialist is on call.
  const doctorContext = await browser.newContext({ baseURL: server.url, ignoreHTTPSErrors: true });
  const doctorPage = await doctorContext.newPage();
  const doctorToken = bearerOf(doctorPage);
  await signIn(doctorPage, 'er_doctor@demo.test');
  const created = await apiCall<{ id: string }>(
    server.url,
    await doctorToken(),
    'POST',
    '/cases',
    {
      specialtyId: 'spc_neurology',
      urgency: 'emergent',
      patient: { age: 67, sex: 'female', initials: 'JD' },
      doorTime: new Date(Date.now() - 20 * 60_000).toISOString(),
      chiefComplaint: 'Sudden left-sided weakness',
      clinicalSummary: 'Last known well 40 minutes ago.',
      triageAnswers: {
        tq_sgh_neurology_onset: new Date(Date.now() - 40 * 60_000).toISOString(),
        tq_sgh_neurology_nihss: 9,
        tq_sgh_neurology_anticoagulated: true,
      },
    },
    { 'idempotency-key': `e2e-push-${Date.now()}` },
  );
  expect(created.status).toBe(201);
  const caseId = created.body.id;

  // What the server pushed, as the push service received and decrypted it.
  await expect.poll(() => pushService.received.some(pushFor('browser-1', caseId))).toBe(true);
  const alert = pushService.received.find(pushFor('browser-1', caseId))?.alert ?? {};
  const payload = JSON.stringify(alert);
  for (const secret of PATIENT_DATA) expect(payload).not.toContain(secret);
  expect(alert).toMatchObject({
    tag: `case-${caseId}`,
    requireInteraction: true,
    url: `${server.url}/specialist/cases/${caseId}`,
  });

  // Delivered to the service worker as the browser's push service would: a notification, and a receipt.
  const worker = await registrationId(specialistPage);
  await worker.send(payload);
  const shown = () =>
    specialistPage.evaluate(async (tag) => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const notifications = (await registration?.getNotifications({ tag })) ?? [];
      return notifications.map(({ title, body, requireInteraction }) => ({
        title,
        body,
        requireInteraction,
      }));
    }, `case-${caseId}`);
  await expect
    .poll(shown, { timeout: 30_000 })
    .toEqual([{ title: alert['title'], body: alert['body'], requireInteraction: true }]);
  for (const secret of PATIENT_DATA) expect(JSON.stringify(await shown())).not.toContain(secret);
  await expect
    .poll(async () => {
      const read = await apiCall<{ offers: { deliveredAt: string | null }[] }>(
        server.url,
        await doctorToken(),
        'GET',
        `/cases/${caseId}`,
      );
      return read.body.offers[0]?.deliveredAt ?? null;
    })
    .not.toBeNull();
  await doctorContext.close();

  // The desktop shows it; a click there runs the worker's click handler: the open window goes to the case.
  const onDesktop = await desktop.next((notification) => notification.summary === alert['title']);
  // Chromium puts the site's host above the body.
  expect(onDesktop.body).toContain(String(alert['body']));
  desktop.click(onDesktop.id);
  await expect(specialistPage).toHaveURL(`${server.url}/specialist/cases/${caseId}`);
  await expect(specialistPage.getByRole('button', { name: /^Accept/ })).toBeVisible();
  await expect(specialistPage.getByRole('button', { name: /^Accept/ })).toBeInViewport();
  expect(context.pages()).toEqual([specialistPage]);
  if (SHOTS_DIR !== undefined) {
    mkdirSync(SHOTS_DIR, { recursive: true });
    await specialistPage.screenshot({ path: `${SHOTS_DIR}/push-click-case-390.png` });
  }
  // The handler closed it: it is no longer among the worker's notifications.
  await expect.poll(shown).toEqual([]);
});

test('after the module-load recovery the app registers again, subscribes again, and the server pushes to the new endpoint', async () => {
  test.setTimeout(120_000);
  const token = await specialistToken();
  const before = await apiCall<{ items: { id: string }[] }>(server.url, token, 'GET', '/me/devices');
  expect(before.body.items).toHaveLength(1);
  const deviceId = before.body.items[0]?.id;

  // The settings screen's code fails to load until the recovery has unregistered the worker and reloads.
  const settingsChunk = /\/assets\/settings-page-[^/]*\.js$/;
  let refused = 0;
  await context.route(settingsChunk, async (route) => {
    if (pushManager.unregistered() > 0) return route.continue();
    refused += 1;
    return route.abort('connectionreset');
  });
  await specialistPage.goto('/settings');
  await expect.poll(() => pushManager.unregistered()).toBe(1);
  expect(refused).toBeGreaterThan(0);
  // Started again: the worker registered again, and a new subscription (a new endpoint) made and sent.
  await expect(specialistPage.getByRole('region', { name: 'Devices' })).toBeVisible();
  await expectWorkerActive(specialistPage);
  await expect.poll(() => pushManager.current()?.name).toBe('browser-2');
  await context.unroute(settingsChunk);

  // Still one device, the same one: its endpoint was replaced by the new subscription's.
  const after = await apiCall<{ items: { id: string }[] }>(server.url, token, 'GET', '/me/devices');
  expect(after.body.items.map((item) => item.id)).toEqual([deviceId]);
  const devices = specialistPage.getByRole('region', { name: 'Devices' });
  await devices.getByRole('button', { name: 'Send test' }).click();
  await expect(devices.getByText('Test notification sent')).toBeVisible();
  expect(pushService.to('browser-2').map((push) => push.alert['kind'])).toEqual(['test']);
  expect(pushService.to('browser-1').filter((push) => push.alert['kind'] === 'test')).toEqual([]);
});
