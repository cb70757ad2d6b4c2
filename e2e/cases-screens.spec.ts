// The case screens as clinicians use them: the worklists put what needs a person now first; every case
// screen passes axe (all rules; no serious or critical violation) at 1280 and 360 px, forms after a failed
// submit included; and a doctor and a specialist create and accept a case with the keyboard alone.
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signIn } from './support/sign-in.ts';

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function personAt(browser: Browser, email: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width, height: width < 500 ? 740 : 800 },
  });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

const UNACCEPTED = ['Pending', 'Escalated'];

/** The attention rank of each card, from the words of its badges: 0 unaccepted emergent, 1 unaccepted, 2 rest. */
async function ranksOf(list: Locator): Promise<number[]> {
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const cards = await list.getByRole('listitem').all();
  const ranks: number[] = [];
  for (const card of cards) {
    // The state badge comes first; a waiting case without on-call cover carries a badge of its own before
    // the urgency, so the urgency is found by its word.
    const badges = (await card.locator('.mantine-Badge-root').allInnerTexts()).map((text) => text.trim());
    const [status = ''] = badges;
    if (!UNACCEPTED.includes(status)) ranks.push(2);
    else ranks.push(badges.includes('Emergent') ? 0 : 1);
  }
  return ranks;
}

test('the worklists put unaccepted emergent cases first, then the other unaccepted, then the rest', async ({
  browser,
}) => {
  const er = await personAt(browser, 'emergency_room@demo.test');
  const ranks = await ranksOf(er.getByRole('list', { name: 'Cases' }));
  expect(ranks.length).toBeGreaterThan(5);
  expect(ranks[0]).toBe(0);
  expect(ranks).toContain(2);
  expect(ranks).toEqual([...ranks].sort());

  const doctor = await personAt(browser, 'er_doctor@demo.test');
  await doctor.getByText('All', { exact: true }).click();
  const mine = await ranksOf(doctor.getByRole('list', { name: 'My cases' }));
  expect(mine[0]).toBe(0);
  expect(mine).toEqual([...mine].sort());
});

for (const width of [1280, 360]) {
  test(`every case screen passes axe at ${width} px, forms after a failed submit too`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const doctor = await personAt(browser, 'er_doctor@demo.test', width);
    await expect(doctor.getByRole('list', { name: 'My cases' })).toBeVisible();
    await expect(doctor).toHaveTitle('My cases · Case Router');
    await expectNoSeriousAxeViolations(doctor, 'my cases');

    const first = doctor.getByRole('list', { name: 'My cases' }).getByRole('link').first();
    const number = (await first.textContent()) ?? '';
    await first.click();
    await expect(doctor.getByRole('heading', { level: 1, name: `Case ${number}` })).toBeVisible();
    await expect(doctor).toHaveTitle(`${number} · Case Router`);
    await expectNoSeriousAxeViolations(doctor, 'the doctor’s case');

    await doctor.goto('/emergency-room/doctor/cases/new');
    const create = doctor.getByRole('button', { name: 'Create case' });
    await expect(create).toBeVisible();
    await expectNoSeriousAxeViolations(doctor, 'new case');
    await create.click();
    await expect(doctor.getByText('Choose the specialty to ask')).toBeVisible();
    await expectNoSeriousAxeViolations(doctor, 'new case after a failed submit');

    const er = await personAt(browser, 'emergency_room@demo.test', width);
    await expect(er.getByRole('list', { name: 'Cases' })).toBeVisible();
    await er.getByRole('button', { name: 'Search and filters' }).click();
    await expect(er.getByLabel('Urgency')).toBeVisible();
    await expectNoSeriousAxeViolations(er, 'the emergency room’s cases');

    const specialist = await personAt(browser, 'specialist@demo.test', width);
    for (const tab of ['Offered', 'Accepted', 'History']) {
      await specialist.getByRole('tab', { name: tab }).click();
      await expect(specialist.getByRole('tabpanel')).not.toContainText('Loading');
      await expectNoSeriousAxeViolations(specialist, `case box: ${tab}`);
    }
    await specialist.getByRole('tabpanel').getByRole('link').first().click();
    await expect(specialist.getByRole('heading', { level: 1 })).toContainText('Case ');
    await expectNoSeriousAxeViolations(specialist, 'the specialist’s case');
  });
}

/** Presses Tab until the focused element's name matches: the way a keyboard user moves through a page. */
async function tabTo(page: Page, name: RegExp, limit = 150): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement)) return '';
      const label =
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLButtonElement
          ? element.labels?.[0]?.textContent
          : undefined;
      return (element.getAttribute('aria-label') ?? label ?? element.textContent).trim();
    });
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

test('a doctor creates a case and a specialist accepts it, with the keyboard alone', async ({ browser }) => {
  test.setTimeout(180_000);
  const doctor = await personAt(browser, 'er_doctor@demo.test');
  const specialist = await personAt(browser, 'specialist@demo.test');
  await expect(specialist.getByRole('heading', { name: 'Case box' })).toBeVisible();

  await expect(doctor.getByRole('heading', { name: 'My cases' })).toBeVisible();
  await tabTo(doctor, /^Skip to main content$/);
  await tabTo(doctor, /^New case$/);
  await doctor.keyboard.press('Enter');
  await expect(doctor.getByRole('button', { name: 'Create case' })).toBeVisible();

  await tabTo(doctor, /^Specialty/);
  await doctor.keyboard.type('Neurology');
  await expect(doctor.getByLabel(/^NIHSS score/)).toBeVisible();
  await tabTo(doctor, /^Emergent$/);
  await doctor.keyboard.press('Space');
  const complaint = `Keyboard-only stroke alert ${Date.now()}`;
  await tabTo(doctor, /^Chief complaint/);
  await doctor.keyboard.type(complaint);
  await tabTo(doctor, /^Age/);
  await doctor.keyboard.type('71');
  await tabTo(doctor, /^Sex/);
  await doctor.keyboard.type('Female');
  const arrival = await doctor.getByLabel(/^Arrival time/).inputValue();
  const [date = '', time = ''] = arrival.split('T');
  const [year, month, day] = date.split('-');
  await tabTo(doctor, /^Symptom onset/);
  // Chromium's date-time field in US English: month, day, year (up to six digits, so an arrow moves on), then
  // the hour on a 12-hour clock, the minutes and AM or PM.
  const [hour = 0, minute = ''] = time.split(':').map((part, index) => (index === 0 ? Number(part) : part));
  await doctor.keyboard.type(`${month}${day}${year}`);
  await doctor.keyboard.press('ArrowRight');
  const twelve = Number(hour) % 12 === 0 ? 12 : Number(hour) % 12;
  await doctor.keyboard.type(
    `${String(twelve).padStart(2, '0')}${String(minute)}${Number(hour) < 12 ? 'A' : 'P'}`,
  );
  await expect(doctor.getByLabel(/^Symptom onset/)).toHaveValue(arrival);
  await tabTo(doctor, /^NIHSS score/);
  await doctor.keyboard.type('7');
  await tabTo(doctor, /^Yes$/);
  await doctor.keyboard.press('Space');
  await tabTo(doctor, /^Create case$/);
  await doctor.keyboard.press('Enter');

  const created = doctor.getByRole('status').filter({ hasText: 'created' });
  await expect(created).toContainText('Routed to Dr Sam Lindqvist (on-call primary).');
  const number = /Case (\S+) created/.exec((await created.textContent()) ?? '')?.[1] ?? '';
  expect(number).toMatch(/^SGH-\d+$/);

  await expect(specialist.getByRole('link', { name: number })).toBeVisible();
  await tabTo(specialist, new RegExp(`^${number}$`));
  await specialist.keyboard.press('Enter');
  await expect(specialist.getByRole('heading', { level: 1, name: `Case ${number}` })).toBeVisible();
  await tabTo(specialist, /^Accept$/);
  await specialist.keyboard.press('Enter');
  await expect(specialist.getByRole('button', { name: 'Submit consultation' })).toBeVisible();
  await expect(specialist.getByText('Accepted', { exact: true }).first()).toBeVisible();
});
