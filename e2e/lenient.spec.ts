// A 2026-07-28 server that breaks the spec's schema: the good tool is listed and callable, the
// bad one is listed with what is wrong named, a result with an unknown block is shown with its
// findings — and the page stays usable, with no error of its own.
import { expect, test } from './fixtures/test.ts';
import { callConfirmed } from './fixtures/calls.ts';
import { pageErrors } from './fixtures/console.ts';
import { broken2026McpUrl, deepLink } from './fixtures/urls.ts';

test('a malformed 2026 tool list and result: what is valid is shown, what is not is named', async ({ page }) => {
  const errors = pageErrors(page);
  await page.goto(deepLink(broken2026McpUrl(), 'bad'));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('2026-07-28');
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools.getByText(/^5 tools · 1 page$/)).toBeVisible();
  await tools.getByText('2 problems in the tool list').click();
  await expect(tools).toContainText('nextCursor is 2, not a string');
  await expect(tools).toContainText('The result has no resultType');

  const findings = page.getByRole('list', { name: 'Design findings' });
  await expect(findings).toContainText('inputSchema.type is "string"');
  await expect(findings).toContainText('annotations.readOnlyHint is "yes", not a boolean');
  await expect(findings).toContainText('icons[0].theme: "sepia" — the 2026 schema allows "light" or "dark"');

  await tools.getByRole('button', { name: /^good/ }).click();
  // Not marked read-only, so by the spec's defaults it may be destructive: confirmed first.
  await callConfirmed(page);
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('still here');
  await expect(result).toContainText('Unknown content type "video"');
  const resultFindings = result.getByRole('list', { name: 'Result findings' });
  await expect(resultFindings).toContainText('isError is "true", not a boolean');
  await expect(resultFindings).toContainText('content[1].annotations.priority is 1.5');

  // A schema no validator compiles: said in the list and before any call, and the call still goes out.
  const legacyRow = tools.getByRole('button', { name: /^legacy_schema/ });
  await expect(legacyRow).toContainText('schema unchecked');
  await expect(legacyRow).toHaveAttribute('title', /Arguments not fully checked: The schema cannot be compiled/);
  await expect(tools.getByRole('button', { name: /^good/ })).not.toContainText('schema unchecked');
  await legacyRow.click();
  const note = page.getByRole('note').filter({ hasText: 'Arguments are not fully checked before sending' });
  await expect(note).toContainText('cannot be compiled');
  await expect(note).toContainText('draft-04');
  expect(errors).toEqual([]);
});

test('x-mcp-header: declared properties go out as Mcp-Param headers; a tool with an invalid declaration is greyed and not callable', async ({
  page,
}) => {
  const errors = pageErrors(page);
  await page.goto(deepLink(broken2026McpUrl(), 'bad_header'));
  const tools = page.getByRole('region', { name: 'Tools' });
  const row = tools.getByRole('button', { name: /^bad_header/ });
  await expect(row).toContainText('not callable');
  await expect(row).toHaveAttribute('title', /Not callable: filter: x-mcp-header is allowed only on string, integer or boolean/);
  await expect(page.getByRole('button', { name: 'Call tool' })).toBeDisabled();
  await expect(page.getByRole('note').filter({ hasText: 'Not callable' })).toContainText('clients must leave such a tool out');

  await tools.getByRole('button', { name: /^routed/ }).click();
  await page.getByRole('textbox', { name: 'region' }).fill('Zürich');
  await page.getByRole('spinbutton', { name: 'priority' }).fill('3');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('mcp-param-priority: 3');
  await expect(result).toContainText(`mcp-param-region: =?base64?${Buffer.from('Zürich').toString('base64')}?=`);
  expect(errors).toEqual([]);
});
