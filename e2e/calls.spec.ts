// Calls that behave and results a person can read, on the demo server (2026 era)
// and server-everything (2025 era).
import { expect, test, type Page } from './fixtures/test.ts';
import { deepLink, demoMcpUrl, everythingMcpUrl, liveMcpUrl } from './fixtures/urls.ts';
import { callConfirmed } from './fixtures/calls.ts';
import { openDock, openTraffic, openCallSettings } from './fixtures/panes.ts';

const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const askDialog = (page: Page) => page.getByRole('dialog', { name: /asks for input/ });

async function open(page: Page, server: string, tool: string) {
  await page.goto(deepLink(server, tool));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
  await expect(page.getByRole('button', { name: 'Call tool' })).toBeVisible();
}

test('multi-round elicitation in the 2026 era: accept both questions', async ({ page }) => {
  await open(page, demoMcpUrl(), 'plan_delivery');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(askDialog(page)).toContainText('How fast should order ord_demo arrive?');
  // Waiting for the person has one word under the call, as for a task's question.
  await expect(result(page).getByRole('status', { name: 'Outcome' })).toHaveText(/^Needs input/);
  await expect(result(page)).toContainText('Waiting for your answer');
  // The dialog names the tool that asks, and the first field has the focus.
  await expect(askDialog(page).getByRole('heading')).toHaveText(/^plan_delivery asks for input/);
  await expect(askDialog(page).getByLabel('Speed')).toBeFocused();
  // A required choice has no blank option: it reads "Choose…" until one is picked, and lists only the two.
  await expect(askDialog(page).getByLabel('Speed')).toHaveValue('');
  await expect(askDialog(page).getByLabel('Speed').locator('option:checked')).toHaveText('Choose…');
  await expect(askDialog(page).getByLabel('Speed').locator('option:not([hidden])')).toHaveText(['standard', 'express']);
  await askDialog(page).getByLabel('Speed').selectOption('express');
  await askDialog(page).getByRole('button', { name: 'Accept' }).click();
  await expect(askDialog(page)).toContainText('Express costs €9.90 extra');
  await askDialog(page).getByLabel('Accept €9.90 surcharge').check();
  await askDialog(page).getByRole('button', { name: 'Accept' }).click();
  await expect(result(page)).toContainText('Order ord_demo: express delivery booked (+€9.90).');
  // The questions and answers are kept with the call in History; on the wire (Traffic), each answer
  // went back as the call sent again with it (three tools/call exchanges).
  const history = await openDock(page, 'History');
  const answers = history.getByRole('list', { name: 'Questions answered' }).first();
  await expect(answers.getByRole('listitem')).toHaveText([
    /Asked “How fast should order ord_demo arrive\?” — Accepted \{"speed":"express"\}/,
    /Asked “Express costs €9.90 extra. Accept the surcharge\?” — Accepted \{"accept":true\}/,
  ]);
  await expect(await openTraffic(page)).toContainText(/(tools\/call plan_delivery #\d+.*){3}/);
});

test('elicitation decline (2026) after the destructive-call confirmation', async ({ page }) => {
  await open(page, demoMcpUrl(), 'purge_catalog_cache');
  await callConfirmed(page);
  await expect(askDialog(page)).toContainText('Drop every cached search result?');
  await askDialog(page).getByRole('button', { name: 'Decline' }).click();
  await expect(result(page)).toContainText('Tool error');
  await expect(result(page)).toContainText('Purge not confirmed; nothing was dropped.');
  const history = await openDock(page, 'History');
  await expect(history.getByRole('list', { name: 'Questions answered' }).first()).toContainText('— Declined');
});

test('elicitation requested by a 2025-era server (server-everything)', async ({ page }) => {
  await open(page, everythingMcpUrl(), 'trigger-elicitation-request');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(askDialog(page)).toContainText('Please provide inputs');
  const form = askDialog(page).getByRole('form', { name: 'Requested input' });
  await form.getByRole('textbox', { name: 'String', exact: true }).fill('Ada Lovelace');
  await askDialog(page).getByRole('button', { name: 'Accept' }).click();
  await expect(result(page)).toContainText('User provided the requested information');
  await expect(result(page)).toContainText('Ada Lovelace');
  // 2025: the answer went back as the response to the server's request; History keeps it with the call.
  const history = await openDock(page, 'History');
  await expect(history.getByRole('list', { name: 'Questions answered' }).first()).toContainText('Accepted');
  await expect(history.getByRole('list', { name: 'Questions answered' }).first()).toContainText('Ada Lovelace');
});

test('progress resets the timeout; silence hits it with a sentence saying which limit', async ({ page }) => {
  await open(page, demoMcpUrl(), 'compile_annual_report');
  // 3 s of work against a 2 s timeout: it only completes because each progress report
  // (every 250 ms) restarts the timeout.
  await openCallSettings(page);
  await page.getByRole('spinbutton', { name: 'Timeout (s)' }).fill('2');
  await page.keyboard.press('Escape'); // Server details closes; the setting stays
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('duration_s').fill('3');
  await form.getByLabel('interval_ms').fill('250');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(result(page)).toContainText('Annual report compiled in 3 s', { timeout: 15_000 });

  await page.goto(deepLink(demoMcpUrl(), 'wait_for_supplier'));
  await openCallSettings(page);
  await expect(page.getByRole('spinbutton', { name: 'Timeout (s)' })).toHaveValue('2');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('Call timed out');
  await expect(result(page)).toContainText('no result and no progress for 2 s');
});

test('a stream cut mid-call is reported at once, not after the timeout', async ({ page }) => {
  await open(page, demoMcpUrl(), 'stream_price_feed');
  const started = Date.now();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('Response stream cut');
  expect(Date.now() - started).toBeLessThan(20_000);
});

test('a mislabeled image is a finding, 5 MB of text is truncated with its size', async ({ page }) => {
  await open(page, demoMcpUrl(), 'get_product_photo');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('not a image/jpeg image (magic number mismatch)');

  await page.goto(deepLink(demoMcpUrl(), 'export_inventory_log'));
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page).getByRole('button', { name: /^Show all \(5\.\d MB\)$/ })).toBeVisible({ timeout: 20_000 });
  await expect(result(page)).toContainText('Inventory line 000000');
});

test('Markdown renders as elements with safe links; text repeating structured content is not shown twice', async ({ page }) => {
  await open(page, demoMcpUrl(), 'get_returns_summary');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const table = result(page).getByRole('table');
  await expect(table).toContainText('Opened audio');
  await expect(result(page).getByRole('link', { name: 'full policy' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(result(page)).toContainText('(https://example.com/returns)');
  await result(page).getByRole('button', { name: 'Render as Markdown' }).first().click();
  await expect(result(page).getByRole('table')).toHaveCount(2);

  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('ssd');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('serialized again for clients that cannot read structuredContent');
});

test('a -32602 protocol error points at the argument', async ({ page }) => {
  await open(page, demoMcpUrl(), 'search_catalog');
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  await page.getByRole('textbox', { name: 'Arguments JSON' }).fill('{"query": "usb", "limit": 0}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await page.getByRole('button', { name: 'Send anyway' }).click();
  await expect(result(page)).toContainText('Likely cause: the argument “limit”');
});

test('sent equals shown: JSON that does not parse is never sent (not by Send anyway); after a schema problem, Send anyway sends the editor’s JSON', async ({
  page,
}) => {
  await open(page, demoMcpUrl(), 'search_catalog');
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  const json = page.getByRole('textbox', { name: 'Arguments JSON' });
  const traffic = await openTraffic(page);
  const calls = traffic.locator('summary').filter({ hasText: /^tools\/call search_catalog/ });
  // A schema problem first: held back, "Send anyway" offered.
  await json.fill('{"query": "usb", "limit": 0}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('button', { name: 'Send anyway' })).toBeVisible();
  // Then a trailing comma: not JSON — where it breaks is said, "Send anyway" is gone, and nothing is sent.
  await json.fill('{"query": "usb cable", "limit": 5,}');
  await expect(page.getByRole('alert').filter({ hasText: 'Not JSON: line 1, col 35' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send anyway' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('status', { name: 'Outcome' })).toContainText('Not sent');
  await page.keyboard.press('Control+Enter');
  await expect(calls).toHaveCount(0);
  // A schema problem again: "Send anyway" sends exactly what the editor holds.
  await json.fill('{"query": "usb cable", "limit": 0}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await page.getByRole('button', { name: 'Send anyway' }).click();
  await expect(calls).toHaveCount(1);
  await calls.first().click();
  const request = traffic.locator('pre').filter({ hasText: '"tools/call"' }).first();
  const sent = JSON.parse(await request.innerText()) as { params: { arguments: unknown } };
  expect(sent.params.arguments).toEqual(JSON.parse(await json.innerText()));
  // Ctrl+Enter inside the JSON editor calls (and does not insert a blank line).
  const valid = '{"query": "usb cable", "limit": 2}';
  await json.fill(valid);
  await json.press('Control+Enter');
  await expect(calls).toHaveCount(2);
  expect(await json.innerText()).toBe(valid);
});

test('two calls run at once, each with its own progress and result', async ({ page }) => {
  await open(page, demoMcpUrl(), 'compile_annual_report');
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('duration_s').fill('3');
  await form.getByLabel('interval_ms').fill('500');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  const tools = page.getByRole('region', { name: 'Tools' });
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('current');
  await tools.getByRole('button', { name: /^Current time/ }).click();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('UTC');
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('annual');
  await tools.getByRole('button', { name: /^Compile annual report/ }).click();
  await expect(result(page)).toContainText('Annual report compiled in 3 s', { timeout: 15_000 });
});

test('server-everything: long-running progress and annotated content', async ({ page }) => {
  await open(page, everythingMcpUrl(), 'trigger-long-running-operation');
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('duration').fill('2');
  await form.getByLabel('steps').fill('4');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(result(page)).toContainText('Long running operation completed', { timeout: 15_000 });

  await page.goto(deepLink(everythingMcpUrl(), 'get-annotated-message'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('messageType').selectOption('error');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('priority');
  await expect(result(page)).toContainText('for user');
});

test('cancelling a 2025-era call sends notifications/cancelled', async ({ page }) => {
  await open(page, everythingMcpUrl(), 'trigger-long-running-operation');
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('duration').fill('20');
  await form.getByLabel('steps').fill('20');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(result(page)).toContainText('Call cancelled');
  await expect(await openTraffic(page)).toContainText('notifications/cancelled');
});

test('the same tool twice at once: each run keeps its own progress and result', async ({ page }) => {
  await open(page, demoMcpUrl(), 'compile_annual_report');
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('duration_s').fill('2');
  await form.getByLabel('interval_ms').fill('400');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await form.getByLabel('duration_s').fill('1');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const runs = page.getByRole('list', { name: 'Runs' });
  await expect(runs.getByRole('button')).toHaveCount(2);
  await expect(runs.getByRole('button', { name: /: Success/ })).toHaveCount(2, { timeout: 15_000 });
  await expect(result(page)).toContainText('Annual report compiled in 1 s');
  await runs
    .getByRole('button', { name: /^Run \d+: Success/ })
    .last()
    .click();
  await expect(result(page)).toContainText('Annual report compiled in 2 s');
});

test('list_changed: the tool list refreshes by itself and says what changed (2026 subscriptions/listen)', async ({ page }) => {
  await open(page, liveMcpUrl(), 'toggle_seasonal_offer');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('Added get_seasonal_offer.');
  await expect(page.getByText('The server changed its tool list: added get_seasonal_offer.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^30 tools/)).toBeVisible();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('Removed get_seasonal_offer.');
  await expect(page.getByText('The server changed its tool list: removed get_seasonal_offer.')).toBeVisible();
  await expect(await openTraffic(page)).toContainText('subscriptions/listen');
});
