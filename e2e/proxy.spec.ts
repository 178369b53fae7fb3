// Connecting to a server that does not allow browser CORS, through Toolscope's loopback proxy.
import { expect, test } from './fixtures/test.ts';
import { appUrl, deepLink, noCorsMcpUrl } from './fixtures/urls.ts';
import { openTraffic } from './fixtures/panes.ts';

test('a CORS failure offers the local proxy; the choice is remembered for the server', async ({ page }) => {
  await page.goto(appUrl());
  await page.getByRole('textbox', { name: 'Server URL' }).fill(noCorsMcpUrl());
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('CORS');
  // What exactly is missing, from the doctor's probes (run at once through Toolscope's own server).
  await expect(page.getByRole('list', { name: 'What the server’s CORS lacks' })).toContainText('no Access-Control-Allow-Origin');
  // Nothing is chosen for the person: remembering the proxy is ticked by hand.
  const always = page.getByRole('checkbox', { name: 'Always use the proxy for this server' });
  await expect(always).not.toBeChecked();
  await always.check();
  await page.getByRole('button', { name: 'Use the local proxy' }).click();
  const status = page.getByRole('banner').getByRole('status');
  await expect(status).toContainText('Connected');
  await expect(status).toContainText('via Toolscope’s local proxy');
  await expect(status).toContainText('2026-07-28');

  const tools = page.getByRole('region', { name: 'Tools' });
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('catalog');
  await tools.getByRole('button', { name: /^Search catalog/ }).click();
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('mouse');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('Wireless mouse');
  const traffic = await openTraffic(page);
  await traffic.getByText('tools/call search_catalog').first().click();
  await expect(traffic).toContainText(`x-toolscope-target: ${noCorsMcpUrl()}`);
  await expect(traffic).toContainText('x-toolscope-proxy-token: REDACTED');

  await page.goto(deepLink(noCorsMcpUrl()));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('via Toolscope’s local proxy');
});

test('the connection doctor names what is wrong and the fix', async ({ page }) => {
  await page.goto(appUrl());
  await page.getByRole('textbox', { name: 'Server URL' }).fill(noCorsMcpUrl());
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('CORS');
  await page.getByRole('button', { name: 'Diagnose' }).click();
  const doctor = page.getByRole('region', { name: 'Connection doctor' });
  await expect(doctor).toContainText('Answered server/discover → 2026-07-28');
  await expect(doctor).toContainText('Responses carry no Access-Control-Allow-Origin');
  await expect(doctor).toContainText('Fix: Send Access-Control-Allow-Origin');
});
