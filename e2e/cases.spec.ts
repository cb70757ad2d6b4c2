// The case loop end to end, with two people at two browsers: the ER doctor opens an emergent Neurology
// case with an image; the on-call neurologist's open case box shows it without a reload and the bell counts
// it; they accept, talk both ways, answer with a consultation; the doctor sees it and closes the case.
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signIn } from './support/sign-in.ts';

// An 8 x 8 PNG: the server reads the type from the bytes, so the image must be a real one.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAbElEQVR4nA3JQQEAMAgDMZSgpEqqhOepQAlKqmjLN1VFFypcTLHFFSmqmm7UuJlmm2vSP0QLCYsRK05EP0wbGZsxa87EP4YeNHiYYYcbMj+WXrR4mWWXW7I/jj50+JhjjztyP0IHBYcJGy4kPLAsVIExyOP/AAAAAElFTkSuQmCC',
  'base64',
);

// The two people's browsers are this spec's own: closed after it, so their open event streams do not
// outlive the test (Playwright waits on them when it packs a later test's trace).
const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function personAt(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** A field by its label, with or without the required-field asterisk. */
function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[()?]/g, '\\$&')}( \\*)?$`);
}

/** What the bell's badge counts; no badge is none unread. */
async function unread(page: Page): Promise<number> {
  const badge = page.locator('.mantine-Indicator-indicator');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.first().textContent());
}

test('an emergent Neurology case goes from the ER doctor to the on-call neurologist and back', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const doctor = await personAt(browser, 'er_doctor@demo.test');
  const specialist = await personAt(browser, 'specialist@demo.test');
  await expect(specialist.getByRole('heading', { name: 'Case box' })).toBeVisible();
  await expect(specialist.getByRole('tab', { name: 'Offered' })).toHaveAttribute('aria-selected', 'true');
  const unreadBefore = await unread(specialist);

  await doctor.getByRole('link', { name: 'New case' }).click();
  await doctor.getByLabel(labelled('Specialty')).selectOption({ label: 'Neurology' });
  await doctor.getByRole('radio', { name: 'Emergent' }).check();
  const complaint = `Sudden left-sided weakness ${Date.now()}`;
  await doctor.getByLabel(labelled('Chief complaint')).fill(complaint);
  await doctor.getByLabel(labelled('Age')).fill('67');
  await doctor.getByLabel(labelled('Sex')).selectOption('female');
  await doctor.getByLabel(labelled('Heart rate (bpm)')).fill('92');
  const arrival = await doctor.getByLabel(labelled('Arrival time')).inputValue();
  await doctor.getByLabel(labelled('Symptom onset (last known well)')).fill(arrival);
  await doctor.getByLabel(labelled('NIHSS score (points)')).fill('9');
  await doctor
    .getByRole('radiogroup', { name: /On anticoagulants/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await doctor
    .getByLabel('Image files')
    .setInputFiles({ name: 'ct-head.png', mimeType: 'image/png', buffer: PNG });
  await doctor.getByRole('button', { name: 'Create case' }).click();

  const created = doctor.getByRole('status').filter({ hasText: 'created' });
  await expect(created).toContainText('Routed to Dr Sam Lindqvist (on-call primary).');
  const displayNumber = /Case (\S+) created/.exec((await created.textContent()) ?? '')?.[1] ?? '';
  expect(displayNumber).toMatch(/^SGH-\d+$/);
  await expect(doctor.getByText('Uploaded')).toBeVisible();

  // Without a reload: the live stream brings the offer to the open case box and the bell.
  const offered = specialist.getByRole('link', { name: displayNumber });
  await expect(offered).toBeVisible();
  await expect.poll(() => unread(specialist)).toBeGreaterThan(unreadBefore);

  await doctor.getByRole('link', { name: `Open case ${displayNumber}` }).click();
  await expect(doctor.getByRole('heading', { name: `Case ${displayNumber}` })).toBeVisible();
  const offer = doctor.getByRole('listitem', { name: 'Offer to Dr Sam Lindqvist' });
  await expect(offer).toContainText('Delivered');

  await offered.click();
  await expect(specialist.getByRole('img', { name: 'ct-head.png' })).toBeVisible();
  await expect(offer.getByText(/^Seen /)).toBeVisible();
  // The case page's own answer bar: the offer alert above may list other offers with their own Accept.
  await specialist
    .getByRole('group', { name: 'Answer the offer' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(specialist.getByRole('button', { name: 'Submit consultation' })).toBeVisible();
  await expect(offer.getByText(/^Accepted /)).toBeVisible();

  const specialistThread = specialist.getByRole('region', { name: 'Thread' });
  await specialistThread.getByLabel(labelled('Message')).fill('On my way. CT angiogram please.');
  await specialistThread.getByRole('button', { name: 'Send' }).click();
  const doctorThread = doctor.getByRole('region', { name: 'Thread' });
  await expect(doctorThread.getByText('On my way. CT angiogram please.')).toBeVisible();
  await doctorThread.getByLabel(labelled('Message')).fill('CT angiogram is on its way.');
  await doctorThread.getByRole('button', { name: 'Send' }).click();
  await expect(specialistThread.getByText('CT angiogram is on its way.')).toBeVisible();

  await specialist
    .getByLabel(labelled('Recommendation'))
    .fill('Thrombolysis contraindicated; thrombectomy assessment.');
  await specialist.getByLabel(labelled('Disposition')).selectOption('transfer');
  await specialist.getByLabel(labelled('Follow-up')).fill('Repeat NIHSS hourly.');
  await specialist.getByRole('button', { name: 'Submit consultation' }).click();

  const consultation = doctor.getByRole('region', { name: 'Consultation' });
  await expect(consultation).toContainText('Thrombolysis contraindicated; thrombectomy assessment.');
  await doctor.getByRole('button', { name: 'Close case' }).click();
  const dialog = doctor.getByRole('dialog', { name: 'Close case' });
  await dialog.getByLabel(labelled('Final disposition')).selectOption('transfer');
  await dialog.getByRole('button', { name: 'Close case' }).click();
  await expect(
    doctor.getByRole('region', { name: 'Timeline' }).getByText('Closed', { exact: true }),
  ).toBeVisible();
  await expect(doctor.getByRole('button', { name: 'Send' })).toHaveCount(0);
});
