// The mock mode (`npm run mock`; here its build, `npm run build:mock`, served by `vite preview`): the SPA with
// no API server and no identity provider. MSW's service worker answers every operation from the fixtures;
// each role's home shows them, the "server-error" scenario shows the error state with Retry, and the
// production build holds none of it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from './server-env.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';

const PORT = E2E_PORT + 4;
const MOCK_URL = `http://127.0.0.1:${PORT}`;
const VITE = join('node_modules', '.bin', 'vite');

// Each role's home as the route table has it, with its heading and what of the fixtures it shows.
const HOMES = [
  { role: 'emergency_room', path: '/emergency-room/cases', heading: 'Cases', shows: 'SGH-000123' },
  {
    role: 'emergency_room_admin',
    path: '/emergency-room/admin',
    heading: 'Emergency room administration',
    shows: 'SGH-000123',
  },
  { role: 'er_doctor', path: '/emergency-room/doctor/cases', heading: 'My cases', shows: 'SGH-000123' },
  { role: 'specialist', path: '/specialist/cases', heading: 'Case box', shows: 'SGH-000123' },
  { role: 'hospital_system', path: '/hospital-system-admin', heading: 'Your hospitals', shows: null },
  { role: 'hospital', path: '/hospital-admin', heading: 'Your hospital', shows: null },
  {
    role: 'hospital_system_business_administrator',
    path: '/insights/hospitals',
    heading: 'Hospital insights',
    shows: null,
  },
  {
    role: 'hospital_business_administrator',
    path: '/insights/hospitals',
    heading: 'Hospital insights',
    shows: null,
  },
] as const;

function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    get(url, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    }).on('error', () => {
      resolve(false);
    });
  });
}

let preview: ChildProcess | undefined;

test.beforeAll(async () => {
  // A ceiling for building the mock on a loaded machine, not a speed limit.
  test.setTimeout(240_000);
  if (!existsSync('dist-mock/index.html'))
    execFileSync('npm', ['run', '-s', 'build:mock'], { stdio: 'inherit' });
  preview = spawn(
    VITE,
    [
      'preview',
      '--mode',
      'mock',
      '--outDir',
      'dist-mock',
      '--host',
      '127.0.0.1',
      '--port',
      String(PORT),
      '--strictPort',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const deadline = Date.now() + 60_000;
  while (!(await answers(`${MOCK_URL}/`))) {
    if (preview.exitCode !== null) throw new Error(`vite preview exited with code ${preview.exitCode}`);
    if (Date.now() > deadline) throw new Error(`The mock build did not answer at ${MOCK_URL}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

test.afterAll(() => {
  preview?.kill();
});

/** Opens the mock at the address; resolves with the `/me` answer, which must come from the service worker. */
async function openMock(page: Page, query: string): Promise<void> {
  const me = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/me');
  await page.goto(`${MOCK_URL}/?${query}`);
  expect((await me).fromServiceWorker(), 'the API is answered in the browser').toBe(true);
}

test('each role signs in with no identity provider and sees its home from the fixtures', async ({ page }) => {
  test.setTimeout(120_000);
  for (const home of HOMES) {
    await openMock(page, `role=${home.role}`);
    await expect(page, home.role).toHaveURL(`${MOCK_URL}${home.path}`);
    await expect(page.getByRole('heading', { level: 1, name: home.heading }), home.role).toBeVisible();
    if (home.shows !== null) await expect(page.getByText(home.shows).first(), home.role).toBeVisible();
    // No error anywhere; the offer alert of a case the fixtures offer to the specialist is no error.
    const errors = page.getByRole('alert').filter({ hasNotText: 'waiting for your answer' });
    await expect(errors, home.role).toHaveCount(0);
  }
});

test('the "server-error" scenario shows the error state with Retry', async ({ page }) => {
  await openMock(page, 'role=er_doctor&scenario=server-error');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The cases could not be loaded.');
  const failing = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/cases');
  await alert.getByRole('button', { name: 'Retry' }).click();
  const answer = await failing;
  expect(answer.status()).toBe(500);
  expect(answer.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('alert')).toContainText('The cases could not be loaded.');
});

test('the mock sign-in and the scenario panel, at 360 and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${MOCK_URL}/?role=&scenario=default`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mock sign-in' })).toBeVisible();
    await expect(page).toHaveTitle('Mock sign-in · Case Router');
    await expectNoSeriousAxeViolations(page, `mock sign-in at ${width}`);

    await page.getByRole('button', { name: 'er_doctor' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My cases' })).toBeVisible();
    await page.getByRole('button', { name: 'Mock: Default' }).click();
    const panel = page.getByRole('dialog', { name: 'Mock mode' });
    await expect(panel).toBeVisible();
    await expectNoSeriousAxeViolations(page, `scenario panel at ${width}`);
    await panel.getByRole('radio', { name: 'Empty lists' }).check();
    await panel.getByRole('button', { name: 'Apply and reload' }).click();
    await expect(page.getByText('No cases here yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mock: Empty lists' })).toBeVisible();
  }
});

test('the production build holds no mock sign-in and no service worker', () => {
  test.skip(!existsSync('dist/index.html'), 'needs `npm run build` (scripts/run-e2e.ts builds it)');
  const files = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(js|html)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name));
  const marker = (file: string) =>
    /Mock sign-in|mockServiceWorker|createMockMsal/.test(readFileSync(file, 'utf8'));
  // The marker is real: the mock build has it.
  expect(files('dist-mock').some(marker)).toBe(true);
  expect(files('dist').filter(marker)).toEqual([]);
  expect(existsSync('dist/mockServiceWorker.js')).toBe(false);
});
