// Schedules end to end: the ER admin sees the demo rota's Cardiology gap on their home, opens the schedule at
// it, fills it by dragging down the day on the calendar, and the gap is gone. Every schedules screen passes
// axe at 360 and 1280 px; screenshots go to /tmp/shots-schedules/ to be looked at.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { routes } from '../src/config/routes.ts';
import { signIn } from './support/sign-in.ts';

const SHOTS = '/tmp/shots-schedules';
const WIDTHS = [360, 1280] as const;

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

async function lookAt(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await ready();
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('an ER admin finds the Cardiology gap, fills it by dragging on the calendar, and the gap disappears', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'emergency_room_admin@demo.test', routes.emergencyRoomAdmin.href());
  await page.goto(routes.emergencyRoomAdmin.href());
  await expect(page.getByRole('heading', { name: 'On call now' })).toBeVisible();
  const gapLinks = page.getByRole('link', { name: 'Open the Cardiology schedule at this gap' });
  await expect(gapLinks.first()).toBeVisible();
  const gapsBefore = await gapLinks.count();
  await lookAt(page, 'admin-home', () =>
    expect(page.getByRole('heading', { name: 'Open cases' })).toBeVisible(),
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  await gapLinks.first().click();
  await expect(page.getByRole('heading', { name: 'On-call schedules', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Specialty')).toHaveValue('spc_cardiology');
  const focused = page.locator('[data-gap-focused="true"]').first();
  await expect(focused).toBeVisible();
  await lookAt(page, 'on-call-schedules', () => expect(focused).toBeAttached());

  // Drag from the top of the outlined gap to its bottom, in its day's column.
  await page.setViewportSize({ width: 1280, height: 900 });
  await focused.scrollIntoViewIfNeeded();
  const box = await focused.boundingBox();
  if (!box) throw new Error('The gap is not drawn');
  const x = box.x + box.width / 2;
  await page.mouse.move(x, box.y + 1);
  await page.mouse.down();
  await page.mouse.move(x, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(x, box.y + box.height - 1, { steps: 5 });
  await page.mouse.up();

  const dialog = page.getByRole('dialog', { name: 'New Cardiology shift' });
  await expect(dialog).toBeVisible();
  await lookAt(page, 'shift-form', () => expect(dialog).toBeVisible());
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Save shift' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is on call' })).toBeVisible();
  await expect(page.locator('[data-gap-focused="true"]')).toHaveCount(0);

  await page.goto(routes.emergencyRoomAdmin.href());
  // Coverage has loaded once Cardiology's card is there; then the filled gap is no longer listed.
  await expect(page.getByRole('listitem', { name: 'Cardiology' })).toBeVisible();
  await expect(gapLinks).toHaveCount(gapsBefore - 1);
});

test('the specialist scheduler and the ER board pass axe at phone and ward widths', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'emergency_room_admin@demo.test', routes.emergencyRoomAdminSpecialistScheduler.href());
  await page.goto(routes.emergencyRoomAdminSpecialistScheduler.href());
  await lookAt(page, 'specialist-scheduler', () =>
    expect(page.getByRole('button', { name: 'Save availability' })).toBeVisible(),
  );
  // The calendar by keyboard: a gap's button opens the form.
  await page.goto(routes.emergencyRoomAdminOnCallSchedules.href());
  await expect(page.getByRole('button', { name: /^Add shift on / }).first()).toBeVisible();
  await page
    .getByRole('button', { name: /^Add shift on / })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(routes.emergencyRoom.href());
  await lookAt(page, 'er-board', () =>
    expect(page.getByRole('heading', { name: 'On call now' })).toBeVisible(),
  );
});

test('a specialist sees their coming shifts on the case box', async ({ page }) => {
  await signIn(page, 'specialist@demo.test', routes.specialistCases.href());
  await expect(page.getByRole('heading', { name: 'Your coming shifts' })).toBeVisible();
  await lookAt(page, 'case-box-shifts', () =>
    expect(page.getByText(/Neurology · primary/).first()).toBeVisible(),
  );
});
