// "Fuzz" (issue 84) in the page: under the "⋯" beside Call tool, on the demo's lookup_legacy_price
// (its planted defect: a product_id outside printable ASCII answers -32603) — the finding shown with
// its shrunk arguments; "Open in form" fills the form with them (not sent); Call reproduces it; the
// run is kept in History. Axe-clean in both themes.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { openDock } from './fixtures/panes.ts';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';

const fuzz = (page: Page) => page.getByRole('region', { name: 'Fuzz' });

async function openFuzz(page: Page) {
  const toolbar = page.getByRole('toolbar', { name: 'Request' });
  await toolbar.getByRole('button', { name: 'More for this tool' }).click();
  await toolbar.getByRole('button', { name: 'Fuzz', exact: true }).click();
}

test('Fuzz finds the demo’s planted defect, shrinks it, opens it in the form, and Call reproduces it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'lookup_legacy_price'));
  await openFuzz(page);
  const region = fuzz(page);
  await region.getByRole('spinbutton', { name: 'Runs' }).fill('20');
  await region.getByRole('spinbutton', { name: 'Seed' }).fill('5');
  await region.getByRole('button', { name: 'Start' }).click();
  await expect(region.getByRole('status')).toHaveText(/^Done: \d+ calls in \d+\.\d s · 1 finding$/, { timeout: 60_000 });
  const finding = region.getByRole('list', { name: 'Findings' }).getByRole('listitem');
  await expect(finding).toHaveCount(1);
  await expect(finding).toContainText('A JSON-RPC error for arguments the schema accepts');
  await expect(finding).toContainText('-32603: Legacy encoder failed.');
  const shrunk = JSON.parse((await finding.getByLabel('Arguments').textContent()) ?? '{}') as { product_id: string };
  expect([...shrunk.product_id].length).toBeLessThanOrEqual(2);
  expect(/[^\x20-\x7E]/.test(shrunk.product_id)).toBe(true);

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const results = await new AxeBuilder({ page })
      .include('section[aria-label="Fuzz"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
      theme,
    ).toEqual([]);
  }

  await finding.getByRole('button', { name: 'Open in form' }).click();
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('product_id')).toHaveValue(shrunk.product_id);
  await page.getByRole('button', { name: 'Call tool' }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('status', { name: 'Outcome' })).toHaveText(/^Protocol error/);
  await expect(result).toContainText('Legacy encoder failed.');

  const history = await openDock(page, 'History');
  const row = history.getByRole('listitem').filter({ hasText: 'fuzz' }).first();
  await expect(row).toContainText('lookup_legacy_price');
  await expect(row).toContainText('1 finding');
});
