// The organisation from the screens alone: a hospital system administrator adds a hospital and creates its
// administrator; the screens pass axe at a phone's width and a ward PC's. Screenshots go to SHOTS_DIR.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { routes } from '../src/config/routes.ts';
import { signIn } from './support/sign-in.ts';

const SHOTS_DIR = process.env['SHOTS_DIR'];

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (SHOTS_DIR === undefined) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage });
}

/** A field by its label, with or without the required-field asterisk. */
const labelled = (label: string) => new RegExp(`^${label}( \\*)?$`);

test('a system administrator adds a hospital and creates its administrator', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'hospital_system@demo.test', routes.hospitalSystemAdminHospitals.href());
  await page.goto(routes.hospitalSystemAdminHospitals.href());
  await expect(page.getByRole('heading', { name: 'Hospitals', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Hospitals' }).getByText("St George's Hospital"),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Specialty catalogue' }).getByText('Neurology')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shot(page, 'hospitals-1280');

  const suffix = String(Date.now()).slice(-5);
  const name = `Northfield Community ${suffix}`;
  await page.getByRole('button', { name: 'Add hospital' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(labelled('Name')).fill(name);
  await dialog.getByLabel(labelled('Short code')).fill(`N${suffix}`);
  await dialog.getByLabel(labelled('Time zone')).fill('Europe/Dublin');
  await dialog.getByRole('button', { name: 'Add clinical target' }).click();
  await dialog.getByLabel('Specialty').selectOption({ label: 'Neurology' });
  await dialog.getByRole('button', { name: 'Add hospital' }).click();
  await expect(page.getByText(`${name} added`)).toBeVisible();

  await expect(dialog.getByRole('heading', { name: 'Administrators' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shot(page, 'hospital-editor-1280', false);
  await dialog.getByLabel(labelled('Full name')).fill('Nora Quinn');
  await dialog.getByLabel(labelled('Email')).fill(`nora.quinn.${suffix}@northfield.example`);
  await dialog.getByLabel(labelled('Temporary password')).fill('Temporary-Passw0rd');
  await dialog.getByRole('button', { name: 'Create administrator' }).click();
  await expect(dialog.getByRole('list', { name: 'Administrators' })).toContainText('Nora Quinn');

  await page.keyboard.press('Escape');
  await page.getByLabel('Search hospitals').fill(`N${suffix}`);
  const table = page.getByRole('table', { name: 'Hospitals' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(name);

  await page.setViewportSize({ width: 360, height: 780 });
  // The administrator's toast has had its say: axe reads a toast fading out as text of too little contrast.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await page.getByLabel('Search hospitals').fill('');
  await expect(table.getByText("St George's Hospital")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shot(page, 'hospitals-360');
  await table.getByRole('button', { name: "St George's Hospital", exact: true }).click();
  await expect(page.getByRole('dialog').getByLabel(labelled('Name'))).toHaveValue("St George's Hospital");
  await expectNoSeriousAxeViolations(page);
  await shot(page, 'hospital-editor-360', false);
});

test('the system and a hospital at a glance', async ({ page }) => {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'hospital_system@demo.test', routes.hospitalSystemAdmin.href());
    await page.goto(routes.hospitalSystemAdmin.href());
    const card = page.getByRole('listitem', { name: /St George's Hospital/ });
    await expect(card).toContainText(/\d+ open cases?/);
    await expectNoSeriousAxeViolations(page);
    await shot(page, `system-at-a-glance-${width}`);
    await page.context().clearCookies();
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });

    await signIn(page, 'hospital@demo.test', routes.hospitalAdmin.href());
    await page.goto(routes.hospitalAdmin.href());
    await expect(page.getByRole('link', { name: 'Specialists' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await shot(page, `hospital-at-a-glance-${width}`);
    await page.context().clearCookies();
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
  }
});
