// The ER's live board as a tracking board, on the real server: at 1280 px a table with one row per open case,
// an overdue row in red with words and its actions (re-page now, call the person on call), and "On call now"
// above it; at 360 px the cards by state. Both pass axe; screenshots go to SHOTS_DIR when it is set.
// The demo's waiting cases are made overdue (their clinical target moved 12 minutes into the past) and the
// St George's specialists given a telephone number, between a first start that seeds the data and a second.
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from './server-env.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { specServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';

const PORT = E2E_PORT + 7;
const server = specServer(PORT);
const SHOTS = process.env['SHOTS_DIR'];
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

async function makeCasesOverdue(): Promise<void> {
  const db = await PGlite.create(`.tmp/e2e-data-${PORT}/pglite`, { extensions: { btree_gist } });
  try {
    await db.query(
      `update cases set target_due_at = now() - interval '12 minutes 10 seconds'
       where hospital_id = 'hosp_sgh' and status in ('pending', 'escalated')`,
    );
    await db.query(
      `update users set phone = '+44 20 7946 0321' where hospital_id = 'hosp_sgh' and 'specialist' = any (roles)`,
    );
  } finally {
    await db.close();
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Another checkout's server on this port would answer for ours: refuse to test it.
  const taken = await new Promise<boolean>((resolve) => {
    const probe = connect(PORT, '127.0.0.1', () => {
      probe.end();
      resolve(true);
    });
    probe.on('error', () => {
      resolve(false);
    });
  });
  if (taken) throw new Error(`Port ${String(PORT)} is in use: set E2E_PORT to move this spec's server`);
  await server.start();
  await server.stop();
  await makeCasesOverdue();
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
});

test('at 1280 px: a table of open cases, overdue rows in red with words, re-page and call', async ({
  browser,
}) => {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, 'emergency_room_admin@demo.test', `${server.url}/`);
  await page.goto(`${server.url}/emergency-room/`);
  await expect(page.getByRole('heading', { name: 'On call now' })).toBeVisible();
  const table = page.getByRole('table', { name: /Open cases, most urgent first/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Escalates in' })).toBeVisible();
  const overdue = table.locator('tr[data-overdue]').first();
  await expect(overdue).toBeVisible();
  await expect(overdue.getByTestId('overdue')).toHaveText(/Overdue 1[2-9] min/);
  const call = overdue.getByRole('link', { name: /^Call / });
  await expect(call).toHaveAttribute('href', 'tel:+442079460321');
  // Targets big enough to hit, and the button keyboard-reachable with a visible focus ring.
  const repage = overdue.getByRole('button', { name: /^Re-page now/ });
  for (const target of [repage, call]) {
    const box = await target.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  }
  await repage.focus();
  await expect(repage).toBeFocused();
  await expectNoSeriousAxeViolations(page, 'the ER board at 1280 px');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/er-board-1280.png`, fullPage: true });
  await page.keyboard.press('Enter');
  // Re-paged, or (when the timed re-alert went in the last 30 s) refused, saying when to try again.
  await expect(
    overdue.getByText(
      /^Re-paged at \d{2}:\d{2}|^The specialists were alerted \d+ s ago; re-page again in \d+ s\.$/,
    ),
  ).toBeVisible();
  await context.close();
});

test('at 360 px: the open cases as cards by state', async ({ browser }) => {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  await signIn(page, 'emergency_room_admin@demo.test', `${server.url}/`);
  await page.goto(`${server.url}/emergency-room/`);
  await expect(page.getByRole('region', { name: 'Pending' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, 'the ER board at 360 px');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/er-board-360.png`, fullPage: true });
  await context.close();
});
