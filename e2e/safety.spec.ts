// Trust and safety: a hostile server cannot script or break the page, and a human confirms
// risky calls. Every test fails on any dialog, any console error, or any payload side effect.
import { expect, test, type Page } from './fixtures/test.ts';
import { deepLink, demoMcpUrl, hostileMcpUrl } from './fixtures/urls.ts';
import { pageErrors } from './fixtures/console.ts';
import { callConfirmed } from './fixtures/calls.ts';
import { openCallSettings, openServerDetails } from './fixtures/panes.ts';

const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const tools = (page: Page) => page.getByRole('region', { name: 'Tools' });
const toolTitle = (page: Page) => page.getByRole('heading', { level: 2 }).filter({ hasNotText: /^(Tools|Traffic|History)/ });

let dialogs: string[] = [];
let consoleErrors: string[] = [];

test.beforeEach(({ page }) => {
  dialogs = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Network messages come from era probing, not from payloads; an <img src=x> payload is
  // caught by the DOM check instead.
  consoleErrors = pageErrors(page);
});

async function expectUnharmed(page: Page) {
  const state = await page.evaluate(() => ({
    pwned: (window as unknown as Record<string, unknown>).__pwned,
    polluted: (Object.prototype as Record<string, unknown>).polluted,
    location: window.location.pathname,
    // The one inline script is the page's own early entry, first in <head> (allowed by its hash).
    injectedImages:
      document.querySelectorAll('img[src="x"], iframe').length +
      [...document.querySelectorAll('script:not([src])')].filter((script) => script !== document.head.firstElementChild).length,
  }));
  expect(state).toEqual({ pwned: undefined, polluted: undefined, location: '/', injectedImages: 0 });
  expect(dialogs).toEqual([]);
  expect(consoleErrors).toEqual([]);
}

async function openHostile(page: Page, search: string, title: string | RegExp) {
  await page.goto(deepLink(hostileMcpUrl()));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
  await tools(page).getByRole('searchbox', { name: 'Search tools' }).fill(search);
  await tools(page).getByRole('button', { name: title }).first().click();
}

async function callAndConfirm(page: Page, expectConfirm = false) {
  if (expectConfirm) await callConfirmed(page);
  else await page.getByRole('button', { name: 'Call tool' }).click();
}

test('the hostile list renders as text, stops its cursor loop, and shows annotation findings', async ({ page }) => {
  await page.goto(deepLink(hostileMcpUrl()));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Hostile <img src=x onerror="window.__pwned=33">');
  await expect(tools(page).getByRole('alert')).toContainText('returned the cursor "p2" twice');
  await expect(tools(page).getByText(/^18 tools · 2 pages$/)).toBeVisible();
  await tools(page).getByRole('searchbox', { name: 'Search tools' }).fill('script');
  await expect(tools(page).getByRole('button', { name: /^<script>window.__pwned=1<\/script>/ })).toBeVisible();
  await tools(page).getByRole('searchbox', { name: 'Search tools' }).fill('xxxxxxxxxx');
  await tools(page)
    .getByRole('button', { name: /^x{100}/ })
    .click();
  await expect(toolTitle(page)).toContainText('xxxxxxxxxx');
  await tools(page).getByRole('searchbox', { name: 'Search tools' }).fill('contradiction');
  await tools(page)
    .getByRole('button', { name: /^Contradiction/ })
    .click();
  await expect(page.getByRole('list', { name: 'Design findings' })).toContainText(
    'Contradiction: readOnlyHint is true but destructiveHint is also true',
  );
  await tools(page).getByRole('searchbox', { name: 'Search tools' }).fill('delete_everything');
  await tools(page)
    .getByRole('button', { name: /^Delete everything/ })
    .click();
  const findings = page.getByRole('list', { name: 'Design findings' });
  await expect(findings).toContainText('sounds destructive, yet destructiveHint is false');
  await expect(findings).toContainText('Two different titles');
  await expectUnharmed(page);
});

test('hostile descriptions, titles, icons and schema labels never execute', async ({ page }) => {
  for (const [search, title] of [
    ['img_onerror', /^<img src=x onerror/],
    ['markdown_links', /^Markdown links/],
    ['icon_attacks', /^Icon attacks/],
    ['bidi', /^Bidi/],
  ] as const) {
    await openHostile(page, search, title);
    await expect(toolTitle(page)).toBeVisible();
  }
  await expect(toolTitle(page)).toContainText('Bidi ⟨U+202E⟩override⟨U+202C⟩ and ⟨U+0007⟩bell');
  await expect(page.getByRole('list', { name: 'Design findings' })).toContainText('control or bidi characters');
  await openHostile(page, 'schema_labels', /^Schema labels/);
  const form = page.getByRole('form', { name: 'Arguments' });
  await expect(form).toContainText('<b onmouseover=');
  await expect(form.getByRole('combobox').first()).toContainText('<script>window.__pwned=11</script>');
  // A field's description: inline Markdown as elements (code, strong), a link as its text only, HTML as text.
  const note = form.getByText(/^Inline Markdown:/);
  await expect(note.locator('code')).toHaveText('code');
  await expect(note.locator('strong')).toHaveText('bold');
  await expect(note).toContainText('a link and <i>raw HTML</i>.');
  await expect(note.locator('a, i')).toHaveCount(0);
  await expectUnharmed(page);
});

test('hostile results: script text, bad media, bad resources, unknown blocks, hostile errors', async ({ page }) => {
  await openHostile(page, 'result_text', /^Result: script text/);
  await callAndConfirm(page);
  await expect(result(page)).toContainText('<script>window.__pwned=20</script>');

  await openHostile(page, 'result_media', /^Result: bad media/);
  await callAndConfirm(page);
  await expect(result(page)).toContainText('magic number mismatch');
  await expect(result(page)).toContainText('50000×50000');
  await expect(result(page)).toContainText('"text/html" is not an audio MIME type');
  await expect(result(page).getByRole('img', { name: /image\/svg\+xml/ })).toBeVisible();

  await openHostile(page, 'result_resources', /^Result: bad resources/);
  await callAndConfirm(page);
  await expect(result(page)).toContainText('50.0 MB');
  await expect(result(page)).toContainText('<iframe src="javascript:window.__pwned=26"></iframe>');
  await result(page)
    .getByRole('button', { name: /^<img src=x onerror/ })
    .click();
  await expect(result(page)).toContainText('Reading the resource failed');
  const download = page.waitForEvent('download');
  await result(page).getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^passwd(\.html)?$/);

  await openHostile(page, 'result_structured', /^Result: prototype keys/);
  await callAndConfirm(page);
  await expect(result(page)).toContainText('Unknown content type "html"');
  await expect(result(page).getByRole('region', { name: 'Structured content' })).toContainText('__proto__');

  await openHostile(page, 'result_protocol_error', /^Result: hostile protocol error/);
  await callAndConfirm(page);
  await expect(result(page)).toContainText('Protocol error -32603');
  await expect(result(page)).toContainText('<img src=x onerror="window.__pwned=29">');

  await openHostile(page, 'result_tool_error', /^Result: hostile tool error/);
  await callAndConfirm(page);
  await expect(result(page)).toContainText('Tool error');
  await expectUnharmed(page);
});

test('prototype keys in schemas and arguments, and a 1,000-deep schema, leave the page usable', async ({ page }) => {
  await openHostile(page, 'prototype_keys', /^Prototype keys/);
  await callAndConfirm(page, true);
  await expect(result(page)).toContainText('received');
  await openHostile(page, 'deep_schema', /^Deep schema/);
  await expect(page.getByRole('heading', { level: 2, name: 'Deep schema' })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'levels deep' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Arguments JSON' })).toBeVisible();
  await tools(page).getByRole('searchbox', { name: 'Search tools' }).fill('echo');
  await tools(page).getByRole('button', { name: /^Echo/ }).click();
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('message').fill('still works');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('received {"message":"still works"}');
  await expectUnharmed(page);
});

test('a possibly destructive call needs confirmation: Cancel, Esc and Call tool', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'restock_product'));
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('product_id').fill('prd_cab_001');
  await form.getByLabel('quantity').fill('5');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const dialog = page.getByRole('dialog', { name: /Confirm/ });
  await expect(dialog).toContainText('restock_product');
  await expect(dialog).toContainText('"quantity": 5');
  await expect(dialog).toContainText('Destructive (default)');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(result(page)).toContainText('No call yet');

  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(result(page)).toContainText('No call yet');

  await page.getByRole('button', { name: 'Call tool' }).click();
  await dialog.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('Stock of USB-C cable 2 m set to 5');
  await expectUnharmed(page);
});

test('read-only mode refuses tools not marked read-only; "never" skips the dialog', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'restock_product'));
  await openCallSettings(page);
  await page.getByRole('checkbox', { name: /Read-only mode/ }).check();
  await page.keyboard.press('Escape'); // Server details closes; the setting stays
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('product_id').fill('prd_cab_001');
  await form.getByLabel('quantity').fill('1');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page).getByRole('alert')).toContainText('Refused, not sent: Read-only mode is on');
  await expect(page.getByRole('dialog')).toBeHidden();

  await openCallSettings(page);
  await page.getByRole('checkbox', { name: /Read-only mode/ }).uncheck();
  await page.getByRole('combobox', { name: 'Ask before calling' }).selectOption('never');
  await expect(page.getByRole('note').filter({ hasText: 'without asking' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('Stock of USB-C cable 2 m set to 1');

  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await openCallSettings(page);
  await expect(page.getByRole('combobox', { name: 'Ask before calling' })).toHaveValue('never');
  await expectUnharmed(page);
});

test('the served app sends a strict Content-Security-Policy', async ({ page }) => {
  const response = await page.goto(deepLink(demoMcpUrl()));
  const csp = response?.headers()['content-security-policy'] ?? '';
  // Our own scripts, the one inline early entry by its hash, and eval for Ajv: nothing else.
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' 'unsafe-eval';/);
  expect(csp).toContain("worker-src 'self' blob:");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("img-src 'self' data: blob:");
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
  await expectUnharmed(page);
});

test('server instructions are shown as text', async ({ page }) => {
  await page.goto(deepLink(hostileMcpUrl()));
  await openServerDetails(page);
  await expect(page.getByRole('banner').getByText('<script>window.__pwned=34</script>')).toBeVisible();
  // The Server overview shows them as text too.
  await expect(page.getByRole('region', { name: 'Server overview' }).getByText('<script>window.__pwned=34</script>')).toBeVisible();
  await expectUnharmed(page);
});
