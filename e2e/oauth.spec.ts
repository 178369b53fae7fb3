// OAuth 2.1 end to end in the browser: the demo server as a protected resource of our test
// authorization server, whose token endpoint refuses browser CORS. Toolscope discovers,
// identifies itself with its Client ID Metadata Document, sends the user to the consent page
// in a new tab, takes the redirect back on its callback page, exchanges the code through its
// proxy, connects with the token, and steps up when a tool needs more scope.
import { expect, test, type BrowserContext, type Page } from './fixtures/test.ts';
import { appUrl, deepLink, oauthIssuer, oauthMcpUrl } from './fixtures/urls.ts';
import { pageErrors } from './fixtures/console.ts';
import { openTraffic, openServerDetails } from './fixtures/panes.ts';

const panel = (page: Page) => page.getByRole('region', { name: 'OAuth sign-in' });

/** Opens the sign-in link, approves (or denies) on the authorization server's page, returns that tab. */
async function consent(page: Page, context: BrowserContext, decision: 'Approve' | 'Deny' = 'Approve') {
  const opened = context.waitForEvent('page');
  await panel(page)
    .getByRole('link', { name: `Open the sign-in page at ${new URL(oauthIssuer()).host}` })
    .click();
  const tab = await opened;
  await tab.getByRole('button', { name: decision }).click();
  return tab;
}

test('signs in with OAuth, connects with the token, and steps up to more scope', async ({ page, context }) => {
  // The page itself logs nothing (the blocked token request and the 401 are the browser's own).
  const consoleErrors = pageErrors(page);
  await page.goto(deepLink(oauthMcpUrl()));
  await expect(page.getByRole('alert')).toContainText('HTTP 401');
  await page.getByRole('button', { name: 'Sign in with OAuth' }).click();

  // Every leg up to the authorization request, in words.
  await expect(panel(page)).toContainText(`Protected resource metadata: Resource ${oauthMcpUrl()}`);
  await expect(panel(page)).toContainText(`Issuer ${oauthIssuer()} matches`);
  await expect(panel(page)).toContainText(
    `Client identity: Using Toolscope’s Client ID Metadata Document ${appUrl()}oauth/client-metadata.json`,
  );
  await expect(panel(page)).toContainText('PKCE S256 challenge made');

  const tab = await consent(page, context);
  await expect(tab.getByRole('status')).toContainText('Signed in');
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected to');
  await openServerDetails(page);
  await expect(page.getByRole('button', { name: 'Diagnose' })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toContainText('Got a Bearer token for scope “catalog:read”');
  await expect(panel(page)).toContainText(
    'the token endpoint refused browser CORS, so Toolscope exchanged the code through its local proxy',
  );
  // The raw token request is there, with its secrets masked (the steps fold once signed in).
  await panel(page).getByText('OAuth sign-in steps (7)').click();
  await panel(page).getByText('2 requests').click();
  await expect(panel(page)).toContainText('(through Toolscope’s local proxy)');
  await expect(panel(page)).toContainText(/"access_token": ".{4}…\(\d+ chars\)"/);
  await panel(page).getByRole('button', { name: 'Hide sign-in details' }).click();

  // A tool that needs catalog:write: 403 insufficient_scope, then step-up keeps the connection.
  await page.getByRole('region', { name: 'Tools' }).getByRole('searchbox', { name: 'Search tools' }).fill('toggle');
  await page
    .getByRole('region', { name: 'Tools' })
    .getByRole('button', { name: /Toggle seasonal offer/ })
    .click();
  await page.getByRole('button', { name: 'Call tool' }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('HTTP 403 insufficient_scope: the token lacks a scope this tool needs.');
  await expect(result.getByRole('region', { name: 'Sign-in required' })).toContainText('catalog:read catalog:write');
  await result.getByRole('button', { name: 'Sign in and retry' }).click();
  await consent(page, context);
  await expect(panel(page)).toContainText('Signed in again with scope “catalog:read catalog:write”.');
  // The same call again, sent by itself once the token is in.
  await expect(result).toContainText(/Added|Removed/);
  expect(consoleErrors).toEqual([]);
});

test('a sign-in whose code cannot load says so, and starts on the next press', async ({ page }) => {
  const signInCode = /\/assets\/oauth-[^/?]+\.js(\?.*)?$/;
  await page.route(signInCode, (route) => route.abort('connectionreset'));
  await page.goto(deepLink(oauthMcpUrl()));
  await page.getByRole('button', { name: 'Sign in with OAuth' }).click();
  await expect(panel(page)).toContainText('Sign-in failed: Toolscope could not load its sign-in steps');
  await page.unroute(signInCode);
  await page.getByRole('button', { name: 'Sign in with OAuth' }).click();
  await expect(panel(page)).toContainText('PKCE S256 challenge made');
});

test('a denied sign-in says so, and a forged callback is refused', async ({ page, context }) => {
  await page.goto(deepLink(oauthMcpUrl()));
  await page.getByRole('button', { name: 'Sign in with OAuth' }).click();
  await consent(page, context, 'Deny');
  await expect(panel(page)).toContainText(
    'Sign-in failed: The authorization server answered error “access_denied”: The user denied access.',
  );
  await expect(page.getByRole('alert')).toContainText('HTTP 401');

  const forged = await context.newPage();
  await forged.goto(`${appUrl()}oauth-callback.html?code=stolen&state=guessed`);
  await expect(forged.getByRole('status')).toContainText('does not belong to a sign-in Toolscope started');
  expect(new URL(forged.url()).search).toBe(''); // the code does not stay in the address bar
});

test('“Stay signed in” keeps the token for that server across a reload; without it, a reload asks again', async ({ page, context }) => {
  await page.goto(deepLink(oauthMcpUrl()));
  await page.getByLabel('Stay signed in on this device (stores the tokens in this browser)').check();
  await page.getByRole('button', { name: 'Sign in with OAuth' }).click();
  await consent(page, context);
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected to');
  await page.reload();
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected to');
  // An access token the server no longer accepts (revoked, or expired early): the 401 is met
  // with the refresh token, and the connection goes on with the new access token.
  const key = `toolscope:oauth-grant:${oauthMcpUrl()}`;
  const refreshToken = await page.evaluate((storageKey) => {
    const grant = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(storageKey, JSON.stringify({ ...grant, accessToken: 'revoked-token' }));
    return String(grant.refreshToken);
  }, key);
  await page.reload();
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected to');
  // The refresh is in Traffic like any other exchange, its tokens masked.
  const traffic = await openTraffic(page);
  const refresh = traffic.locator('details').filter({ hasText: /^POST\s*POST\s*200/ });
  await expect(refresh).toHaveCount(1);
  await refresh.locator('summary').click();
  await expect(refresh).toContainText('grant_type=refresh_token');
  await expect(refresh).toContainText('"access_token"');
  expect(refreshToken.length).toBeGreaterThan(8);
  await expect(traffic).not.toContainText(refreshToken);
  const renewed = await page.evaluate((storageKey) => localStorage.getItem(storageKey) ?? '', key);
  expect(renewed).not.toContain('revoked-token');
  // Signing out forgets the stored tokens.
  await openServerDetails(page);
  await page.getByRole('button', { name: 'Sign out (forget this server’s OAuth tokens)' }).click();
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('HTTP 401');

  // Without the choice the token lives in memory only: after a reload the server asks again.
  const other = await context.browser()?.newContext();
  const fresh = await other?.newPage();
  if (!other || !fresh) throw new Error('no second browser context');
  await fresh.goto(deepLink(oauthMcpUrl()));
  // A browser that never used this server: the link asks first.
  await fresh.getByRole('button', { name: `Connect to ${new URL(oauthMcpUrl()).origin}` }).click();
  await fresh.getByRole('button', { name: 'Sign in with OAuth' }).click();
  await consent(fresh, other);
  await expect(fresh.getByRole('banner').getByRole('status')).toContainText('Connected to');
  await fresh.reload();
  await expect(fresh.getByRole('alert')).toContainText('HTTP 401');
  await other.close();
});
