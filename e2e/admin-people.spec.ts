// Administering people end to end: a hospital admin adds a specialist with Neurology, who signs in with the
// temporary password, must choose their own on the identity provider's page, and lands on the case box; an ER
// admin adds an ER doctor who can then sign in. Every screen built here passes axe, at 360 and 1280 px.
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { identityTexts } from '../server/src/identity/texts.ts';
import { routes } from '../src/config/routes.ts';
import { signInThroughLoginPage } from './support/sign-in.ts';

const SHOTS = '/tmp/shots-admin-people';
const TEMPORARY = 'Temporary-pass-2026';
const OWN_PASSWORD = 'My-own-password-2026';

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function openAs(browser: Browser, path: string, email: string, password?: string): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(path);
  await signInThroughLoginPage(page, email, password);
  return page;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
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

/** axe and a screenshot at the phone's width and the ward PC's. */
async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

function field(page: Page | Locator, label: string) {
  return page.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });
}

test('a hospital admin adds a neurologist, who must change the temporary password and lands on the case box', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `neuro.${stamp}@stgeorges.example`;
  const name = `Dr Nadia Kowalski ${stamp}`;

  const admin = await openAs(browser, routes.hospitalAdminSpecialistsDetails.href(), 'hospital@demo.test');
  await expect(admin.getByRole('heading', { name: 'Specialists details', level: 1 })).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Specialists' })).toBeVisible();
  await checkAtBothWidths(admin, 'specialists-details');

  await admin.getByRole('button', { name: 'Add specialist' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add a specialist' });
  await field(dialog, 'Name').fill(name);
  await field(dialog, 'Email').fill(email);
  await dialog.getByRole('combobox', { name: /^Specialties/ }).click();
  await admin.getByRole('option', { name: 'Neurology' }).click();
  await admin.keyboard.press('Escape');
  await dialog.getByLabel(/^Temporary password/).fill(TEMPORARY);
  await expect(dialog.getByRole('checkbox', { name: /new password at first sign-in/ })).toBeChecked();
  await checkAtBothWidths(admin, 'add-specialist-dialog');
  await dialog.getByRole('button', { name: 'Add specialist' }).click();
  await expect(admin.getByText(`${name} was added`)).toBeVisible();

  await admin.getByRole('searchbox', { name: 'Search' }).fill(email);
  const card = admin.getByRole('listitem', { name });
  await expect(card).toContainText('Neurology');

  // Contact details, then the audit log shows both changes.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = admin.getByRole('dialog', { name: `Edit ${name}` });
  await field(edit, 'Pager').fill('4417');
  await checkAtBothWidths(admin, 'edit-specialist-dialog');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('Pager 4417');
  await admin.getByRole('tab', { name: 'Audit log' }).click();
  await expect(admin.getByRole('list', { name: 'Administrative changes' })).toContainText(
    `added user ${name}`,
  );
  await checkAtBothWidths(admin, 'admin-audit-log');

  const specialist = await openAs(browser, '/', email, TEMPORARY);
  await expect(specialist.getByRole('heading', { name: identityTexts.changePasswordTitle })).toBeVisible();
  await specialist.getByLabel(identityTexts.newPassword, { exact: true }).fill(TEMPORARY);
  await specialist.getByLabel(identityTexts.confirmPassword).fill(TEMPORARY);
  await specialist.getByRole('button', { name: identityTexts.savePassword }).click();
  await expect(specialist.getByText(identityTexts.passwordUnchanged)).toBeVisible();
  await specialist.getByLabel(identityTexts.newPassword, { exact: true }).fill(OWN_PASSWORD);
  await specialist.getByLabel(identityTexts.confirmPassword).fill(OWN_PASSWORD);
  await specialist.getByRole('button', { name: identityTexts.savePassword }).click();
  await expect(specialist.getByRole('heading', { name: 'Case box', level: 1 })).toBeVisible();
});

test('an ER admin adds an ER doctor, who can then sign in', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `doctor.${stamp}@stgeorges.example`;
  const name = `Dr Ade Mensah ${stamp}`;

  const admin = await openAs(
    browser,
    routes.emergencyRoomAdminAddUser.href(),
    'emergency_room_admin@demo.test',
  );
  await expect(admin.getByRole('heading', { name: 'Add user', level: 1 })).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Users of your hospital' })).toBeVisible();
  await checkAtBothWidths(admin, 'add-user');

  await field(admin, 'Name').fill(name);
  await field(admin, 'Email').fill(email);
  await admin.getByRole('combobox', { name: /^Role/ }).selectOption({ label: 'ER doctor' });
  await admin.getByLabel(/^Temporary password/).fill(TEMPORARY);
  await admin.getByRole('checkbox', { name: /new password at first sign-in/ }).uncheck();
  await admin.getByRole('button', { name: 'Add user' }).click();
  await expect(admin.getByText(`${name} was added`)).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search' }).fill(email);
  await expect(admin.getByRole('listitem', { name })).toContainText('ER doctor');

  const doctor = await openAs(browser, '/', email, TEMPORARY);
  await expect(doctor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(doctor).toHaveURL(/\/emergency-room\/doctor\/cases\/?$/);
});
