// The case page on paper: the browser's own print shows nothing of the case, only how to print it; the
// audited "Print summary" prints the case, headed by when and by whom, until its dialog closes.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { routes } from '../src/config/routes.ts';
import { caseRecordTexts } from '../src/features/cases/components/case-record-actions.tsx';
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
