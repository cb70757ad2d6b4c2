import { expect, test } from '@playwright/test';
import { texts } from '../src/config/texts.ts';
import { e2eServer } from './server-env.ts';

const TENANT_CONFIG = '**/api/v1/public/tenant-config';

test('the page loads with the tenant config from the server', async ({ page, request }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Watched, not intercepted: a request held by the test while the page goes on to the provider kept the
  // browser context from closing.
  const loaded = page.waitForResponse(TENANT_CONFIG);

  await page.goto('/sign-in');

  const response = await loaded;
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-store');
  // The sign-in page goes on to the provider at once, and a navigated-away response keeps no body: the
  // same address, asked again, shows what the page was given.
  const again = await request.get('/api/v1/public/tenant-config');
  expect(again.status()).toBe(200);
  const config = (await again.json()) as Record<string, unknown>;
  expect(config['authority']).toBe(`${e2eServer.url}/oidc`);
  expect(config['error']).toBeUndefined();
  // With the config it went on to the provider's sign-in page; the test ends there, on a page at rest, so
  // the context does not close under a navigation still under way.
  await expect(page.locator('input#email')).toBeVisible();
  await expect(page.getByText(texts.configurationError)).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('a backend configuration error shows the Configuration Error screen and logs the cause', async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.route(TENANT_CONFIG, (route) =>
    route.fulfill({ json: { error: 'configuration_error', message: 'AUTH_CLIENT_ID: Required' } }),
  );

  await page.goto('/');

  await expect(page.getByText(texts.configurationError)).toBeVisible();
  await expect(page.getByText(/console/i)).toBeVisible();
  expect(consoleErrors.join('\n')).toContain(texts.backendConfigurationError);
});

test('a configuration without a client id shows the Configuration Error screen', async ({ page }) => {
  await page.route(TENANT_CONFIG, (route) =>
    route.fulfill({ json: { authority: `${e2eServer.url}/oidc`, scopes: [] } }),
  );

  await page.goto('/settings/');

  await expect(page.getByText(texts.configurationError)).toBeVisible();
});

test('an unreachable tenant config shows the Configuration Error screen', async ({ page }) => {
  await page.route(TENANT_CONFIG, (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));

  await page.goto('/');

  await expect(page.getByText(texts.configurationError)).toBeVisible();
});

test("a screen's page names the build's modules of that screen, and each is there", async ({ request }) => {
  const page = await request.get('/emergency-room/doctor/cases/');
  expect(page.status()).toBe(200);
  const html = await page.text();
  const files = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map(
    (match) => match[1] ?? '',
  );
  // The screen's own chunk and the shell's layout at least.
  expect(files.some((file) => /\/cases-page-[\w-]+\.js$/.test(file))).toBe(true);
  expect(files.some((file) => /\/app-shell-layout-[\w-]+\.js$/.test(file))).toBe(true);
  for (const file of files) {
    const asset = await request.get(file);
    expect(asset.status(), file).toBe(200);
    expect(asset.headers()['content-type'], file).toMatch(/javascript/);
  }
});
