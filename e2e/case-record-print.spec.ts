// The case page on paper: the browser’s own print shows nothing of the case, only how to print it; the
// audited "Print summary" prints the case, headed by when and by whom, until its dialog closes. And the
// case's audit trail, for its emergency room admin.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { routes } from '../src/config/routes.ts';
import { caseRecordTexts } from '../src/features/cases/components/case-record-actions.tsx';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signIn } from './support/sign-in.ts';

const SHOTS = process.env['SHOTS_DIR'];
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

test('the case page prints the case only through the audited print', async ({ page }) => {
  await signIn(page, 'er_doctor@demo.test', routes.doctorCases.href());
  await page.goto(routes.doctorCases.href());
  const link = page.getByRole('link', { name: /^SGH-\d+$/ }).first();
  const displayNumber = (await link.textContent()) ?? '';
  await link.click();
  const heading = page.getByRole('heading', { name: `Case ${displayNumber}` });
  await expect(heading).toBeVisible();
  const howToPrint = page.getByText(caseRecordTexts.printOnlyThroughButton);
  await expect(howToPrint).toBeHidden();

  // The browser's own print: nothing of the case.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'print' });
  await expect(howToPrint).toBeVisible();
  await expect(heading).toBeHidden();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/case-own-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The audited print (the dialog itself is the browser's: stubbed here, so it stays "open").
  await page.evaluate(() => {
    window.print = () => {
      document.body.dataset['printed'] = 'yes';
    };
  });
  const audited = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/prints'),
  );
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Print summary' }).click();
  expect((await audited).status()).toBe(204);
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  await page.emulateMedia({ media: 'print' });
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('print-heading')).toContainText(`Case record ${displayNumber}`);
  await expect(howToPrint).toBeHidden();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/case-audited-print.png`, fullPage: true });

  // The dialog closes: the next print is the browser's own again.
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(heading).toBeHidden();
  await expect(howToPrint).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});

test('the emergency room admin reads a case’s audit trail, newest first, page by page', async ({ page }) => {
  await signIn(page, 'emergency_room_admin@demo.test', routes.emergencyRoomCases.href());
  await page.goto(routes.emergencyRoomCases.href());
  await page
    .getByRole('link', { name: /^SGH-\d+$/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Show audit trail' }).click();
  const events = page.getByRole('list', { name: 'Audit events' });
  // Newest first: this very read heads the trail.
  await expect(events.getByRole('listitem').first()).toContainText('case.audit.read');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/case-audit-trail-${width}.png`, fullPage: true });
  }
});
