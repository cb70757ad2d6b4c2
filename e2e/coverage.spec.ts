// Who is on call before sending, and dangerous admin actions, against the real server with the demo data:
// the hospital admin sets the switchboard number; deactivating General Surgery's on-call specialist lists
// their shifts and asks first; once confirmed, the doctor choosing General Surgery in the new-case form is
// warned before sending, with the switchboard number. Axe at 1280 and 360 px on each of these screens.
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { Coverage } from '../generated/types.gen.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { bearerOf } from './support/node-client.ts';
import { signIn } from './support/sign-in.ts';

const SHOTS = process.env['E2E_SHOTS_DIR'];
const SPECIALTY = 'General Surgery';
const SWITCHBOARD = '+44 20 7946 0999';

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function personAt(browser: Browser, email: string, startAt = '/'): Promise<Page> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 800 },
  });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, email, startAt);
  return page;
}

/** Axe (and a screenshot when asked for) at 1280 then 360 px, back at 1280 after. */
async function checkBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width < 500 ? 740 : 800 });
    await expectNoSeriousAxeViolations(page, `${name} at ${String(width)} px`);
    if (SHOTS)
      await page.screenshot({
        path: `${SHOTS}/${name}-${String(width)}.png`,
        fullPage: width < 500 && !name.startsWith('er-board'),
      });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('deactivating the on-call specialist asks first, then the doctor is warned before sending', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Who is on call for General Surgery now, as the ER admin's coverage says.
  const erAdminContext = await browser.newContext({ ignoreHTTPSErrors: true });
  contexts.push(erAdminContext);
  const erAdmin = await erAdminContext.newPage();
  const token = bearerOf(erAdmin);
  await signIn(erAdmin, 'emergency_room_admin@demo.test');
  const bearer = await token();
  const coverage = await erAdmin.evaluate(async (auth) => {
    const answer = await fetch('/api/v1/schedules/coverage', {
      headers: { authorization: `Bearer ${auth}` },
    });
    return (await answer.json()) as Coverage;
  }, bearer);
  const onCall = coverage.specialties.find((entry) => entry.specialty.name === SPECIALTY)?.now?.primary;
  expect(onCall, `somebody covers ${SPECIALTY} in the demo rota`).toBeDefined();
  const name = onCall?.displayName ?? '';

  // The hospital admin sets the switchboard number, then deactivates the on-call specialist.
  const admin = await personAt(browser, 'hospital@demo.test', '/hospital-admin/');
  await admin.goto('/hospital-admin/');
  const switchboard = admin.getByRole('form', { name: 'Switchboard number' });
  await switchboard.getByLabel('Switchboard number').fill(SWITCHBOARD);
  await switchboard.getByRole('button', { name: 'Save switchboard number' }).click();
  await expect(admin.getByText(`Switchboard number saved: ${SWITCHBOARD}`)).toBeVisible();
  await checkBothWidths(admin, 'hospital-admin-switchboard');

  // On a phone, the hospital admin's screens are in the menu.
  await admin.setViewportSize({ width: 360, height: 740 });
  await admin.getByRole('button', { name: /menu/i }).click();
  const menu = admin.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Specialists' })).toBeVisible();
  await expectNoSeriousAxeViolations(admin, 'the admin menu at 360 px');
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/admin-menu-360.png` });
  await menu.getByRole('link', { name: 'Specialists' }).click();
  await expect(admin).toHaveURL(/\/hospital-admin\/specialists-details\/$/);
  await admin.setViewportSize({ width: 1280, height: 800 });

  await admin.goto('/hospital-admin/specialists-details/');
  await admin.getByLabel(/^Search/).fill(name);
  await admin.getByRole('button', { name: `Deactivate ${name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Deactivate ${name}?` });
  const shifts = dialog.getByRole('list', { name: `Shifts of ${name}` });
  await expect(shifts.getByRole('listitem').first()).toBeVisible();
  await expect(shifts).toContainText(`${SPECIALTY}, `);
  await expect(shifts).toContainText(
    `on call as primary — nobody will be on call; new cases go to every ${SPECIALTY} specialist`,
  );
  await expect(dialog.getByTestId('deactivation-breaks')).toContainText('will have nobody on call');
  await checkBothWidths(admin, 'deactivate-dialog');
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('button', { name: `Reactivate ${name}` })).toBeVisible();

  // The doctor choosing General Surgery is warned before sending, with the switchboard to call.
  const doctor = await personAt(browser, 'er_doctor@demo.test', '/emergency-room/doctor/cases/new');
  await doctor.goto('/emergency-room/doctor/cases/new');
  await doctor.getByLabel(/^Specialty/).selectOption({ label: SPECIALTY });
  const warning = doctor.getByTestId('no-coverage-warning');
  await expect(warning).toContainText(`Nobody is on call for ${SPECIALTY} now`);
  await expect(warning.getByRole('link', { name: SWITCHBOARD })).toHaveAttribute('href', 'tel:+442079460999');
  await expect(warning).toContainText(
    `If you send anyway, the case goes at once to every ${SPECIALTY} specialist`,
  );
  await checkBothWidths(doctor, 'new-case-no-coverage');

  // Sent anyway: the case is marked as having no on-call cover, on its page and on the ER board.
  await doctor.getByRole('radio', { name: 'Urgent' }).check();
  await doctor.getByLabel(/^Chief complaint/).fill('Right iliac fossa pain since this morning');
  await doctor.getByLabel(/^Age/).fill('34');
  await doctor.getByLabel(/^Sex/).selectOption('male');
  await doctor
    .getByRole('radiogroup', { name: /Signs of peritonism/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await doctor.getByRole('button', { name: 'Create case' }).click();
  await expect(doctor.getByText(`No on-call coverage for ${SPECIALTY}`)).toBeVisible();
  await doctor.getByRole('link', { name: /^Open case / }).click();
  await expect(doctor.getByTestId('no-coverage-line')).toContainText(`Nobody was on call for ${SPECIALTY}`);
  await expect(doctor.getByText('No on-call cover', { exact: true }).first()).toBeVisible();
  await expect(doctor.getByRole('timer', { name: 'Escalates in: —' })).toBeVisible();
  await checkBothWidths(doctor, 'case-no-coverage');
  await erAdmin.goto('/emergency-room/');
  await expect(erAdmin.getByText('No on-call cover', { exact: true }).first()).toBeVisible();
  await checkBothWidths(erAdmin, 'er-board-no-coverage');

  await doctor.goto('/emergency-room/doctor/cases/new');
  await expect(doctor.getByLabel(/^Specialty/)).toBeVisible();

  // A covered specialty names who is on call.
  await doctor.getByLabel(/^Specialty/).selectOption({ label: 'Neurology' });
  await expect(doctor.getByText('On call now for Neurology')).toBeVisible();
  await checkBothWidths(doctor, 'new-case-on-call');

  // Put the demo back as it was: the specialist active again (their shifts cover again).
  await admin.getByRole('button', { name: `Reactivate ${name}` }).click();
  await expect(admin.getByRole('button', { name: `Deactivate ${name}` })).toBeVisible();
  await doctor.reload();
  await doctor.getByLabel(/^Specialty/).selectOption({ label: SPECIALTY });
  await expect(doctor.getByText(`On call now for ${SPECIALTY}`)).toBeVisible();
});
