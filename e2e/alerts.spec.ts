// Never silent, never ambiguous, against the real server in Chromium: the offline banner when the network goes
// (context.setOffline) and its end when it comes back; a new case not sent without a network, with Retry and
// the draft kept; an offer's alert still on screen 30 s after it arrived (Playwright's clock), answered with
// Accept from the bar at the bottom of a 360 × 740 screen on a case with a long complaint and summary. Axe at
// 360 and 1280 px; screenshots of each state when SHOTS_DIR is set.
import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { apiCall, bearerOf } from './support/node-client.ts';
import { signIn } from './support/sign-in.ts';

const SHOTS = process.env['SHOTS_DIR'];
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const PHONE = { width: 360, height: 740 };
const DESK = { width: 1280, height: 900 };
const OFFLINE = /^Offline — live updates paused since \d\d:\d\d$/;
const ALERT = { name: 'Offers waiting for your answer' } as const;

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function personAt(
  browser: Browser,
  email: string,
  viewport = PHONE,
  before?: (page: Page) => Promise<void>,
): Promise<{ page: Page; context: BrowserContext; token: () => Promise<string> }> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport });
  contexts.push(context);
  const page = await context.newPage();
  if (before) await before(page);
  const token = bearerOf(page);
  await signIn(page, email);
  return { page, context, token };
}

/** axe at both widths, and a screenshot of each when asked for; the page ends at the width it had. */
async function checkWidths(page: Page, name: string, fullPage = false): Promise<void> {
  const start = page.viewportSize() ?? PHONE;
  for (const size of [PHONE, DESK]) {
    await page.setViewportSize(size);
    await expectNoSeriousAxeViolations(page, `${name} at ${size.width} px`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage });
  }
  await page.setViewportSize(start);
}

const LONG_COMPLAINT =
  'Sudden left-sided weakness and slurred speech since 13:40, found on the floor by a neighbour, ' +
  'GCS 13, glucose 6.1, on apixaban for atrial fibrillation, BP 188/104, no seizure seen, CT pending.';
const LONG_SUMMARY = Array.from(
  { length: 14 },
  (_, index) => `Reassessment ${index + 1}: weakness unchanged, speech slurred, pupils equal and reactive.`,
).join(' ');

/** An emergent stroke case at St George's for the on-call neurologist, as the doctor's form sends it. */
function strokeCase(complaint: string): Record<string, unknown> {
  const now = Date.now();
  return {
    specialtyId: 'spc_neurology',
    urgency: 'emergent',
    patient: { age: 71, sex: 'female', mrn: 'SGH-MRN-0000000000000000004471123' },
    doorTime: new Date(now - 20 * 60_000).toISOString(),
    chiefComplaint: complaint,
    clinicalSummary: LONG_SUMMARY,
    triageAnswers: {
      tq_sgh_neurology_onset: new Date(now - 40 * 60_000).toISOString(),
      tq_sgh_neurology_nihss: 14,
      tq_sgh_neurology_anticoagulated: true,
    },
  };
}

async function openCase(
  doctorToken: string,
  complaint: string,
): Promise<{ id: string; displayNumber: string }> {
  const created = await apiCall<{ id: string; displayNumber: string }>(
    test.info().project.use.baseURL ?? '',
    doctorToken,
    'POST',
    '/cases',
    strokeCase(complaint),
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(created.status).toBe(201);
  return created.body;
}

test('the offline banner says since when, marks the timers stale, and goes when the network is back', async ({
  browser,
}) => {
  // The ER doctor's list: cases with their timers.
  const { page, context } = await personAt(browser, 'er_doctor@demo.test');
  await expect(page.getByRole('timer').first()).toBeVisible();
  await expect(page.getByText(OFFLINE)).toBeHidden();

  await context.setOffline(true);
  const banner = page.getByText(OFFLINE);
  await expect(banner).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('timer', { name: /stale/ }).first()).toBeVisible();
  await checkWidths(page, 'alerts-offline');

  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect(page.getByRole('timer', { name: /stale/ })).toHaveCount(0);
});

test('a case sent without a network is not sent, says so at once, keeps the draft and goes on Retry', async ({
  browser,
}) => {
  const { page, context } = await personAt(browser, 'er_doctor@demo.test');
  await page.getByRole('link', { name: 'New case' }).first().click();
  await page.getByLabel(/^Specialty/).selectOption({ label: 'Cardiology' });
  await page.getByRole('radio', { name: 'Urgent' }).check();
  const complaint = `Chest pain for two hours ${Date.now()}`;
  await page.getByLabel(/^Chief complaint/).fill(complaint);
  await page.getByLabel(/^Age/).fill('58');
  await page.getByLabel(/^Sex/).selectOption('male');
  const arrival = await page.getByLabel(/^Arrival time/).inputValue();
  await page.getByLabel(/^Chest pain onset/).fill(arrival);
  await page
    .getByRole('radiogroup', { name: /ST elevation/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByLabel(/^Killip class/).selectOption('I');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Create case' }).click();
  const notSent = page.getByRole('alert').filter({ hasText: 'The case is not sent' });
  await expect(notSent).toBeVisible({ timeout: 10_000 });
  await expect(notSent).toContainText('Your draft is kept');
  await expect(page.getByLabel(/^Chief complaint/)).toHaveValue(complaint);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/alerts-not-sent-360.png` });

  await context.setOffline(false);
  await notSent.getByRole('button', { name: 'Retry sending' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'created' })).toBeVisible();
});

test('an offer stays an alert 30 s on, and is accepted from the bar at the bottom of a phone screen', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const doctor = await personAt(browser, 'er_doctor@demo.test', DESK);
  const doctorToken = await doctor.token();
  // The specialist's page runs on Playwright's clock, so that half a minute passes without waiting for it.
  const { page } = await personAt(browser, 'specialist@demo.test', PHONE, (specialistPage) =>
    specialistPage.clock.install(),
  );
  await expect(page.getByRole('heading', { name: 'Case box' })).toBeVisible();

  const item = await openCase(doctorToken, `${LONG_COMPLAINT} ${Date.now()}`.slice(0, 200));
  const alert = page.getByRole('alert', ALERT);
  const entry = alert.locator(`[data-offer-case-id="${item.id}"]`);
  await expect(entry).toContainText(`Emergent · Neurology · case ${item.displayNumber}`);
  await expect(entry.getByRole('timer', { name: /^Escalates in: / })).toBeVisible();
  await expect(page).toHaveTitle(/^\(\d+\) /);

  await page.clock.fastForward('00:31');
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(item.displayNumber);
  await checkWidths(page, 'alerts-offer');

  await entry.getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Case ${item.displayNumber}` })).toBeVisible();
  // The bar answers this offer here; the banner leaves it out.
  await expect(entry).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show all' })).toBeVisible();
  const bar = page.getByRole('group', { name: 'Answer the offer' });
  const accept = bar.getByRole('button', { name: 'Accept' });
  await expect(accept).toBeInViewport();
  const box = await accept.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  // Long identifiers break inside their card: nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/alerts-case-page-bar-360.png` });
  await checkWidths(page, 'alerts-case-page', true);

  // Scrolled to the end of the thread, the bar is still there to answer.
  await page.keyboard.press('End');
  await expect(accept).toBeInViewport();
  await accept.click();
  await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(alert.locator(`[data-offer-case-id="${item.id}"]`)).toHaveCount(0);
});
