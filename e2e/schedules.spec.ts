// Schedules end to end: the ER admin sees the demo rota's Cardiology gap on their home, opens the schedule at
// it, fills it by dragging down the day on the calendar, and the gap is gone. Routing follows the calendar: a
// case opened inside a shift just drawn goes to its neurologist, the ER's live board shows to whom, and a
// handover moves the waiting case to the incoming neurologist's case box. The calendar works by keyboard,
// repeats a pattern and copies a week. Every schedules screen passes axe at 360 and 1280 px; screenshots go
// to /tmp/shots-schedules/ to be looked at.
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { routes } from '../src/config/routes.ts';
import { signIn } from './support/sign-in.ts';

const SHOTS = '/tmp/shots-schedules';

// Other people's browsers are this spec's own: closed after each test, so their event streams end with it.
const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function personAt(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 900 },
  });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** The name the header shows for whoever is signed in on the page. */
async function nameOf(page: Page): Promise<string> {
  const shown = page.getByTestId('signed-in-user');
  await expect(shown).not.toBeEmpty();
  return (await shown.textContent()) ?? '';
}

/** A field by its label, with or without the required-field asterisk. */
function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[()?]/g, '\\$&')}( \\*)?$`);
}
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

test('a case opened inside a shift the admin just drew goes to its neurologist, and a handover moves it on', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // The two neurologists who take over: their names as the app shows them, once signed in.
  const incoming = await personAt(browser, 'neurology.1.sgh@demo.test');
  const incomingName = await nameOf(incoming);
  const next = await personAt(browser, 'neurology.2.sgh@demo.test');
  const nextName = await nameOf(next);
  const doctor = await personAt(browser, 'er_doctor@demo.test');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'emergency_room_admin@demo.test', routes.emergencyRoomAdminOnCallSchedules.href());
  await page.goto(routes.emergencyRoomAdminOnCallSchedules.href());
  // Chosen on the screen: a sign-in still settling may drop a query from the address.
  await page.getByLabel('Specialty').selectOption('spc_neurology');
  await expect(page.getByLabel('Specialty')).toHaveValue('spc_neurology');

  // The demo rota's 12-hour Neurology block covering now (the demo specialist's) is deleted by its form...
  const block = 12 * 3_600_000;
  const blockStart = Math.floor(Date.now() / block) * block;
  const blockId = `shf_sgh_neurology_${new Date(blockStart)
    .toISOString()
    .replace(/[^0-9]/g, '')
    .slice(0, 12)}`;
  await page.locator(`[data-shift-id="${blockId}"]`).first().click();
  const edit = page.getByRole('dialog', { name: 'Edit Neurology shift' });
  await edit.getByRole('button', { name: 'Delete shift' }).click();
  // Deleting asks first and names the gap it leaves.
  await expect(edit.getByTestId('delete-gap')).toContainText('nobody is on call for Neurology');
  await edit.getByRole('button', { name: 'Delete and leave the gap' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Shift deleted.' })).toBeVisible();
  // The dialog's overlay, fading out, would take the drag's first press; and the deleted block, until the
  // calendar has reloaded, would take it as the start of a move.
  await expect(edit).toBeHidden();
  await expect(page.locator(`[data-shift-id="${blockId}"]`)).toHaveCount(0);

  // ...and drawn again by dragging down its day, from the block's start to its end (or the day's end). The
  // shifts on the calendar before it is drawn tell the drawn one apart from the neurologist's other shifts
  // (as backup, or in a block that began before this one).
  const shiftIds = () =>
    page
      .locator('[data-shift-id]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-shift-id') ?? ''));
  const before = new Set(await shiftIds());
  const track = page.locator('[data-day-start]');
  const tracks = await track.evaluateAll((elements) =>
    elements.map((element) => ({
      start: Number(element.getAttribute('data-day-start')),
      end: Number(element.getAttribute('data-day-end')),
    })),
  );
  const index = tracks.findIndex((day) => day.start <= blockStart && blockStart < day.end);
  const day = tracks[index];
  if (day === undefined) throw new Error('The day of the block is not on the calendar');
  const dayTrack = track.nth(index);
  const minute = 60_000;
  // Pressed 12 minutes in (the calendar snaps to the nearest half hour): a few pixels inside the day, not on
  // its edge. Hovered first, so the press lands where the day is once the closed dialog's page has settled
  // (its scroll lock let go, the page may have moved): the hover waits until the day itself is under it.
  const startAt = blockStart + 12 * minute;
  const offsetOf = (instant: number, height: number) =>
    ((instant - day.start) / (day.end - day.start)) * height;
  const size = await dayTrack.boundingBox();
  if (!size) throw new Error('The day is not drawn');
  await dayTrack.hover({ position: { x: size.width / 2, y: offsetOf(startAt, size.height) } });
  const box = await dayTrack.boundingBox();
  if (!box) throw new Error('The day is not drawn');
  const yOf = (instant: number) => box.y + offsetOf(instant, box.height);
  const x = box.x + box.width / 2;
  await page.mouse.move(x, yOf(startAt));
  await page.mouse.down();
  await page.mouse.move(x, yOf(blockStart + 3 * 3_600_000), { steps: 5 });
  await page.mouse.move(x, yOf(Math.min(blockStart + block, day.end) - 12 * minute), { steps: 5 });
  await page.mouse.up();
  const drawn = page.getByRole('dialog', { name: 'New Neurology shift' });
  await drawn.getByLabel('Primary specialist').selectOption({ label: incomingName });
  await drawn.getByRole('button', { name: 'Save shift' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Saved: ${incomingName} is on call.` }),
  ).toBeVisible();
  let drawnId = '';
  await expect
    .poll(async () => {
      drawnId = (await shiftIds()).find((id) => !before.has(id)) ?? '';
      return drawnId;
    })
    .not.toBe('');

  // The ER's live board, open before the case exists, shows it offered to the neurologist just put on call.
  const board = await page.context().newPage();
  await board.setViewportSize({ width: 1280, height: 900 });
  await board.goto(routes.emergencyRoom.href());
  await expect(board.getByRole('heading', { name: 'On call now' })).toBeVisible();

  await doctor.getByRole('link', { name: 'New case' }).click();
  await doctor.getByLabel(labelled('Specialty')).selectOption({ label: 'Neurology' });
  await doctor.getByRole('radio', { name: 'Emergent' }).check();
  await doctor.getByLabel(labelled('Chief complaint')).fill(`Sudden aphasia ${String(Date.now())}`);
  await doctor.getByLabel(labelled('Age')).fill('71');
  await doctor.getByLabel(labelled('Sex')).selectOption('male');
  await doctor.getByLabel(labelled('Heart rate (bpm)')).fill('88');
  const arrival = await doctor.getByLabel(labelled('Arrival time')).inputValue();
  await doctor.getByLabel(labelled('Symptom onset (last known well)')).fill(arrival);
  await doctor.getByLabel(labelled('NIHSS score (points)')).fill('7');
  await doctor
    .getByRole('radiogroup', { name: /On anticoagulants/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await doctor.getByRole('button', { name: 'Create case' }).click();
  const created = doctor.getByRole('status').filter({ hasText: 'created' });
  await expect(created).toContainText(`Routed to ${incomingName} (on-call primary).`);
  const displayNumber = /Case (\S+) created/.exec((await created.textContent()) ?? '')?.[1] ?? '';
  expect(displayNumber).toMatch(/^SGH-\d+$/);

  // On a desktop the board is a table: the case's row names who holds its offer.
  const card = board.getByRole('row', { name: new RegExp(displayNumber) });
  await expect(card).toContainText(`${incomingName} (on-call primary)`);
  await expect(incoming.getByRole('link', { name: displayNumber })).toBeVisible();

  // The admin hands the rest of the shift over; the waiting case follows, on the board and in the case box.
  await page.locator(`[data-shift-id="${drawnId}"]`).first().click();
  const handover = page.getByRole('dialog', { name: 'Edit Neurology shift' });
  await expect(handover.getByLabel('Primary specialist').locator('option:checked')).toHaveText(incomingName);
  await handover.getByLabel('Hand over to').selectOption({ label: nextName });
  await handover.getByRole('button', { name: 'Hand over' }).click();
  // A refused handover says why in the dialog: the assertion then shows that reason.
  const refusal = handover.getByRole('alert');
  await expect
    .poll(async () =>
      (await refusal.count()) > 0
        ? await refusal.innerText()
        : await page.getByTestId('schedule-notice').innerText(),
    )
    .toContain(`Handed over to ${nextName}`);
  // Our case at least: another spec's waiting case may sit with the same specialist on the shared demo.
  await expect(page.getByTestId('schedule-notice')).toContainText(/[1-9]\d* waiting cases? moved/);
  await expect(card).toContainText(`${nextName} (on-call primary)`);
  await expect(next.getByRole('link', { name: displayNumber })).toBeVisible();
  // At 360 px the board is cards again: the case's card names its new holder there.
  await lookAt(board, 'er-board-live', () =>
    expect(board.getByRole('main').getByText(displayNumber).first()).toBeVisible(),
  );
  await board.close();
});

test('the calendar by keyboard: add a shift, move it with the arrow keys, in the week and the month', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'emergency_room_admin@demo.test', routes.emergencyRoomAdminOnCallSchedules.href());
  await page.goto(routes.emergencyRoomAdminOnCallSchedules.href());
  // Chosen on the screen: a sign-in still settling may drop a query from the address.
  await page.getByLabel('Specialty').selectOption('spc_orthopaedics');
  await expect(page.getByLabel('Specialty')).toHaveValue('spc_orthopaedics');
  // Three weeks on, past the demo rota: an empty week.
  const nextWeek = page.getByRole('button', { name: 'Next week' });
  for (let step = 0; step < 3; step += 1) {
    await nextWeek.focus();
    await page.keyboard.press('Enter');
  }
  const heading = page.getByText(/^Week of /);
  const weekText = (await heading.textContent()) ?? '';
  const addTuesday = page.getByRole('button', { name: /^Add shift on Tue / });
  await addTuesday.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New Orthopaedics shift' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save shift' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'is on call' })).toBeVisible();

  const shift = page.locator('[data-shift-id]').first();
  const shiftId = await shift.getAttribute('data-shift-id');
  await shift.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('schedule-notice')).toContainText(/Moved: .* Tue .* 08:30–20:30\./);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('schedule-notice')).toContainText(/Moved: .* Wed .* 08:30–20:30\./);
  // The keyboard stays on the moved shift.
  await expect(page.locator(':focus')).toHaveAttribute('data-shift-id', shiftId ?? '');
  await page.keyboard.press('Enter');
  const editing = page.getByRole('dialog', { name: 'Edit Orthopaedics shift' });
  await expect(editing).toBeVisible();
  await lookAt(page, 'shift-edit-form', () =>
    expect(editing.getByRole('button', { name: 'Hand over' })).toBeVisible(),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await lookAt(page, 'on-call-week', () => expect(page.getByText(weekText)).toBeVisible());

  // The month: the same shift, a day earlier with the left arrow.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Month', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const inMonth = page.locator(`[data-shift-id="${shiftId ?? ''}"]`);
  await inMonth.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('schedule-notice')).toContainText(/Moved: .* Tue .* 08:30–20:30\./);
  await expect(page.locator(':focus')).toHaveAttribute('data-shift-id', shiftId ?? '');
  await lookAt(page, 'on-call-month', () =>
    expect(page.getByRole('button', { name: 'Month', exact: true })).toBeVisible(),
  );
});

test('repeat a shift over four weeks of weekdays, copy a week to the next, and move a shift by dragging', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'emergency_room_admin@demo.test', routes.emergencyRoomAdminOnCallSchedules.href());
  await page.goto(routes.emergencyRoomAdminOnCallSchedules.href());
  // Chosen on the screen: a sign-in still settling may drop a query from the address.
  await page.getByLabel('Specialty').selectOption('spc_general_surgery');
  await expect(page.getByLabel('Specialty')).toHaveValue('spc_general_surgery');
  for (let step = 0; step < 5; step += 1) await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Repeat a shift…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Repeat a General Surgery shift' });
  await expect(dialog.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
  await lookAt(page, 'repeat-form', () => expect(dialog).toBeVisible());
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Create shifts' }).click();
  await expect(page.getByTestId('schedule-notice')).toContainText('Created 20 shifts.');
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-shift-id]')).toHaveCount(5);

  // Move Friday's shift to Saturday by dragging it across.
  const friday = page.getByRole('region', { name: /^Fri / }).locator('[data-shift-id]');
  const saturday = page.getByRole('region', { name: /^Sat / }).locator('[data-day-start]');
  const from = await friday.boundingBox();
  const to = await saturday.boundingBox();
  if (!from || !to) throw new Error('The days are not drawn');
  await page.mouse.move(from.x + from.width / 2, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, from.y + 10, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByTestId('schedule-notice')).toContainText(/Moved: .* Sat .* 08:00–20:00\./);
  await expect(page.getByRole('region', { name: /^Sat / }).locator('[data-shift-id]')).toHaveCount(1);

  // The fourth week of the pattern, copied to the week after it.
  for (let step = 0; step < 3; step += 1) await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.locator('[data-shift-id]')).toHaveCount(5);
  await page.getByRole('button', { name: 'Copy this week to the next' }).click();
  await expect(page.getByTestId('schedule-notice')).toContainText('Copied 5 shifts');
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.locator('[data-shift-id]')).toHaveCount(5);
});
