// The sandbox documents alone, in Debian's Chromium as a person's browser runs them (no render
// switches): an app that declares no network tries WebRTC every way the fourth audit did (N1).
// Its own window, an about:blank child frame and its relay have no RTCPeerConnection; the one path
// a page cannot close in Chromium — window[n] of a srcdoc frame in the same task — is the gap the
// App view and docs/apps.md name, and this test holds it to exactly that one.
import { createSocket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from './browser/chromium.ts';
import { startSandbox, type RunningSandbox } from './sandbox.ts';

const PATHS = ['own', 'webkit', 'child', 'nested', 'element', 'relay', 'srcdoc'];
// One UDP listener per path: a packet on its port says which path reached the network.
const sockets = PATHS.map(() => createSocket('udp4'));
const usernames = new Set<string>();
const ports: Record<string, number> = {};
let host: Server;
let sandbox: RunningSandbox;
let browser: Browser;
let page = '';

const app = () => `<!doctype html><html><body><script>
const take = {
  own: () => window.RTCPeerConnection,
  webkit: () => window.webkitRTCPeerConnection,
  child: () => { const f = document.createElement('iframe'); document.body.append(f); return f.contentWindow.RTCPeerConnection; },
  nested: () => { const f = document.createElement('iframe'); document.body.append(f); const g = f.contentDocument.createElement('iframe'); f.contentDocument.body.append(g); return g.contentWindow.RTCPeerConnection; },
  element: () => { const f = document.createElement('iframe'); f.srcdoc = '<p>x'; document.body.append(f); return f.contentWindow.RTCPeerConnection; },
  relay: () => parent.RTCPeerConnection,
  // The gap: a frame given a srcdoc, read through window[n] in the same task, its load stopped.
  srcdoc: () => { const f = document.createElement('iframe'); f.srcdoc = '<p>x'; document.body.append(f); const w = window[window.length - 1]; w.stop(); return w.RTCPeerConnection; },
};
for (const [name, get] of Object.entries(take)) {
  try {
    const pc = new (get())({ iceServers: [{ urls: 'turn:127.0.0.1:' + ${JSON.stringify(ports)}[name] + '?transport=udp', username: 'EXFIL-' + name, credential: 'x' }] });
    pc.createDataChannel(name);
    pc.createOffer().then((offer) => pc.setLocalDescription(offer));
  } catch (error) { document.title += name + ':' + error.message + ';'; }
}
</script></body></html>`;

beforeAll(async () => {
  for (const [index, socket] of sockets.entries()) {
    socket.on('message', () => usernames.add(PATHS[index]!));
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    ports[PATHS[index]!] = socket.address().port;
  }
  // Toolscope's page, as far as the sandbox is concerned: it registers a load and hands over the app.
  host = createServer((request, response) => {
    if (request.url === '/plain') return void response.writeHead(200, { 'content-type': 'text/html' }).end(app());
    response.writeHead(200, { 'content-type': 'text/html' }).end(
      `<!doctype html><body><script>
      (async () => {
        const sandbox = ${JSON.stringify('SANDBOX')};
        const report = 'a'.repeat(32);
        const { session } = await (await fetch(sandbox + '/app-session', { method: 'POST', body: JSON.stringify({ app: 'a1', profile: 'reference', report }) })).json();
        const relay = 'http://a1.localhost:' + new URL(sandbox).port;
        addEventListener('message', (event) => {
          if (event.data && event.data.method === 'ui/notifications/sandbox-proxy-ready')
            frame.contentWindow.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: ${JSON.stringify(app()).replace(/<\//g, '<\\/')} } }, relay);
        });
        const frame = document.createElement('iframe');
        frame.src = relay + '/sandbox.html?' + new URLSearchParams({ session, profile: 'reference' });
        document.body.append(frame);
      })();
    </script>`.replace('"SANDBOX"', JSON.stringify(sandbox.origin)),
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  page = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
  sandbox = await startSandbox(page.slice(0, -1), 0);
  browser = await chromium.launch({ executablePath: findChromium(process.env), args: CHROMIUM_ARGS });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await sandbox?.stop();
  host?.close();
  for (const socket of sockets) socket.close();
});

it('no peer connection from the app, a child frame, a nested one, the element’s window or the relay: only the named gap', async () => {
  // The control: in a plain page of this Chromium the same peer connection reaches the listener.
  const plain = await browser.newPage();
  await plain.goto(`${page}plain`);
  await expect.poll(() => [...usernames], { timeout: 15_000 }).toContain('own');
  await plain.close();
  usernames.clear();

  const tab = await browser.newPage();
  await tab.goto(page);
  const appFrame = () => tab.frames().find((frame) => frame.url().includes('/app.html'));
  await expect
    .poll(
      async () =>
        (await appFrame()
          ?.evaluate(() => document.title)
          .catch(() => '')) ?? '',
      { timeout: 15_000 },
    )
    .toContain('relay:');
  const said = (await appFrame()!.evaluate(() => document.title)).split(';');
  for (const name of ['own', 'webkit', 'child', 'nested', 'element', 'relay'])
    expect(said, name).toContainEqual(expect.stringMatching(new RegExp(`^${name}:.*not a constructor`)));
  await new Promise((resolve) => setTimeout(resolve, 3000));
  // Only the named gap reached the network: a page cannot close it in Chromium (render does).
  expect([...usernames]).toEqual(['srcdoc']);
}, 60_000);
