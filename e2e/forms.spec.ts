// Argument forms round-trip: what the form shows is exactly what the server receives.
import { expect, test, type Page } from './fixtures/test.ts';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';
import { openTraffic } from './fixtures/panes.ts';

const result = (page: Page) => page.getByRole('region', { name: 'Result' });

/** What the server really received: the echo tool's response body in Traffic, parsed. */
async function expectReceived(page: Page, calls: number, expected: Record<string, unknown>, tool = 'preview_order') {
  const traffic = await openTraffic(page);
  const summary = new RegExp(`^tools/call ${tool}`);
  // Wait for this call's exchange to be complete (the list is newest first).
  const exchanges = traffic.locator('summary').filter({ hasText: summary });
  await expect(exchanges).toHaveCount(calls);
  await expect(exchanges.first()).toContainText('→ response');
  await traffic.getByText(summary).first().click();
  const body = traffic.locator('pre').filter({ hasText: '"structuredContent"' }).first();
  const parsed: unknown = JSON.parse(await body.innerText());
  const received =
    typeof parsed === 'object' && parsed !== null && 'result' in parsed
      ? (parsed.result as { structuredContent?: { received?: unknown } }).structuredContent?.received
      : undefined;
  expect(received).toEqual(expected);
  await traffic.getByText(summary).first().click();
}

test('a Pydantic-style schema: defaults sent, untouched optional fields never sent, nothing re-imposed', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'preview_order'));
  const form = page.getByRole('form', { name: 'Arguments' });
  await expect(form.getByLabel('Customer')).toBeVisible();
  await form.getByLabel('Customer').fill('Ada');
  // billing_address is Pydantic's optional model (`Address | None = None`): null until chosen, and
  // titled while null.
  await expect(form.getByLabel('Send Billing Address as')).toHaveValue('null');
  await expect(form.getByText('Billing Address', { exact: true })).toBeVisible();
  // What is sent beside what was typed is said, once: the schema's defaults, by name.
  await expect(page.getByText(/^Sends the schema’s defaults too:/)).toContainText('speed, gift_note, options.insured, billing_address');
  await expect(form.getByLabel('Street')).toHaveCount(0);
  await page.getByRole('button', { name: 'Call tool' }).click();
  const received = { customer: 'Ada', speed: 'standard', gift_note: null, billing_address: null, options: { insured: false } };
  await expectReceived(page, 1, received);

  // The JSON view shows the same object, and an edit there comes back to the form.
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  const json = page.getByRole('textbox', { name: 'Arguments JSON' });
  expect(JSON.parse(await json.innerText())).toEqual(received);
  await json.fill('{"customer": "Grace", "speed": "express"');
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing is sent until it parses' })).toBeVisible();
  await json.fill('{"customer": "Grace", "speed": "express"}');
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  await expect(form.getByLabel('Customer')).toHaveValue('Grace');
  // The defaults the JSON left out are no longer said to be sent.
  await expect(page.getByText(/^Sends the schema’s defaults too:/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expectReceived(page, 2, { customer: 'Grace', speed: 'express' });

  // Chosen as a value, the address opens and its required fields are asked for.
  await form.getByLabel('Send Billing Address as').selectOption('value');
  await form.getByLabel('Street').fill('1 Main St');
  await form.getByLabel('City').fill('Springfield');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expectReceived(page, 3, { customer: 'Grace', speed: 'express', billing_address: { street: '1 Main St', city: 'Springfield' } });
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

// A 1×1 PNG: the file widget must send exactly these bytes, base64-encoded.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0f6e90000000049454e44ae426082',
  'hex',
);

test('every shape in one form: nested object, array of objects, nullable enum, variant, map, file, date', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'file_return'));
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('Name', { exact: true }).fill('Ada');
  await form.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await form.getByLabel('Send Phone as').selectOption('null');

  // The list starts with its one required item; a second one is added.
  const items = form.getByRole('group', { name: 'Items' });
  await items.getByLabel('SKU').first().fill('USB-001');
  await items.getByLabel('Quantity').first().fill('2');
  await items.getByRole('button', { name: '+ Add' }).click();
  await items.getByLabel('SKU').nth(1).fill('HDM-002');
  await items.getByLabel('Quantity').nth(1).fill('1');

  // A nullable enum behind $ref: choose "a value", then the value.
  await form.getByLabel('Send Condition as').selectOption('value');
  await form.getByRole('combobox', { name: 'Condition', exact: true }).selectOption('damaged');

  // A variant: its tag ("method") is filled in by itself.
  await form.getByRole('combobox', { name: 'Refund variant' }).selectOption('Store credit');
  await form.getByLabel('Expires after (days)').fill('60');

  // A map: add an entry, name its key, give it a value.
  const tags = form.getByRole('group', { name: 'Tags' });
  await tags.getByRole('button', { name: '+ Add' }).click();
  await tags.getByLabel('newKey Key').fill('fragile');
  await tags.getByLabel('newKey Key').blur();
  await tags.getByLabel('fragile', { exact: true }).fill('2');

  await form.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'dent.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText(/dent\.png · 70 B · image\/png → 96 base64 characters/)).toBeVisible();
  await form.getByLabel('Received on').fill('2026-11-30');

  await page.getByRole('button', { name: 'Call tool' }).click();
  await expectReceived(
    page,
    1,
    {
      customer: { name: 'Ada', contact: { email: 'ada@example.com', phone: null } },
      items: [
        { sku: 'USB-001', quantity: 2 },
        { sku: 'HDM-002', quantity: 1 },
      ],
      condition: 'damaged',
      refund: { method: 'credit', expires_days: 60 },
      tags: { fragile: 2 },
      photo: PNG.toString('base64'),
      received_on: '2026-11-30',
    },
    'file_return',
  );

  // Back to unset (key absent) and to null, and the file cleared.
  await form.getByLabel('Send Phone as').selectOption('unset');
  await form.getByLabel('Send Condition as').selectOption('null');
  await form.getByRole('button', { name: 'Clear Photo' }).click();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expectReceived(
    page,
    2,
    {
      customer: { name: 'Ada', contact: { email: 'ada@example.com' } },
      items: [
        { sku: 'USB-001', quantity: 2 },
        { sku: 'HDM-002', quantity: 1 },
      ],
      condition: null,
      refund: { method: 'credit', expires_days: 60 },
      tags: { fragile: 2 },
      received_on: '2026-11-30',
    },
    'file_return',
  );
});

test('typing regressions: decimals, escapes kept as typed, values kept per tool', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'file_return'));
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('Name', { exact: true }).pressSequentially('Ada');
  await form.getByLabel('SKU').pressSequentially('USB-001');
  await form.getByLabel('Quantity').pressSequentially('1');
  // "0." is a number on its way to "0.5", not a value to correct.
  const share = form.getByLabel('Refund share');
  await share.pressSequentially('0.');
  await share.pressSequentially('5');
  await expect(share).toHaveValue('0.5');

  // Switching tools keeps each tool's own values, and never leaks them into another form.
  const tools = page.getByRole('region', { name: 'Tools' });
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('preview');
  await tools.getByRole('button', { name: /Preview order/ }).click();
  await expect(form.getByLabel('Customer')).toHaveValue('');
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('file_return');
  await tools.getByRole('button', { name: /File a return/ }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Ada');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expectReceived(page, 1, { customer: { name: 'Ada' }, items: [{ sku: 'USB-001', quantity: 1 }], refund_share: 0.5 }, 'file_return');

  // Typed JSON, escapes and all, stays exactly as typed (no re-escaping), and means what it says.
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  const json = page.getByRole('textbox', { name: 'Arguments JSON' });
  await json.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  const typed =
    '{"customer": {"name": "Ada \\"Countess\\" L\\u00f6velace \\\\ [1]"}, "items": [{"sku": "HDM-002", "quantity": 3}], "refund_share": 0.25}';
  await json.pressSequentially(typed);
  await expect(json).toHaveText(typed);
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Ada "Countess" Lövelace \\ [1]');
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  await expect(json).toHaveText(typed);
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expectReceived(
    page,
    2,
    { customer: { name: 'Ada "Countess" Lövelace \\ [1]' }, items: [{ sku: 'HDM-002', quantity: 3 }], refund_share: 0.25 },
    'file_return',
  );
});

test('fast typing in the JSON editor keeps every key, in order, and sends exactly that', async ({ page }) => {
  // The editor reports each key up and gets the text back as its value — sometimes after the
  // next key. Applying such a late echo once moved the first "{" to the end of the text.
  await page.goto(deepLink(demoMcpUrl(), 'file_return'));
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  const json = page.getByRole('textbox', { name: 'Arguments JSON' });
  const args = {
    customer: { name: 'Ada "the first" Lovelace, 1815–1852' },
    items: [
      { sku: 'USB-001', quantity: 2 },
      { sku: 'HDM-002', quantity: 10 },
    ],
    tags: { gift: 1, fragile: 2 },
    refund_share: 0.75,
    received_on: '2026-11-30',
  };
  const text = JSON.stringify(args, null, 1).replace(/\n\s*/g, ' ');
  await json.click();
  for (let round = 0; round < 3; round++) {
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(text, { delay: 0 });
    await page.keyboard.press('Escape');
    await expect.poll(() => json.innerText()).toBe(text);
  }
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expectReceived(page, 1, args, 'file_return');
});

test('the JSON editor completes the property names of the object the cursor is in, and enum values', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'file_return'));
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  const json = page.getByRole('textbox', { name: 'Arguments JSON' });
  await json.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await json.pressSequentially('{"items": [{"');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveText([/^quantity\s*integer, required/, /^sku\s*string, required/]);
  await page.keyboard.press('Escape');
  await json.pressSequentially('sku": "USB-001"}], "customer": {"');
  await expect(options).toHaveText([/^contact\s*object/, /^name\s*string, required/]);
  await page.keyboard.press('Escape');
  // Values: the enum behind $ref (and null, once the typed text could be it).
  await json.pressSequentially('name": "Ada"}, "condition": "');
  await expect(options).toHaveText([/^"damaged"\s*enum/, /^"unopened"\s*enum/, /^"used"\s*enum/]);
  await json.pressSequentially('us');
  await expect(options).toHaveText([/^"used"\s*enum/]);
  await page.keyboard.press('Enter');
  await json.pressSequentially('}');
  await expect(json).toHaveText('{"items": [{"sku": "USB-001"}], "customer": {"name": "Ada"}, "condition": "used"}');
  // After a ":" nothing pops up by itself, so Enter still starts a new line.
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await json.pressSequentially('{"condition": ');
  await expect(options).toHaveCount(0);
  await page.keyboard.press('Control+Space');
  await expect(options).toHaveText([/^"damaged"/, /^"unopened"/, /^"used"/, /^null\s*null/]);
  // A value typed out in full is not offered again: Enter after it is a new line.
  await page.keyboard.press('Escape');
  await json.pressSequentially('null');
  await expect(options).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect.poll(() => json.innerText()).toMatch(/^\{"condition": null\n/);
});

test('a form laid out like a tool: a bounded number is narrow, a default shown once, no schema-name heading, no icon squares', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  const form = page.getByRole('form', { name: 'Arguments' });
  const limit = form.getByLabel('limit');
  await expect(limit).toHaveValue('10');
  expect((await limit.boundingBox())?.width).toBeLessThanOrEqual(120);
  // The field already holds its default: "Default: 10" is not said above it.
  await expect(form.getByText(/^Default:/)).toHaveCount(0);
  await limit.fill('3');
  await expect(form.getByText('Default: 10')).toBeVisible();
  // No hint line appears twice within a field.
  for (const group of await form.locator('.form-group').all()) {
    const lines = (await group.locator('p').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    expect(lines, await group.innerText()).toEqual([...new Set(lines)]);
  }
  // A Pydantic-style schema's title ("preview_orderArguments") is not a heading over the form.
  await page.goto(deepLink(demoMcpUrl(), 'preview_order'));
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('Customer')).toBeVisible();
  await expect(page.getByText(/Arguments$/).filter({ hasText: 'preview_order' })).toHaveCount(0);
  // Tools without icons get no placeholder square; the header none either.
  const row = page.getByRole('list', { name: 'Tool list' }).getByRole('button', { name: /^Current time/ });
  await expect(row.locator('img, span.bg-line')).toHaveCount(0);
  await row.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Current time' }).locator('..').locator('img, span.bg-line')).toHaveCount(0);
  // Counts read right while searching.
  await page.getByRole('searchbox', { name: 'Search tools' }).fill('current time');
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^1 of 29 tools/)).toBeVisible();
});

test('a form laid out like a tool: short fields two to a row when wide, an array of flat objects as a table, a nested group folds to one line', async ({
  page,
}) => {
  const shots = process.env.TOOLSCOPE_SCREENSHOTS;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'file_return'));
  const form = page.getByRole('form', { name: 'Arguments' });
  // The items (SKU, Quantity: plain scalars) are a table: one header, one row per item, each cell
  // still labelled for assistive tech.
  const items = form.getByRole('group', { name: 'Items' });
  await items.getByRole('button', { name: '+ Add' }).click();
  const sku = items.getByLabel('SKU');
  const quantity = items.getByLabel('Quantity');
  await expect(sku).toHaveCount(2);
  const [firstSku, firstQty, secondSku] = [
    await sku.first().boundingBox(),
    await quantity.first().boundingBox(),
    await sku.nth(1).boundingBox(),
  ];
  expect(Math.abs((firstSku?.y ?? 0) - (firstQty?.y ?? 1))).toBeLessThan(2);
  expect(secondSku?.y ?? 0).toBeGreaterThan(firstSku?.y ?? 0);
  // The column's name is said once, above; each cell's own label is for assistive tech only.
  await expect(items.locator('label').filter({ hasText: /^SKU$/ }).first()).toHaveClass(/sr-only/);
  await sku.first().fill('USB-001');
  await quantity.first().fill('2');

  // The nested customer group folds to one line saying what it holds, and opens again.
  await form.getByLabel('Name', { exact: true }).fill('Ada');
  const customer = form.getByRole('group', { name: 'Customer' });
  const fold = customer.getByRole('button', { name: /Customer/ });
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  if (shots) await page.screenshot({ path: `${shots}/form-1440.png` });
  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await expect(customer).toContainText('name: "Ada"');
  await expect(form.getByLabel('Name', { exact: true })).toBeHidden();
  await fold.click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Ada');

  // Short fields side by side where the form is wide: compile_annual_report's two bounded numbers.
  await page.goto(deepLink(demoMcpUrl(), 'compile_annual_report'));
  const job = page.getByRole('form', { name: 'Arguments' });
  const [duration, interval] = [await job.getByLabel('duration_s').boundingBox(), await job.getByLabel('interval_ms').boundingBox()];
  expect(Math.abs((duration?.y ?? 0) - (interval?.y ?? 1))).toBeLessThan(2);
  expect(interval?.x ?? 0).toBeGreaterThan((duration?.x ?? 0) + 150);
  if (shots) await page.screenshot({ path: `${shots}/job-1440.png` });
  // On a phone, one to a row.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Request' }).click();
  const [phoneDuration, phoneInterval] = [
    await job.getByLabel('duration_s').boundingBox(),
    await job.getByLabel('interval_ms').boundingBox(),
  ];
  expect(phoneInterval?.y ?? 0).toBeGreaterThan((phoneDuration?.y ?? 0) + 20);
  if (shots) await page.screenshot({ path: `${shots}/job-390.png` });
});
