// Accessibility of the main screens in both themes, checked by axe-core: no serious or critical
// violation (WCAG 2.0–2.2 A/AA rules: contrast, and 2.2's target size, included).
import { openDock, openTraffic, openServerDetails, openMore, openFindATool, openReport } from './fixtures/panes.ts';
import { expect, test } from './fixtures/test.ts';
import { seriousViolations } from './fixtures/axe.ts';
import { appUrl, deepLink, demoMcpUrl, everythingMcpUrl, lazyMcpUrl } from './fixtures/urls.ts';

// Each test runs axe a dozen times on full screens (46–57 s here when the machine is quiet): the
// default 60 s left no room for a loaded one.
test.describe.configure({ timeout: 120_000 });

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

for (const theme of ['light', 'dark'] as const) {
  test(`axe: the second step's surfaces (start screen, popovers, doctor, report tabs, History's ⋯, phone panes) — ${theme}`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(appUrl());
    await expect(page.getByRole('button', { name: 'Try the demo server' })).toBeVisible();
    expect(await seriousViolations(page), 'start screen').toEqual([]);

    await page.getByRole('button', { name: 'Try the demo server' }).click();
    await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected to');
    const details = await openServerDetails(page);
    expect(await seriousViolations(page), 'server details').toEqual([]);
    await details
      .locator('summary')
      .filter({ hasText: /^Saved servers/ })
      .click();
    expect(await seriousViolations(page), 'saved servers').toEqual([]);
    await page.keyboard.press('Escape');
    await openMore(page);
    expect(await seriousViolations(page), 'more').toEqual([]);
    await page.keyboard.press('Escape');
    await openServerDetails(page);
    await page.getByRole('banner').getByRole('button', { name: 'Diagnose' }).click();
    await expect(page.getByRole('region', { name: 'Connection doctor' })).toBeVisible();
    expect(await seriousViolations(page), 'doctor').toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await expect((await openReport(page)).getByLabel(/^Score/)).toBeVisible();
    expect(await seriousViolations(page), 'report').toEqual([]);
    await page.getByRole('tab', { name: 'Model’s view' }).click();
    expect(await seriousViolations(page), "model's view").toEqual([]);

    await page
      .getByRole('region', { name: 'Tools' })
      .getByRole('button', { name: /^Search catalog/ })
      .click();
    await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill('usb');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(page.getByRole('region', { name: 'Result' }).getByRole('status', { name: 'Outcome' })).toHaveText(/^Success/);
    const historyPanel = await openDock(page, 'History');
    const row = historyPanel.getByRole('listitem').first();
    await row.hover();
    await row.getByRole('button', { name: /^More actions for/ }).click();
    expect(await seriousViolations(page), "History's ⋯ menu").toEqual([]);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('tablist', { name: 'Panes' })).toBeVisible();
    expect(await seriousViolations(page), 'phone').toEqual([]);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe: the form laid out like a tool, the question and its History line, the palette with marks — ${theme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1440, height: 900 });
    // The form: a folded group, a table of items, a grid of short fields.
    await page.goto(deepLink(demoMcpUrl(), 'file_return'));
    const form = page.getByRole('form', { name: 'Arguments' });
    await form.getByRole('group', { name: 'Items' }).getByLabel('SKU').first().fill('USB-001');
    await form
      .getByRole('group', { name: 'Customer' })
      .getByRole('button', { name: /Customer/ })
      .click();
    expect(await seriousViolations(page)).toEqual([]);

    // The server's question, a choice without a blank option.
    await page.goto(deepLink(demoMcpUrl(), 'plan_delivery'));
    await page.getByRole('button', { name: 'Call tool' }).click();
    const ask = page.getByRole('dialog', { name: /asks for input/ });
    await expect(ask.getByLabel('Speed')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await ask.getByLabel('Speed').selectOption('standard');
    await ask.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('standard delivery booked');
    // History with the answer under its call.
    const history = await openDock(page, 'History');
    await expect(history.getByRole('list', { name: 'Questions answered' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The palette with matched letters marked and a Recent section.
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('pln dlv');
    await expect(page.getByRole('dialog', { name: 'Command palette' }).locator('mark').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe: the Skills view, a verified file and a digest mismatch — ${theme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(deepLink(demoMcpUrl()));
    await page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: 'Skills' }).click();
    const view = page.getByRole('region', { name: 'Skills', exact: true });
    await page.getByRole('list', { name: 'Skill list' }).getByRole('listitem').nth(1).getByRole('button').click();
    const returns = view.getByRole('region', { name: 'Skill: returns-desk' });
    await returns.getByRole('button', { name: 'Read references/REFUNDS.md' }).click();
    await expect(returns).toContainText('digest mismatch');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(returns).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`axe: Find a tool, a ranking with a near-tie — ${theme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(deepLink(demoMcpUrl()));
    const panel = await openFindATool(page);
    await panel.getByRole('searchbox', { name: 'Query' }).fill('basket');
    await expect(panel.getByRole('list', { name: 'Ranking' }).getByRole('listitem').filter({ hasText: 'tie' }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test.describe('hardening surfaces', () => {
  test.use({ knownServers: false });
  for (const theme of ['light', 'dark'] as const) {
    test(`axe: a link's question, its hidden arguments, History's options, Forget this server — ${theme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width: 1440, height: 900 });
      const server = everythingMcpUrl();
      const origin = new URL(server).origin;
      await page.goto(
        `${deepLink(server, 'echo')}&args=${encodeURIComponent(JSON.stringify({ message: 'hi', bcc: 'attacker@evil.example' }))}`,
      );
      await expect(page.getByRole('region', { name: `Connect to ${origin}?` })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: `Connect to ${origin}` }).click();
      await expect(page.getByRole('region', { name: 'From the link, not in the form' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const history = await openDock(page, 'History');
      await page.getByRole('button', { name: 'Call tool' }).click();
      await page
        .getByRole('dialog', { name: /Confirm/ })
        .getByRole('button', { name: 'Call tool' })
        .click();
      await history.getByRole('button', { name: 'Clear history' }).click();
      await expect(history.getByRole('group', { name: 'Clear history' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Control+K');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await palette.getByRole('combobox').fill('Forget this server');
      await palette.getByRole('combobox').press('Enter');
      await expect(page.getByRole('dialog', { name: 'Confirm: forget this server' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe: this phase's surfaces (readiness, a sign-in card with how hosts react, Find) — ${theme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(deepLink(demoMcpUrl()));
    const report = await openReport(page);
    await report.getByRole('combobox', { name: 'Profile' }).selectOption('openai-apps');
    await expect(report.getByRole('region', { name: 'Readiness' })).toContainText('Not ready');
    expect(await seriousViolations(page), 'readiness').toEqual([]);

    await page.goto(deepLink(lazyMcpUrl(), 'get_stock_report'));
    await page.getByRole('button', { name: 'Call tool' }).click();
    const card = page.getByRole('region', { name: 'Sign-in required' });
    await expect(card).toContainText('catalog:read');
    await card.getByText('How hosts react').click();
    await expect(card.getByRole('list', { name: 'How hosts react' })).toBeVisible();
    expect(await seriousViolations(page), 'sign-in card').toEqual([]);

    await (await openFindATool(page)).getByRole('searchbox', { name: 'Query' }).fill('stock');
    await expect(page.getByRole('list', { name: 'Ranking' })).toBeVisible();
    expect(await seriousViolations(page), 'find').toEqual([]);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe: prompts with completions and messages, a resource read — ${theme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(deepLink(everythingMcpUrl()));
    await page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: 'Prompts' }).click();
    await page.getByRole('list', { name: 'Prompt list' }).getByRole('listitem').nth(2).getByRole('button').click();
    const team = page.getByRole('region', { name: 'Prompt: completable-prompt' });
    await team
      .getByRole('form', { name: 'Prompt arguments' })
      .getByLabel(/^department/)
      .fill('E');
    await expect(team.getByRole('listbox', { name: 'Suggestions for department' })).toBeVisible();
    expect(await seriousViolations(page), 'prompt').toEqual([]);
    await page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: 'Resources' }).click();
    await page.getByRole('list', { name: 'Resource list' }).getByRole('listitem').first().getByRole('button').click();
    await expect(page.getByRole('region', { name: 'Resource contents' })).toBeVisible();
    expect(await seriousViolations(page), 'resource').toEqual([]);
  });
}
