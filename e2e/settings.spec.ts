// Settings, triage assessments and home, against the real server: the hospital admin adds a question to
// Neurology's triage assessment (moved with the keyboard, previewed, saved as a new version) and the ER
// doctor's new-case form asks it; a user changes their profile; axe passes on /home, /settings and the
// triage editor at a phone's width and a ward PC's. Screenshots go to SHOTS_DIR when it is set.
import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { routes } from '../src/config/routes.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signIn } from './support/sign-in.ts';

const SHOTS_DIR = process.env['SHOTS_DIR'];
const NEUROLOGY = routes.triageAssessment.href({ specialty: 'spc_neurology' });
const WIDTHS = [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
] as const;

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function personAt(browser: Browser, email: string, startAt = '/'): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, email, startAt);
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS_DIR === undefined) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

/** A field by its label, with or without the required-field asterisk. */
function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[()?]/g, '\\$&')}( \\*)?$`);
}

test('the hospital admin adds a triage question to Neurology and the ER doctor’s new-case form asks it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await personAt(browser, 'hospital@demo.test', NEUROLOGY);
  await admin.goto(NEUROLOGY);
  await expect(admin.getByRole('heading', { level: 1, name: 'Neurology triage assessment' })).toBeVisible();
  const questions = admin.getByRole('list', { name: 'Questions' });
  await expect(questions.getByRole('listitem').first()).toBeVisible();
  const before = await questions.getByRole('listitem').count();

  // Optional, so that the other specs' Neurology cases open as before.
  const label = `Seizure at onset? ${String(Date.now()).slice(-5)}`;
  await admin.getByRole('button', { name: 'Add question' }).click();
  const added = questions.getByRole('listitem').last();
  await added.getByRole('textbox', { name: labelled('Question') }).fill(label);
  // The keyboard's way to reorder: focus Move up, press Enter, and the question is one place higher.
  await added.getByRole('button', { name: `Move ${label} up` }).focus();
  await admin.keyboard.press('Enter');
  await expect(questions.getByRole('listitem').nth(before - 1)).toHaveAttribute(
    'aria-label',
    `Question ${before}: ${label}`,
  );
  await questions.getByRole('button', { name: `Move ${label} down` }).press('Enter');
  await expect(questions.getByRole('listitem').last()).toHaveAttribute(
    'aria-label',
    `Question ${before + 1}: ${label}`,
  );

  // And by dragging its handle onto the first question. Playwright's mouse starts no native drag in this
  // headless Chromium, so the drag's events are dispatched, with a real DataTransfer, as the browser would.
  const dataTransfer = await admin.evaluateHandle(() => new DataTransfer());
  await questions.getByRole('listitem').last().getByText('⠿').dispatchEvent('dragstart', { dataTransfer });
  await questions.getByRole('listitem').first().dispatchEvent('dragover', { dataTransfer });
  await questions.getByRole('listitem').first().dispatchEvent('drop', { dataTransfer });
  await expect(questions.getByRole('listitem').first()).toHaveAttribute('aria-label', `Question 1: ${label}`);

  await admin.getByRole('button', { name: 'Preview' }).click();
  const preview = admin.getByRole('form', { name: 'Preview of the triage questions' });
  await expect(preview.getByRole('radiogroup', { name: label })).toBeVisible();

  await admin.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(admin.getByText(/Neurology triage assessment saved as version \d+/)).toBeVisible();

  const doctor = await personAt(browser, 'er_doctor@demo.test');
  await doctor.goto(routes.doctorCaseNew.href());
  await doctor.getByLabel(labelled('Specialty')).selectOption({ label: 'Neurology' });
  const triage = doctor.getByRole('group', { name: 'Triage questions' });
  await expect(triage.getByRole('radiogroup', { name: label })).toBeVisible();
  await expect(triage.getByRole('radio', { name: 'Yes' }).last()).toBeVisible();

  // The admin takes the question out again (one more version), so that runs on a kept database do not pile up.
  await admin.getByRole('button', { name: `Remove ${label}` }).click();
  await admin.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(admin.getByRole('list', { name: 'Questions' }).getByRole('listitem')).toHaveCount(before);
});

test('a user changes their profile in settings, and the header follows', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await personAt(browser, 'emergency_room@demo.test', routes.settings.href());
  await page.goto(routes.settings.href());
  const name = page.getByRole('textbox', { name: labelled('Display name') });
  await expect(name).not.toHaveValue('');
  const original = await name.inputValue();

  await name.fill(`${original} (nights)`);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('+44 20 7946 0111');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(`${original} (nights)`);

  await page.reload();
  await expect(page.getByRole('textbox', { name: labelled('Display name') })).toHaveValue(
    `${original} (nights)`,
  );
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('+44 20 7946 0111');

  // Back as it was, for the other specs.
  await page.getByRole('textbox', { name: labelled('Display name') }).fill(original);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('banner')).toContainText(original);
});

test('home, settings and the triage editor pass axe at 360 and 1280 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await personAt(browser, 'hospital@demo.test', routes.home.href());
  for (const size of WIDTHS) {
    await page.setViewportSize(size);

    await page.goto(routes.home.href());
    const tiles = page.getByRole('list', { name: 'Your areas' });
    await expect(tiles.getByRole('listitem', { name: 'Hospital administration' })).toContainText(
      'open cases',
    );
    await expect(tiles.getByRole('listitem', { name: 'Administration: Specialists details' })).toContainText(
      'active users',
    );
    await expectNoSeriousAxeViolations(page, `home at ${size.width}`);
    await shot(page, `home-${size.width}`);

    await page.goto(routes.settings.href());
    await expect(
      page.getByRole('list', { name: 'Specialties' }).getByRole('link', { name: 'Neurology' }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: labelled('Display name') })).not.toHaveValue('');
    await expectNoSeriousAxeViolations(page, `settings at ${size.width}`);
    await shot(page, `settings-${size.width}`);

    await page.getByRole('list', { name: 'Specialties' }).getByRole('link', { name: 'Neurology' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Neurology triage assessment' })).toBeVisible();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('form', { name: 'Preview of the triage questions' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `triage editor at ${size.width}`);
    await shot(page, `triage-editor-${size.width}`);
  }
});
