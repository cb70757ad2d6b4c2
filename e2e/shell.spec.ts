import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEFAULT_DEMO_PASSWORD } from '../server/src/config.ts';
import { identityTexts } from '../server/src/identity/texts.ts';
import { routes } from '../src/config/routes.ts';
import { texts } from '../src/config/texts.ts';

const ATTEMPTS_KEY = 'case-router:module-load-attempts:settings';
// The settings screen's own chunk, whatever hash the build gave it.
const SETTINGS_CHUNK = /\/assets\/settings-page-[^/]+\.js$/;

/** Opens a protected address, signs in on our identity provider's page and lands back on it. */
async function signInAt(page: Page, path: string, email: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel(identityTexts.email).fill(email);
  await page.getByLabel(identityTexts.password).fill(DEFAULT_DEMO_PASSWORD);
  await page.getByRole('button', { name: identityTexts.signIn }).click();
  await page.waitForURL((url) => url.pathname === path);
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  // Mid-slide, a sheet's text is still blended with the overlay: measure contrast once it has settled.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

test('an unknown address shows the 404 page with a way to sign in', async ({ page }) => {
  await page.goto('/no/such/page');

  await expect(page.getByRole('heading', { name: texts.notFoundTitle })).toBeVisible();
  await expect(page.getByText(texts.notFoundMessage)).toBeVisible();
  await expect(page.getByRole('link', { name: texts.goToLogin })).toHaveAttribute(
    'href',
    routes.signIn.href(),
  );
  await expectNoAxeViolations(page);
});

test('the header shows a specialist their links, and the shell passes axe', async ({ page }) => {
  await signInAt(page, routes.specialistCases.href(), 'specialist@demo.test');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Home',
    'Specialist Report',
    'Settings',
    'Switch user',
    'Logout',
  ]);
  await expect(page.getByRole('img', { name: /Case Router/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /menu/i })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Case box', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // Intent alone fetches the screen's chunk, before any click.
  const settingsChunk = page.waitForRequest(SETTINGS_CHUNK);
  await nav.getByRole('link', { name: 'Settings' }).hover();
  await settingsChunk;
  await expect(page).toHaveURL(/\/specialist\/cases\/$/);

  await page.getByRole('button', { name: 'Notifications' }).click();
  const sheet = page.getByRole('dialog', { name: texts.notifications });
  await expect(sheet).toBeVisible();
  await expectNoAxeViolations(page);
});

test('at 360 px the menu opens a full-screen drawer that closes on a link or its close button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAt(page, routes.doctorCases.href(), 'er_doctor@demo.test');

  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: /menu/i }).click();

  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link')).toHaveText(['Home', 'Settings', 'Switch user', 'Logout']);
  const box = await drawer.boundingBox();
  expect(box?.width).toBeCloseTo(360, 0);
  await expectNoAxeViolations(page);

  await drawer.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: /menu/i }).click();
  await expect(drawer).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
});

test('a screen chunk that fails to load is retried by reloading three times, then offers Try Again', async ({
  page,
}) => {
  await signInAt(page, routes.specialistCases.href(), 'specialist@demo.test');
  await page.route(SETTINGS_CHUNK, (route) => route.fulfill({ status: 500, body: 'unavailable' }));
  let reloads = 0;
  page.on('load', () => {
    reloads += 1;
  });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();

  await expect(page.getByRole('heading', { name: texts.loadingModules })).toBeVisible();
  await expect(page.getByRole('heading', { name: texts.unableToLoad })).toBeVisible();
  await expect(page.getByText(texts.unableToLoadMessage)).toBeVisible();
  expect(reloads).toBe(3);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), ATTEMPTS_KEY)).toBe('3');
  await expectNoAxeViolations(page);

  await page.unroute(SETTINGS_CHUNK);
  await page.getByRole('button', { name: texts.tryAgain }).click();

  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  expect(reloads).toBe(4);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), ATTEMPTS_KEY)).toBeNull();
});

test('the sign-in page passes axe', async ({ page }) => {
  await page.goto(routes.signIn.href());

  await expect(page.getByLabel(identityTexts.email)).toBeVisible();
  await expectNoAxeViolations(page);
});
