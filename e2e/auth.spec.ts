import { readFileSync } from 'node:fs';
import { expect, test, type Request } from '@playwright/test';
import { texts } from '../src/config/texts.ts';
import { ROLE_HOME_ROUTES, ROLES } from '../src/lib/auth/roles.ts';
import { AUTH_TOKEN_STORAGE_KEY } from '../src/config/constants.ts';
import { identityTexts } from '../server/src/identity/texts.ts';
import {
  DEMO_PASSWORD,
  isRefreshRequest,
  signIn,
  signInThroughLoginPage,
  trimmedPath,
} from './support/sign-in.ts';

const SCREENS = 'test-results/screens';

for (const role of ROLES) {
  test(`${role} signs in through the login page and lands on its home route`, async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await signIn(page, `${role}@demo.test`);

    await expect.poll(() => trimmedPath(page)).toBe(ROLE_HOME_ROUTES[role]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The app started from `/` (the provider sends the browser back there) applies its stylesheet.
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    // The home as its user sees it once it is in: nothing on it still loading.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS}/home-${role}.png` });
    expect(pageErrors).toEqual([]);
  });
}

test('the locale data loads in a worker from our origin, under our script policy, which then ends', async ({
  page,
}) => {
  const started: string[] = [];
  const ended: string[] = [];
  const refused: string[] = [];
  // A page that loads anew ends its workers too: only a worker ended on the page that started it counts.
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  page.on('worker', (worker) => {
    started.push(worker.url());
    const loadsAtStart = loads;
    worker.on('close', () => {
      if (loads === loadsAtStart) ended.push(worker.url());
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      refused.push(message.text());
  });

  await signIn(page, 'er_doctor@demo.test');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const localeWorker = (urls: string[]) => urls.filter((url) => url.includes('/assets/locale-data.worker-'));
  await expect.poll(() => localeWorker(ended).length).toBeGreaterThan(0);
  for (const url of localeWorker(started)) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
  expect(refused).toEqual([]);
  // The screen writes its dates as before: the cards show their arrival times. (What the worker saves the
  // main thread is measured in the benchmarks, not here.)
  await expect(page.locator('main time').first()).toHaveText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
});

test("/ sends a visitor nobody signed in to the provider with root.html's scripts alone", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const fromRoot = new URL(request.frame().url()).pathname === '/';
    if (fromRoot && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'))
      scripts.push(url.pathname);
  });
  const scriptsOf = (file: string) =>
    new Set(
      [...readFileSync(`dist/${file}`, 'utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
        (match) => match[1] ?? '',
      ),
    );
  const rootScripts = scriptsOf('root.html');
  // What the app's page needs beyond them: React DOM, the router, the UI kit.
  const appOnly = [...scriptsOf('index.html')].filter((script) => !rootScripts.has(script));

  await page.goto('/');

  await expect(page.getByLabel(identityTexts.email)).toBeVisible();
  expect(appOnly.length).toBeGreaterThan(0);
  expect([...new Set(scripts)].sort()).toEqual([...rootScripts].sort());
});

test("the app's one stylesheet: linked by the app's page, for print on /, and not on MSAL's redirect page", async ({
  request,
}) => {
  const stylesheets = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<link rel="stylesheet"[^>]*>/g)].map(
      (match) => match[0],
    );

  const app = await stylesheets('/emergency-room/doctor/cases');
  expect(app).toHaveLength(1);
  expect(app[0]).not.toContain('media=');
  const root = await stylesheets('/');
  expect(root).toHaveLength(1);
  expect(root[0]).toContain('media="print"');
  expect(root[0]).toContain('data-app-styles');
  expect(await stylesheets('/redirect.html')).toEqual([]);
});

test('the login page looks like the app and says when the credentials are wrong', async ({ page }) => {
  await page.goto('/sign-in');
  await signInThroughLoginPage(page, 'er_doctor@demo.test', 'not-the-password');
  await expect(page.getByText(identityTexts.incorrectCredentials)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/login-page.png` });
});

test('/sign-in?next=/settings/ returns to /settings/ after signing in', async ({ page }) => {
  await signIn(page, 'er_doctor@demo.test', '/sign-in?next=/settings/');
  await expect(page).toHaveURL(/\/settings\/$/);
});

test('a signed-out visit to a protected address goes to /sign-in with next, then back there', async ({
  page,
}) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });

  await page.goto('/emergency-room/cases/');
  await signInThroughLoginPage(page, 'emergency_room@demo.test');

  await expect(page).toHaveURL(/\/emergency-room\/cases\/$/);
  expect(visited.some((url) => url.includes('/sign-in?next=%2Femergency-room%2Fcases%2F'))).toBe(true);
});

test('signing out shows its texts and ends signed out', async ({ page }) => {
  await signIn(page, 'er_doctor@demo.test');
  await expect.poll(() => trimmedPath(page)).toBe(ROLE_HOME_ROUTES.er_doctor);
  // MSAL reads the provider's metadata just before it leaves for the logout endpoint: holding that read keeps
  // the page in between on screen long enough to be read.
  let releaseLogout: () => void = () => undefined;
  const logoutHeld = new Promise<void>((resolve) => {
    releaseLogout = resolve;
  });
  await page.route(
    (url) => url.pathname === '/oidc/.well-known/openid-configuration',
    async (route) => {
      await logoutHeld;
      await route.continue();
    },
    { times: 1 },
  );

  await page.getByRole('link', { name: 'Logout' }).first().click();

  await expect(page.getByText(texts.signingOut)).toBeVisible();
  await expect(page.getByText(texts.redirectedShortly)).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  releaseLogout();

  // Signed out: the next visit to a protected page asks for credentials again.
  await expect(page.getByRole('heading', { name: identityTexts.signInTitle })).toBeVisible();
  await page.goto('/settings/');
  await expect(page.getByRole('heading', { name: identityTexts.signInTitle })).toBeVisible();
});

test("a reload of a signed-in home signs in again from MSAL's cache, without the provider; signing out then works", async ({
  page,
}) => {
  await signIn(page, 'er_doctor@demo.test');
  await expect.poll(() => trimmedPath(page)).toBe(ROLE_HOME_ROUTES.er_doctor);
  const cases = page.waitForResponse((response) => /\/api\/v1\/cases\?/.test(response.url()));
  const provider: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/oidc/auth')) provider.push(request.url());
  });

  await page.reload();

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await cases).status()).toBe(200);
  expect(trimmedPath(page)).toBe(ROLE_HOME_ROUTES.er_doctor);
  expect(provider).toEqual([]);
  // MSAL's start took the signed-in account as it is: signing out goes through it to the provider.
  await page.getByRole('link', { name: 'Logout' }).first().click();
  await expect(page.getByRole('heading', { name: identityTexts.signInTitle })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_TOKEN_STORAGE_KEY)).toBeNull();
});

test('a user with no roles sees the no-role toast', async ({ page }) => {
  await signIn(page, 'noroles@demo.test');
  await expect(page.getByText(texts.noRoleToast)).toBeVisible();
});

test('a user with an unknown role sees the unrecognised-role toast', async ({ page }) => {
  await signIn(page, 'unknownrole@demo.test');
  await expect(page.getByText(texts.unknownRoleToast)).toBeVisible();
});

test('a user forced to change the password must set a new one before entering', async ({ page }) => {
  await page.goto('/');
  await signInThroughLoginPage(page, 'mustchange@demo.test');

  await expect(page.getByRole('heading', { name: identityTexts.changePasswordTitle })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/forced-password-change.png` });
  await page.getByLabel(identityTexts.newPassword, { exact: true }).fill('Brand-new-passw0rd');
  await page.getByLabel(identityTexts.confirmPassword).fill('Brand-new-passw0rd');
  await page.getByRole('button', { name: identityTexts.savePassword }).click();

  await expect.poll(() => trimmedPath(page)).toBe(ROLE_HOME_ROUTES.er_doctor);
  expect(DEMO_PASSWORD).not.toBe('Brand-new-passw0rd');
});

test('a 401 from the API clears auth_token and returns to sign-in', async ({ page }) => {
  await signIn(page, 'er_doctor@demo.test');
  await page.evaluate((key) => {
    localStorage.setItem(key, 'stale-token');
  }, AUTH_TOKEN_STORAGE_KEY);
  await page.route('**/api/v1/me', (route) =>
    route.fulfill({ status: 401, json: { detail: 'Invalid or expired token' } }),
  );
  // The provider's sign-in is held until the stored token has been read: once back, the app signs in again
  // silently and stores a fresh one.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/oidc/auth?**', async (route) => {
    await held;
    await route.continue();
  });
  // The page itself leaving for the provider: not a silent renewal's hidden frame, which may ask it too.
  const toProvider = page.waitForRequest(
    (request) =>
      /\/oidc\/auth\?/.test(request.url()) &&
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame(),
  );

  // Not until "load": the page may leave for the provider first, and that navigation is held.
  await page.reload({ waitUntil: 'commit' });

  await toProvider;
  // Read from a second page of the same origin that runs no app: this one is on its way to the provider.
  const probe = await page.context().newPage();
  await probe.goto('/favicon.svg');
  expect(await probe.evaluate((key) => localStorage.getItem(key), AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  await probe.close();
  release();
  await page.waitForURL(/\/sign-in/);
});

test('a 403 from the API is retried once after a token refresh', async ({ page }) => {
  await signIn(page, 'er_doctor@demo.test');
  const meCalls: Request[] = [];
  const refreshes: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/me')) meCalls.push(request);
    if (isRefreshRequest(request)) {
      refreshes.push(request);
    }
  });
  let answered403 = false;
  await page.route('**/api/v1/me', async (route) => {
    if (answered403) return route.continue();
    answered403 = true;
    return route.fulfill({ status: 403, json: { detail: 'Forbidden' } });
  });

  await page.reload();

  await expect.poll(() => meCalls.length).toBe(2);
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  const [first, second] = meCalls;
  expect(await second?.headerValue('authorization')).toMatch(/^Bearer /);
  expect(await second?.headerValue('authorization')).not.toBe(await first?.headerValue('authorization'));
});
