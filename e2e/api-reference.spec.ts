import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { loadOpenApiDocument, operationsOf } from '../server/src/openapi.ts';
import { signIn } from './support/sign-in.ts';

const operations = operationsOf(loadOpenApiDocument());

test('the API reference lists every operation and tries one with the signed-in user', async ({ page }) => {
  // A ceiling, not a speed limit: axe reads the whole reference, thousands of nodes.
  test.setTimeout(180_000);
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) blocked.push(message.text());
  });
  await signIn(page, 'er_doctor@demo.test');
  await expect(page.getByRole('heading', { name: 'My cases' })).toBeVisible();

  await page.goto('/api/docs');
  await expect(page).toHaveTitle('API reference · Case Router');
  await expect(page.locator('.opblock')).toHaveCount(operations.length);
  for (const { operationId } of operations) {
    await expect(page.locator(`[id$="-${operationId}"]`).first(), operationId).toBeAttached();
  }

  // Each operation shows its description and its examples: a case that reads like a real ER consult.
  const getCase = page.locator('[id$="-getCase"]').first();
  await getCase.locator('.opblock-summary').click();
  await expect(getCase.locator('.opblock-description-wrapper')).toContainText('Every read is audited.');
  await expect(getCase.getByText('Sudden left-sided weakness and slurred speech').first()).toBeVisible();
  await getCase.locator('.opblock-summary').click();

  // Try it out: GET /me answers as the signed-in doctor.
  const me = page.locator('[id$="-getMe"]').first();
  await me.locator('.opblock-summary').click();
  await me.getByRole('button', { name: 'Try it out' }).click();
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/me'));
  await me.getByRole('button', { name: 'Execute' }).click();
  expect((await answer).status()).toBe(200);
  await expect(me.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');

  // Swagger UI draws each operation's summary as a button holding the copy-path button (nested-interactive):
  // its markup, not ours; every other rule holds on the page.
  const results = await new AxeBuilder({ page }).disableRules(['nested-interactive']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(blocked).toEqual([]);
});
