// Insights in the browser: the hospital business administrator filters the hospital figures to Neurology,
// sees the chart and downloads the CSV of the table shown; a specialist prints their report; an ER doctor
// downloads a case's FHIR bundle. axe on every screen, at a phone's width and a ward PC's.
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { routes } from '../src/config/routes.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signIn } from './support/sign-in.ts';

const SHOTS = process.env['SHOTS_DIR'];
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** axe at 360 px and 1280 px; a full-page screenshot of each when SHOTS_DIR is set (for people to look at). */
async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** The page as printed, on A4 and on Letter: PDFs (and a screenshot) for people to look at when SHOTS_DIR is set. */
async function savePrints(page: Page, name: string): Promise<void> {
  // The width of each paper at 96 px per inch, less the page margins.
  for (const [format, width] of [
    ['A4', 700],
    ['Letter', 720],
  ] as const) {
    const pdf = await page.pdf({ format, printBackground: true });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    if (SHOTS) {
      writeFileSync(`${SHOTS}/${name}-${format.toLowerCase()}.pdf`, pdf);
      await page.setViewportSize({ width, height: 1000 });
      await page.screenshot({ path: `${SHOTS}/${name}-print-${format.toLowerCase()}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the hospital business administrator filters to Neurology, sees the chart and downloads the CSV', async ({
  page,
}) => {
  await signIn(page, 'hospital_business_administrator@demo.test', routes.insightsHospitals.href());
  await page.goto(routes.insightsHospitals.href());
  await expect(page.getByRole('heading', { name: 'Hospital insights', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Time to accept' })).toBeVisible();

  await page.getByLabel('Specialty', { exact: true }).selectOption({ label: 'Neurology' });
  await expect(page).toHaveURL(/specialtyId=spc_neurology/);
  const bySpecialty = page.getByRole('table', { name: 'Figures by specialty' });
  await expect(bySpecialty.getByRole('row')).toHaveCount(2);
  await expect(bySpecialty.getByRole('cell', { name: 'Neurology' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Time to accept' }).locator('svg.insights-chart-svg').first(),
  ).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download CSV.*Figures by specialty/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^by-specialty_hosp_sgh_spc_neurology_all-urgencies_\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const csv = text.slice(1).trim().split('\r\n');
  expect(csv[0]).toMatch(
    /^specialty,cases,time_to_accept_median_min,time_to_accept_p90_min,share_within_target,/,
  );
  expect(csv).toHaveLength(2);
  expect(csv[1]).toMatch(/^Neurology,/);

  await checkWidths(page, 'insights-hospitals');

  // One specialty and one urgency: one clinical target, drawn as a line with its value.
  await page.getByLabel('Urgency', { exact: true }).selectOption({ label: 'Emergent' });
  await expect(page).toHaveURL(/urgency=emergent/);
  const chart = page.getByRole('region', { name: 'Time to accept' });
  await expect(chart.getByText(/^Clinical target: accepted within \d+ min\.$/)).toBeVisible();
  await expect(chart.locator('svg.insights-chart-svg [data-target]')).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (SHOTS) await chart.screenshot({ path: `${SHOTS}/time-to-accept-${width}.png` });
  }
});

test('a specialist sees their own physician figures and prints their report', async ({ page }) => {
  await signIn(page, 'specialist@demo.test', routes.insightsPhysicians.href());
  await page.goto(routes.insightsPhysicians.href());
  const mine = page.getByRole('table', { name: 'Figures by physician' });
  await expect(mine.getByRole('row')).toHaveCount(2);
  await expect(mine.getByRole('cell', { name: 'Dr Sam Lindqvist' })).toBeVisible();
  await checkWidths(page, 'insights-physicians-specialist');

  await page.goto(routes.specialistReport.href());
  await expect(page.getByRole('heading', { name: 'Specialist report', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'My consultations in this period' })).toBeVisible();
  await checkWidths(page, 'specialist-report');

  // The print dialog opens once the print is audited (the dialog itself is the browser's: stubbed here).
  await page.evaluate(() => {
    window.print = () => {
      document.body.dataset['printed'] = 'yes';
    };
  });
  const audited = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/v1/insights/specialist-report/prints' &&
      response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Print report' }).click();
  expect((await audited).status()).toBe(204);
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');

  // On paper: no navigation, no buttons, no filters; the figures and the consultations.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print report' })).toBeHidden();
  await expect(page.getByRole('table', { name: 'My consultations in this period' })).toBeVisible();
  // Every print: the hospital, who printed it, when and in which zone (page x of y: print.css's footer).
  const heading = page.getByTestId('print-heading');
  await expect(heading).toBeVisible();
  await expect(heading).toContainText("St George's Hospital");
  await expect(heading).toContainText(
    /Printed .+ \(Europe\/London, UTC[+-]\d{2}:\d{2}\) by Dr Sam Lindqvist/,
  );
  await savePrints(page, 'specialist-report');
  await page.emulateMedia({ media: 'screen' });
});

test('the hospital administrator sees every specialist of the hospital', async ({ page }) => {
  await signIn(page, 'hospital@demo.test', routes.insightsPhysicians.href());
  await page.goto(routes.insightsPhysicians.href());
  const rows = page.getByRole('table', { name: 'Figures by physician' }).getByRole('row');
  await expect(rows.nth(2)).toBeVisible();
  await checkWidths(page, 'insights-physicians-admin');
  await page.goto(routes.insights.href());
  await expect(page.getByRole('table', { name: 'Figures by hospital' })).toBeVisible();
  await checkWidths(page, 'insights-overview');
});

test("an ER doctor downloads a case's FHIR bundle and prints its summary", async ({ page }) => {
  await signIn(page, 'er_doctor@demo.test', routes.doctorCases.href());
  await page.goto(routes.doctorCases.href());
  await page
    .getByRole('link', { name: /^SGH-\d+$/ })
    .first()
    .click();
  // Print and FHIR export sit in the case's overflow menu.
  const more = page.getByRole('button', { name: 'More actions' });
  await more.click();
  const fhirButton = page.getByRole('menuitem', { name: 'Download FHIR bundle' });
  await expect(fhirButton).toBeVisible();

  const download = page.waitForEvent('download');
  await fhirButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^SGH-\d+-fhir\.json$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const bundle = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
    resourceType: string;
    entry: unknown[];
  };
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.entry.length).toBeGreaterThan(1);
  await checkWidths(page, 'case-page');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'print' });
  await expect(more).toBeHidden();
  // A printed page never shows a running timer.
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // Printed for real: audited, then the heading and the timers' values at printing instead of live ones.
  await page.evaluate(() => {
    window.print = () => {
      document.body.dataset['printed'] = 'yes';
    };
  });
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Print summary' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  await page.emulateMedia({ media: 'print' });
  const heading = page.getByTestId('print-heading');
  await expect(heading).toContainText("St George's Hospital");
  await expect(heading).toContainText(/Printed .+ \(Europe\/London, UTC[+-]\d{2}:\d{2}\) by /);
  await expect(page.getByText(/at printing:/).first()).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await savePrints(page, 'case-summary');
  await page.emulateMedia({ media: 'screen' });
});

test("a specialist's display name that starts like a formula reaches the admin's CSV as text", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const FORMULA = '=HYPERLINK("http://x","y")';
  const open = async (email: string, at: string) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await signIn(page, email, at);
    return { context, page };
  };
  const specialist = await open('specialist@demo.test', routes.settings.href());
  const name = specialist.page.getByRole('textbox', { name: /^Display name( \*)?$/ });
  const rename = async (to: string) => {
    await name.fill(to);
    await specialist.page.getByRole('button', { name: 'Save profile' }).click();
    await expect(specialist.page.getByRole('banner')).toContainText(to);
  };
  await specialist.page.goto(routes.settings.href());
  await expect(name).not.toHaveValue('');
  const original = await name.inputValue();
  await rename(FORMULA);
  try {
    const admin = await open('hospital@demo.test', routes.insightsPhysicians.href());
    await admin.page.goto(routes.insightsPhysicians.href());
    const table = admin.page.getByRole('table', { name: 'Figures by physician' });
    await expect(table.getByRole('cell', { name: FORMULA })).toBeVisible();
    const download = admin.page.waitForEvent('download');
    await admin.page.getByRole('button', { name: /Download CSV.*Figures by physician/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^physicians_hosp_sgh_/);
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const rows = Buffer.concat(chunks).toString('utf8').slice(1).split('\r\n');
    // Quoted (it holds commas and quotes), and prefixed with a single quote: text, never a formula.
    const row = rows.find((line) => line.includes('HYPERLINK'));
    expect(row?.startsWith(`"'=HYPERLINK(""http://x"",""y"")",`)).toBe(true);
    await admin.context.close();
  } finally {
    // Back as it was, for the other specs.
    await rename(original);
    await specialist.context.close();
  }
});
