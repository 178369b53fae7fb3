// Lazy (mixed) auth in the browser: the demo in lazy mode lets anyone connect, list and call its
// read-only tools; a protected tool's 401, a result's _meta["mcp/www_authenticate"] and a 403
// insufficient_scope each become a "Sign-in required" card; "Sign in and retry" signs in and sends
// the same call again — no retyping — and the read-only call that failed earlier is sent again once.
import { expect, test, type BrowserContext, type Page } from './fixtures/test.ts';
import { deepLink, lazyMcpUrl, oauthIssuer } from './fixtures/urls.ts';
import { openTraffic } from './fixtures/panes.ts';

const shots = process.env.TOOLSCOPE_SCREENSHOTS;
const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const card = (page: Page) => result(page).getByRole('region', { name: 'Sign-in required' });

async function openTool(page: Page, name: string) {
  const tools = page.getByRole('region', { name: 'Tools' });
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill(name);
  await tools
    .getByRole('button', { name: new RegExp(name.replace(/_/g, '[ _]'), 'i') })
    .first()
    .click();
}

/** restock_product declares no destructiveHint (the spec's default: destructive): the gate asks first. */
async function confirmIfAsked(page: Page) {
  const confirm = page.getByRole('dialog', { name: /Confirm/ });
  await confirm.waitFor({ state: 'visible', timeout: 3000 }).then(
    () => confirm.getByRole('button', { name: 'Call tool' }).click(),
    () => undefined,
  );
}

async function consent(page: Page, context: BrowserContext) {
  const opened = context.waitForEvent('page');
  await page
    .getByRole('region', { name: 'OAuth sign-in' })
    .getByRole('link', { name: `Open the sign-in page at ${new URL(oauthIssuer()).host}` })
    .click();
  const tab = await opened;
  await tab.getByRole('button', { name: 'Approve' }).click();
  await expect(tab.getByRole('status')).toContainText('Signed in');
  await tab.close();
}

test('anonymous calls work; a 401, a _meta challenge and a step-up each sign in and send the call again', async ({ page, context }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(lazyMcpUrl(), 'get_current_time'));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected to');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('UTC');

  // A read-only tool that needs an account: 401 with its scope.
  await openTool(page, 'get_stock_report');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(card(page)).toContainText('HTTP 401');
  // An expected sign-in is its own amber word, not a failure — in the pill and in Traffic.
  await expect(result(page).getByRole('status', { name: 'Outcome' })).toHaveText(/^Sign-in required · HTTP 401/);
  await expect(card(page)).toContainText('catalog:read');
  await expect(card(page)).toContainText('/.well-known/oauth-protected-resource');
  await card(page).getByText('How hosts react').click();
  const hosts = card(page).getByRole('list', { name: 'How hosts react' }).getByRole('listitem');
  await expect(hosts).toHaveCount(4);
  await expect(hosts.filter({ hasText: 'Claude Code' })).toContainText('/mcp');
  if (shots) await page.screenshot({ path: `${shots}/lazy-401-1440.png` });

  // ChatGPT's form: a result whose _meta carries the challenge.
  await openTool(page, 'report_price_issue');
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('product_id').fill('prd_cab_001');
  await form.getByLabel('details').fill('The shelf price is higher than the catalog says.');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(card(page)).toContainText('_meta["mcp/www_authenticate"]');
  await expect(result(page)).toContainText('Sign in to use report_price_issue');
  await card(page).getByRole('button', { name: 'Sign in and retry' }).click();
  await consent(page, context);
  // The same call again, with the token: no card, the ticket number.
  await expect(card(page)).toHaveCount(0);
  await expect(result(page)).toContainText(/ticket/i);

  // The read-only call that failed for a sign-in was sent again once, on its own.
  await openTool(page, 'get_stock_report');
  await expect(card(page)).toHaveCount(0);
  await expect(result(page)).not.toContainText('HTTP 401');

  // The wider tool: 403 insufficient_scope → step-up → the same call again.
  await openTool(page, 'restock_product');
  await form.getByLabel('product_id').fill('prd_cab_001');
  await form.getByLabel('quantity').fill('12');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await confirmIfAsked(page);
  await expect(card(page)).toContainText('insufficient_scope');
  await expect(card(page)).toContainText('catalog:read catalog:write');
  await card(page).getByRole('button', { name: 'Sign in and retry' }).click();
  if (shots) await page.screenshot({ path: `${shots}/lazy-step-up-1440.png` });
  await consent(page, context);
  // The retry goes through the same gate: a destructive-by-default tool asks again.
  await confirmIfAsked(page);
  await expect(card(page)).toHaveCount(0);
  await expect(result(page)).toContainText('12');
  // Traffic says each expected sign-in in the same word (401 and 403 insufficient_scope), and counts none as failed.
  const traffic = await openTraffic(page);
  // The first call of each tool (the list is newest first): the one the server refused.
  const firstCall = (tool: string) =>
    traffic
      .locator('summary')
      .filter({ hasText: new RegExp(`^tools/call ${tool}`) })
      .last();
  await expect(firstCall('get_stock_report')).toContainText('Sign-in required · HTTP 401');
  await expect(firstCall('restock_product')).toContainText('Sign-in required · HTTP 403');
  await expect(page.getByRole('tablist', { name: 'Dock' })).not.toContainText('failed');
});
