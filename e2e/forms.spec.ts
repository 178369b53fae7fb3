// Argument forms round-trip: what the form shows is exactly what the server receives.
import { expect, test, type Page } from '@playwright/test';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';

const result = (page: Page) => page.getByRole('region', { name: 'Result' });

/** What the server really received: the echo tool's response body in Traffic, parsed. */
async function expectReceived(page: Page, calls: number, expected: Record<string, unknown>) {
  const traffic = page.getByRole('region', { name: 'Traffic' });
  // Wait for this call's exchange to be complete (the list is newest first).
  const exchanges = traffic.locator('summary').filter({ hasText: /^tools\/call preview_order/ });
  await expect(exchanges).toHaveCount(calls);
  await expect(exchanges.first()).toContainText('→ response');
  await traffic
    .getByText(/^tools\/call preview_order/)
    .first()
    .click();
  const body = traffic.locator('pre').filter({ hasText: '"structuredContent"' }).first();
  const parsed: unknown = JSON.parse(await body.innerText());
  const received =
    typeof parsed === 'object' && parsed !== null && 'result' in parsed
      ? (parsed.result as { structuredContent?: { received?: unknown } }).structuredContent?.received
      : undefined;
  expect(received).toEqual(expected);
  await traffic
    .getByText(/^tools\/call preview_order/)
    .first()
    .click();
}

test('a Pydantic-style schema: defaults sent, untouched optional fields never sent, nothing re-imposed', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'preview_order'));
  const form = page.getByRole('form', { name: 'Arguments' });
  await expect(form.getByLabel('Customer')).toBeVisible();
  await form.getByLabel('Customer').fill('Ada');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const received = { customer: 'Ada', speed: 'standard', gift_note: null, options: { insured: false } };
  await expectReceived(page, 1, received);

  // The JSON view shows the same object, and an edit there comes back to the form.
  await page.getByRole('button', { name: 'Edit as JSON' }).click();
  const json = page.getByRole('textbox', { name: 'Arguments JSON' });
  expect(JSON.parse(await json.innerText())).toEqual(received);
  await json.fill('{"customer": "Grace", "speed": "express"');
  await expect(page.getByRole('alert').filter({ hasText: 'Not valid JSON yet' })).toBeVisible();
  await json.fill('{"customer": "Grace", "speed": "express"}');
  await page.getByRole('button', { name: 'Edit as JSON' }).click();
  await expect(form.getByLabel('Customer')).toHaveValue('Grace');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expectReceived(page, 2, { customer: 'Grace', speed: 'express' });
});

test('an untouched form with defaults sends them; a form the user clears is not refilled', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'synthesize_tone'));
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('440 Hz tone, 600 ms');
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('duration_ms').fill('');
  await form.getByLabel('duration_ms').pressSequentially('250');
  await expect(form.getByLabel('duration_ms')).toHaveValue('250');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('440 Hz tone, 250 ms');
});
