import { expect, test } from '@playwright/test';
import { ROLE_HOME_ROUTES } from '../src/lib/auth/roles.ts';
import { identityTexts } from '../server/src/identity/texts.ts';
import { E2E_PORT } from './server-env.ts';
import { specServer } from './support/server.ts';
import { isRefreshRequest, signIn, trimmedPath } from './support/sign-in.ts';

// Access tokens that expire 5 s after the monitor's 300 s buffer: it must refresh almost at once.
const server = specServer(E2E_PORT + 1, { ACCESS_TOKEN_TTL_SECONDS: '305' });

test.beforeAll(async () => {
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
});

test('the token monitor refreshes a short-lived token without a reload', async ({ page }) => {
  let loads = 0;
  await signIn(page, 'er_doctor@demo.test', `${server.url}/`);
  page.on('load', () => {
    loads += 1;
  });
  const refresh = page.waitForRequest(isRefreshRequest, { timeout: 30_000 });

  const response = await (await refresh).response();

  expect(response?.status()).toBe(200);
  expect(loads).toBe(0);
  expect(trimmedPath(page)).toBe(ROLE_HOME_ROUTES.er_doctor);
});

test('a server restart keeps a signed-in user signed in', async ({ page }) => {
  await signIn(page, 'specialist@demo.test', `${server.url}/`);
  await expect.poll(() => trimmedPath(page)).toBe(ROLE_HOME_ROUTES.specialist);

  await server.stop();
  await server.start();
  const me = page.waitForResponse((response) => response.url().endsWith('/api/v1/me'));
  await page.reload();

  expect((await me).status()).toBe(200);
  await expect.poll(() => trimmedPath(page)).toBe(ROLE_HOME_ROUTES.specialist);
  await expect(page.getByRole('heading', { name: identityTexts.signInTitle })).toHaveCount(0);
});
