// What a link can do (hardening, issue 27): it fills a form, never sends unseen arguments, and
// never makes the page contact a server the person has not chosen.
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { expect, test, type Page, type Request } from './fixtures/test.ts';
import { appUrl, everythingMcpUrl, liveMcpUrl } from './fixtures/urls.ts';

const linkWithArgs = (server: string, tool: string, args: unknown) =>
  `${appUrl()}?server=${encodeURIComponent(server)}&tool=${encodeURIComponent(tool)}&args=${encodeURIComponent(JSON.stringify(args))}`;

/** Every request the page sends to this origin. */
function requestsTo(page: Page, origin: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(origin)) seen.push(request);
  });
  return seen;
}

test('a link cannot send arguments the form does not show: they are listed, removable, and the first call asks with the exact arguments', async ({
  page,
}) => {
  await page.goto(linkWithArgs(everythingMcpUrl(), 'echo', { message: 'hello', bcc: 'attacker@evil.example' }));
  await expect(page.getByRole('heading', { level: 2, name: 'Echo Tool' })).toBeVisible();
  const extras = page.getByRole('region', { name: 'From the link, not in the form' });
  await expect(extras).toContainText('bcc: "attacker@evil.example"');
  // The first call asks, showing every argument that would go out — the hidden one too.
  await page.getByRole('button', { name: 'Call tool' }).click();
  let dialog = page.getByRole('dialog', { name: 'Confirm call to echo' });
  await expect(dialog).toContainText('came from a link');
  await expect(dialog).toContainText('"bcc": "attacker@evil.example"');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('No call yet');

  await extras.getByRole('button', { name: 'Remove bcc' }).click();
  await expect(extras).toHaveCount(0);
  await page.getByRole('button', { name: 'Call tool' }).click();
  dialog = page.getByRole('dialog', { name: 'Confirm call to echo' });
  await expect(dialog).not.toContainText('bcc');
  await dialog.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('Echo: hello');
  // Sent once from here: the arguments are the person's now.
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('message').fill('again');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('Echo: again');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('a link to a server this browser has not used', () => {
  test.use({ knownServers: false });

  test('asks "Connect to <origin>?" and sends nothing until the person answers', async ({ page }) => {
    const origin = new URL(liveMcpUrl()).origin;
    const sent = requestsTo(page, origin);
    await page.goto(linkWithArgs(liveMcpUrl(), 'search_catalog', { query: 'mouse' }));
    const question = page.getByRole('region', { name: `Connect to ${origin}?` });
    await expect(question).toContainText('Nothing has been sent to it yet');
    await expect(question).toContainText('search_catalog');
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    await question.getByRole('button', { name: `Connect to ${origin}` }).click();
    await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
    expect(sent.length).toBeGreaterThan(0);
    // Connected once: the next link to it connects at once.
    await page.goto(linkWithArgs(liveMcpUrl(), 'search_catalog', { query: 'mouse' }));
    await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
    await expect(page.getByRole('region', { name: `Connect to ${origin}?` })).toHaveCount(0);
  });

  test('"Not now" sends nothing; once the person says yes, the server is as if typed: a failure is explained by the probe', async ({
    page,
  }) => {
    // A loopback port with nothing listening.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const server = `http://127.0.0.1:${port}/mcp`;
    const origin = new URL(server).origin;
    const sent = requestsTo(page, origin);
    await page.goto(`${appUrl()}?server=${encodeURIComponent(server)}`);
    const question = page.getByRole('region', { name: `Connect to ${origin}?` });
    await question.getByRole('button', { name: 'Not now' }).click();
    await expect(question).toHaveCount(0);
    expect(sent).toEqual([]);

    await page.reload();
    await page
      .getByRole('region', { name: `Connect to ${origin}?` })
      .getByRole('button', { name: `Connect to ${origin}` })
      .click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('alert')).not.toContainText('Toolscope does not probe a server a link names');
    expect(sent.length).toBeGreaterThan(0);
    // The reachability probe ran, as for a server typed in (a GET to the server's origin).
    expect(sent.some((request) => request.method() === 'GET')).toBe(true);
  });

  test('once the person says yes, only the protocol’s own requests go to the URL the link named — a probe asks the origin, never its path or query', async ({
    page,
  }) => {
    // A server that answers without CORS (the browser says "Failed to fetch", and the page probes),
    // and records every request it gets: the page's and the doctor's behind it.
    const seen: string[] = [];
    const server = createHttpServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.writeHead(404).end();
    });
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    try {
      const link = `http://127.0.0.1:${port}/admin?action=reboot`;
      const origin = new URL(link).origin;
      await page.goto(`${appUrl()}?server=${encodeURIComponent(link)}`);
      await page
        .getByRole('region', { name: `Connect to ${origin}?` })
        .getByRole('button', { name: `Connect to ${origin}` })
        .click();
      await expect(page.getByRole('alert')).toContainText('CORS');
      // The audit saw "GET /admin?action=reboot" here: the probe sent the link's whole URL.
      expect(seen).toContain('GET /');
      for (const request of seen.filter((line) => line.includes('/admin')))
        expect(request, request).toMatch(/^(OPTIONS|POST|DELETE) \/admin\?action=reboot$/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
