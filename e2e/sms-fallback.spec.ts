// SMS fallback end to end, on a server of its own that speaks to a stand-in for Twilio's API: the hospital
// admin sets the emergent SMS time to its minimum (10 s), the specialist turns SMS alerts on in /settings
// with a mobile number and closes the app, the ER doctor opens a case; the offer reaches no device, so the
// SMS goes, and the doctor's case page shows it on the offer ("SMS sent hh:mm:ss"). The settings section and
// the offers panel pass axe at 360 and 1280 px. Screenshots go to SHOTS_DIR.
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Case, MySettings } from '../generated/types.gen.ts';
import { LocalTwilio } from '../tests/api/support/twilio-server.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { apiCall, bearerOf } from './support/node-client.ts';
import { E2E_PORT } from './server-env.ts';
import { specServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';

const SHOTS_DIR = process.env['SHOTS_DIR'];
const PORT = E2E_PORT + 3;
const twilio = new LocalTwilio();
let server: ReturnType<typeof specServer>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await twilio.start();
  server = specServer(PORT, twilio.env({ CASE_TIMER_TICK_MS: '200' }));
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
  await twilio.stop();
});

async function signedIn(
  browser: Browser,
  email: string,
  width: number,
): Promise<{ page: Page; token: () => Promise<string> }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const token = bearerOf(page);
  await signIn(page, email, `${server.url}/`);
  return { page, token };
}

test('an offer no device received goes by SMS, and the case page shows it on the offer', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, 'hospital@demo.test', 1280);
  const times = await apiCall(server.url, await admin.token(), 'PUT', '/hospitals/hosp_sgh/sms-fallback', {
    emergent: 10,
    urgent: 120,
    routine: 300,
  });
  expect(times.status).toBe(200);
  await admin.page.context().close();

  for (const width of [360, 1280]) {
    const specialist = await signedIn(browser, 'specialist@demo.test', width);
    const { page } = specialist;
    await page.goto(`${server.url}/settings`);
    const phone = page.getByRole('textbox', { name: 'Mobile number' });
    if (width === 360) {
      await phone.fill('+44 7700 900123');
      await page.getByRole('button', { name: 'Save profile' }).click();
      const sms = page.getByRole('switch', { name: /Send me an SMS/ });
      await expect(sms).toBeEnabled();
      await sms.click({ force: true });
      await expect(sms).toBeChecked();
    }
    const section = page.getByRole('region', { name: 'Alerts by SMS and e-mail' });
    await expect(section.getByText('SMS go to +44 7700 900123.')).toBeVisible();
    await expectNoSeriousAxeViolations(page, `/settings at ${width} px`);
    if (SHOTS_DIR !== undefined) {
      mkdirSync(SHOTS_DIR, { recursive: true });
      await section.screenshot({ path: `${SHOTS_DIR}/settings-sms-${width}.png` });
    }
    await page.context().close();
  }
  const me = await signedIn(browser, 'specialist@demo.test', 1280);
  const settings = await apiCall<MySettings>(server.url, await me.token(), 'GET', '/me/settings');
  expect(settings.body.smsFallback).toBe(true);
  await me.page.context().close();

  const doctor = await signedIn(browser, 'er_doctor@demo.test', 1280);
  const opened = await apiCall<Case>(
    server.url,
    await doctor.token(),
    'POST',
    '/cases',
    {
      specialtyId: 'spc_neurology',
      urgency: 'emergent',
      patient: { age: 71, sex: 'male' },
      doorTime: new Date(Date.now() - 600_000).toISOString(),
      chiefComplaint: 'Sudden aphasia',
    },
    { 'idempotency-key': `e2e-sms-${Date.now()}` },
  );
  expect(opened.status).toBe(201);
  await doctor.page.context().close();

  for (const width of [1280, 360]) {
    const viewer = await signedIn(browser, 'er_doctor@demo.test', width);
    await viewer.page.goto(`${server.url}/emergency-room/doctor/cases/${opened.body.id}`);
    const offers = viewer.page.getByRole('region', { name: 'Offers' });
    // The SMS falls due 10 s after the offer; the open case page refreshes when it is sent.
    await expect(offers.getByTestId('offer-attempts')).toContainText(/SMS sent \d\d:\d\d:\d\d/, {
      timeout: 45_000,
    });
    await expectNoSeriousAxeViolations(viewer.page, `the case page at ${width} px`);
    if (SHOTS_DIR !== undefined)
      await offers.screenshot({ path: `${SHOTS_DIR}/offers-attempts-${width}.png` });
    await viewer.page.context().close();
  }
  const about = twilio.received.filter((sms) => sms.body.includes(opened.body.id));
  expect(about.map((sms) => sms.to)).toEqual(['+447700900123']);
  expect(about[0]?.body).not.toContain('Sudden aphasia');
});
