// Accessibility of the main screens in both themes, checked by axe-core: no serious or critical
// violation (WCAG 2 A/AA rules, contrast included).
import AxeBuilder from '@axe-core/playwright';
import { openTraffic } from './fixtures/panes.ts';
import { expect, test, type Page } from '@playwright/test';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe: connected, tool open, result, dialogs — ${theme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
    await expect(page.getByRole('button', { name: 'Call tool' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill('cable');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('USB-C');
    await openTraffic(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(deepLink(demoMcpUrl(), 'restock_product'));
    const form = page.getByRole('form', { name: 'Arguments' });
    await form.getByLabel('product_id').fill('prd_cab_001');
    await form.getByLabel('quantity').fill('5');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(page.getByRole('dialog', { name: /Confirm/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
