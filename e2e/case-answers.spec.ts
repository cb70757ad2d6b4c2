// Vital signs that follow an emergent case, against the real server in Chromium: the ER doctor sends a stroke
// case with the minimum data set (specialty, urgency, age, sex, complaint), the on-call neurologist opens it
// and sees the vital signs and required answers as pending, the doctor adds the vital signs and two answers
// from the case page, and the neurologist's open page shows them without a reload (the event stream). Axe at
// 360 and 1280 px; screenshots of each state when SHOTS_DIR is set.
import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signIn } from './support/sign-in.ts';

const SHOTS = process.env['SHOTS_DIR'];
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const PHONE = { width: 360, height: 740 };
const DESK = { width: 1280, height: 900 };

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function personAt(browser: Browser, email: string, viewport: typeof PHONE): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** axe at both widths, and a screenshot of each when asked for; the page ends at the width it had. */
async function checkWidths(page: Page, name: string): Promise<void> {
  const start = page.viewportSize() ?? PHONE;
  for (const size of [PHONE, DESK]) {
    await page.setViewportSize(size);
    await expectNoSeriousAxeViolations(page, `${name} at ${size.width} px`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(start);
}

test('vital signs added after an emergent case was sent reach the specialist’s open page without a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const doctor = await personAt(browser, 'er_doctor@demo.test', PHONE);

  // The minimum data set: specialty, urgency, age, sex and a one-line complaint.
  await doctor.getByRole('link', { name: 'New case' }).first().click();
  await doctor.getByLabel(/^Specialty/).selectOption({ label: 'Neurology' });
  await doctor.getByRole('radio', { name: 'Emergent' }).check();
  const complaint = `Sudden right-sided weakness ${Date.now()}`;
  await doctor.getByLabel(/^Chief complaint/).fill(complaint);
  await doctor.getByLabel(/^Age/).fill('74');
  await doctor.getByLabel(/^Sex/).selectOption('male');
  await doctor.getByRole('button', { name: 'Create case' }).click();
  const created = doctor.getByRole('status').filter({ hasText: 'created' });
  await expect(created).toBeVisible();
  const displayNumber = /Case (\S+) created/.exec((await created.textContent()) ?? '')?.[1] ?? '';
  expect(displayNumber).not.toBe('');
  await doctor.getByRole('link', { name: `Open case ${displayNumber}` }).click();
  const doctorDetails = doctor.getByRole('region', { name: 'Details' });
  await expect(doctorDetails.getByText('Pending: not given yet')).toBeVisible();
  const caseUrl = new URL(doctor.url());
  const caseId = caseUrl.pathname.split('/').at(-1) ?? '';

  // The on-call neurologist has the case open on a desktop.
  const specialist = await personAt(browser, 'specialist@demo.test', DESK);
  await specialist.goto(`/specialist/cases/${caseId}`);
  await expect(specialist.getByRole('heading', { level: 1, name: `Case ${displayNumber}` })).toBeVisible();
  const details = specialist.getByRole('region', { name: 'Details' });
  await expect(details.getByText('Pending: not given yet')).toBeVisible();
  await expect(details.getByTestId('pending-answer')).toHaveCount(3);
  await expect(specialist.getByRole('button', { name: 'Add vitals and answers' })).toHaveCount(0);

  // The doctor adds the vital signs and two of the three pending answers.
  const add = doctor.getByRole('button', { name: 'Add vitals and answers' });
  const box = await add.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await add.click();
  const dialog = doctor.getByRole('dialog', { name: 'Add vitals and answers' });
  await expect(dialog.getByLabel(/^Heart rate/)).toBeVisible();
  await dialog.getByLabel(/^Heart rate/).fill('400');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Heart rate: must be at most 350')).toBeVisible();
  await checkWidths(doctor, 'case-answers-form-error');

  await dialog.getByLabel(/^Heart rate/).fill('112');
  await dialog.getByLabel(/^Systolic BP/).fill('186');
  await dialog.getByLabel(/^SpO2/).fill('95');
  await dialog.getByLabel(/^GCS/).fill('13');
  await dialog.getByLabel(/^NIHSS score/).fill('14');
  await dialog
    .getByRole('radiogroup', { name: /On anticoagulants/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(doctorDetails.getByText('112 bpm')).toBeVisible();
  await expect(doctorDetails.getByTestId('pending-answer')).toHaveCount(1);
  // The onset is still pending: the action stays for it.
  await expect(add).toBeVisible();
  await checkWidths(doctor, 'case-answers-er-after');

  // The specialist's page, never reloaded, shows them.
  await expect(details.getByText('112 bpm')).toBeVisible();
  await expect(details.getByText('186 mmHg')).toBeVisible();
  await expect(details.getByText('14 points')).toBeVisible();
  await expect(details.getByText('Pending: not given yet')).toBeHidden();
  await expect(details.getByTestId('pending-answer')).toHaveCount(1);
  await expect(specialist.getByText('Vital signs or answers added').first()).toBeVisible();
  await checkWidths(specialist, 'case-answers-specialist');
});
