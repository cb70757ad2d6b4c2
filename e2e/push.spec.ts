// The installable app's service worker, in Chromium against the real server: registered after sign-in and
// again after the module-load recovery unregistered it; a push delivered to it through the DevTools protocol
// (as a push service would) shows a system notification under the case's tag, linking to the case; and
// /settings' Devices section passes axe at a phone's width and a ward PC's. Screenshots go to SHOTS_DIR.
import { mkdirSync } from 'node:fs';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';
import { signIn } from './support/sign-in.ts';

const SHOTS_DIR = process.env['SHOTS_DIR'];

// A service worker is registered only on an origin the browser trusts: the test server's certificate is made
// at start, so this browser ignores certificate errors (the others' contexts only ignore them per request).
let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
  });
});
test.afterAll(async () => {
  await browser.close();
});

async function specialist(baseURL: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    ignoreHTTPSErrors: true,
    viewport: { width, height: width < 400 ? 780 : 900 },
  });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const page = await context.newPage();
  await signIn(page, 'specialist@demo.test');
  return page;
}

/** The path of the active service worker's script at the root scope, once there is one. */
async function activeWorker(page: Page): Promise<string> {
  const script = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const url = registration?.active?.scriptURL;
      return url === undefined ? null : new URL(url).pathname;
    });
  await expect.poll(script).toBe('/sw.js');
  return (await script()) ?? '';
}

test('after sign-in the service worker is registered, and registered again after the module-load recovery', async ({
  baseURL,
}) => {
  const page = await specialist(baseURL ?? '');
  expect(await activeWorker(page)).toBe('/sw.js');
  // What the module-load recovery does before it reloads: every registration goes.
  await page.evaluate(async () => {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  });
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await page.reload();
  expect(await activeWorker(page)).toBe('/sw.js');
  await page.context().close();
});

test('a push delivered to the service worker shows a notification under the case tag, linking to the case', async ({
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const page = await specialist(origin);
  await activeWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/`);
      if (ours && !ours.isDeleted) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const caseUrl = `${origin}/specialist/cases/cas_e2e_push_offer`;
  const alert = {
    kind: 'case_offered',
    title: 'Emergent case SGH-0042 for you',
    body: 'Neurology · SGH. Open to accept or decline.',
    tag: 'case-cas_e2e_push_offer',
    requireInteraction: true,
    renotify: true,
    url: caseUrl,
    caseNumber: 'SGH-0042',
    urgency: 'emergent',
    specialty: 'Neurology',
    hospital: 'SGH',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(alert),
  });
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const notifications = (await registration?.getNotifications()) ?? [];
      return notifications.map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        requireInteraction: notification.requireInteraction,
        url: (notification.data as { url: string }).url,
      }));
    });
  await expect.poll(shown).toEqual([
    {
      title: alert.title,
      body: alert.body,
      tag: alert.tag,
      requireInteraction: true,
      url: caseUrl,
    },
  ]);
  await page.context().close();
});

test('the Devices section of /settings passes axe at 360 and 1280 px', async ({ baseURL }) => {
  for (const width of [360, 1280]) {
    const page = await specialist(baseURL ?? '', width);
    await page.goto('/settings');
    const devices = page.getByRole('region', { name: 'Devices' });
    await expect(devices.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible();
    await expect(devices.getByText('No device gets alerts yet.')).toBeVisible();
    await expectNoSeriousAxeViolations(page, `/settings at ${width} px`);
    if (SHOTS_DIR !== undefined) {
      mkdirSync(SHOTS_DIR, { recursive: true });
      await devices.screenshot({ path: `${SHOTS_DIR}/settings-devices-${width}.png` });
      await page.screenshot({ path: `${SHOTS_DIR}/settings-${width}.png`, fullPage: true });
    }
    await page.context().close();
  }
});
