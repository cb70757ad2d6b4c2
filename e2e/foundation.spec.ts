import { expect, test } from '@playwright/test';
import { texts } from '../src/config/texts.ts';
import { e2eServer } from './server-env.ts';

const TENANT_CONFIG = '**/api/v1/public/tenant-config';

test('the page loads with the tenant config from the server', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // The sign-in page goes on to the provider at once, and a navigated-away response has no body left to
  // read: the server's answer is read on its way through, and passed on to the page unchanged.
  let answered: (answer: { status: number; cacheControl: string | undefined; body: unknown }) => void;
  const answer = new Promise<{ status: number; cacheControl: string | undefined; body: unknown }>(
    (resolve) => {
      answered = resolve;
    },
  );
  await page.route(TENANT_CONFIG, async (route) => {
    const response = await route.fetch();
    answered({
      status: response.status(),
      cacheControl: response.headers()['cache-control'],
      body: await response.json(),
    });
    // The page may have gone on already: nothing is left to answer then.
    await route.fulfill({ response }).catch(() => undefined);
  });

  await page.goto('/sign-in');

  const { status, cacheControl, body } = await answer;
  expect(status).toBe(200);
  expect(cacheControl).toBe('no-store');
  const config = body as Record<string, unknown>;
  expect(config['authority']).toBe(`${e2eServer.url}/oidc`);
  expect(config['error']).toBeUndefined();
  await expect(page.getByText(texts.configurationError)).toHaveCount(0);
  expect(pageErrors).toEqual([]);
  // A handler still running when the page closes would hold the context's teardown.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
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
