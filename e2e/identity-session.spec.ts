// A shared ward PC: the provider's session is a browser-session cookie unless the user keeps it, and Switch user
// ends it and lands on the sign-in page for the next person. Axe at 360 and 1280 px on the pages it shows.
import { expect, type Page, test } from '@playwright/test';
import { identityTexts } from '../server/src/identity/texts.ts';
import { ROLE_HOME_ROUTES } from '../src/lib/auth/roles.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signIn, signInThroughLoginPage, trimmedPath } from './support/sign-in.ts';

const SHOTS = process.env['E2E_SCREENSHOTS'];
const WIDTHS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'ward PC', width: 1280, height: 800 },
] as const;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function expectSignInPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: identityTexts.signInTitle })).toBeVisible();
  await expect(page.getByLabel(identityTexts.email)).toHaveValue('');
  await expect(page.getByLabel(identityTexts.keepSignedIn)).not.toBeChecked();
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === '_session');
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('Switch user ends the session and lands on the sign-in page for the next person', async ({
      page,
    }) => {
      await signIn(page, 'er_doctor@demo.test');
      await expect.poll(() => trimmedPath(page)).toBe(ROLE_HOME_ROUTES.er_doctor);
      // Not kept on this device: the session cookie ends with the browser.
      expect((await sessionCookie(page))?.expires).toBe(-1);

      if (size.width < 992) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expectNoSeriousAxeViolations(page, `menu at ${size.width} px`);
        await shot(page, `menu-${size.width}`);
        await page.getByRole('dialog').getByRole('link', { name: 'Switch user' }).click();
      } else {
        await shot(page, `header-${size.width}`);
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Switch user' })
          .click();
      }

      await expectSignInPage(page);
      expect(await sessionCookie(page)).toBeUndefined();
      await expectNoSeriousAxeViolations(page, `sign-in page at ${size.width} px`);
      await shot(page, `sign-in-${size.width}`);

      // The app no longer knows the last user: opening it asks for a sign-in.
      await page.goto('/');
      await expectSignInPage(page);

      await signInThroughLoginPage(page, 'specialist@demo.test');
      await expect.poll(() => trimmedPath(page)).toBe(ROLE_HOME_ROUTES.specialist);
    });

    test('a sign-out sent from elsewhere asks first, and Stay signed in keeps the session', async ({
      page,
    }) => {
      await signIn(page, 'emergency_room@demo.test');
      await expect.poll(() => trimmedPath(page)).toBe(ROLE_HOME_ROUTES.emergency_room);

      await page.goto('/oidc/session/end');
      await expect(page.getByRole('heading', { name: identityTexts.confirmSignOutTitle })).toBeVisible();
      await expectNoSeriousAxeViolations(page, `sign-out confirmation at ${size.width} px`);
      await shot(page, `confirm-sign-out-${size.width}`);

      await page.getByRole('link', { name: identityTexts.staySignedIn }).click();
      await expect.poll(() => trimmedPath(page)).toBe(ROLE_HOME_ROUTES.emergency_room);
      expect(await sessionCookie(page)).toBeDefined();
    });
  });
}

test('"Keep me signed in on this device" makes the session cookie last', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel(identityTexts.keepSignedIn).check();
  await signInThroughLoginPage(page, 'hospital@demo.test');
  await expect.poll(() => trimmedPath(page)).toBe(ROLE_HOME_ROUTES.hospital);
  const cookie = await sessionCookie(page);
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 86_400);
});
