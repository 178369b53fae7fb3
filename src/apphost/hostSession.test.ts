// The app host session driven by the Apps SDK's own App (@modelcontextprotocol/ext-apps, written
// by others) over an in-memory transport pair: every answer below is what a real app receives.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '@modelcontextprotocol/ext-apps';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { AppHostSession, type AppHostOptions } from './hostSession.ts';

const RESOURCE = { uri: 'ui://demo/app.html', mimeType: 'text/html;profile=mcp-app', html: '<p>app</p>', meta: {} };
const sessions: AppHostSession[] = [];

async function framed(
  options: Partial<AppHostOptions> = {},
  capabilities: ConstructorParameters<typeof App>[1] = {},
  prepare?: (app: App) => void,
) {
  const opened: string[] = [];
  const saved: string[] = [];
  const session = new AppHostSession({
    resource: RESOURCE,
    profile: 'reference',
    input: { arguments: { city: 'Oslo' }, result: { content: [{ type: 'text', text: 'sunny' }] } },
    choices: { theme: 'light', width: 760, locale: 'en-US', timeZone: 'UTC' },
    callFromApp: () => Promise.resolve({ refused: 'the tool is read-only mode refused' }),
    readResource: (uri) => Promise.resolve({ contents: [{ uri, text: 'read' }] }),
    open: (url) => opened.push(url),
    save: (items) => {
      saved.push(...items.map((item) => item.name));
      return Promise.resolve();
    },
    teardownMs: 200,
    ...options,
  });
  sessions.push(session);
  const [host, appSide] = InMemoryTransport.createLinkedPair();
  await session.connect(host);
  const app = new App({ name: 'test app', version: '1.0.0' }, capabilities, { autoResize: false });
  prepare?.(app);
  await app.connect(appSide);
  // The host's own notifications after ui/initialize (tool input and result) are on their way.
  await until(() => session.getSnapshot().modes.length > 0 && app.getHostContext() !== undefined);
  return { session, app, opened, saved };
}

async function until(check: () => boolean, ms = 2000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.teardown()));
});

describe('AppHostSession: one framed app, without React', () => {
  it('answers the app a refused tools/call as an error result, and lists the refusal', async () => {
    const { session, app } = await framed();
    const result = await app.callServerTool({ name: 'delete_basket', arguments: { id: 1 } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: 'the tool is read-only mode refused' }]);
    expect(session.getSnapshot().refusals).toEqual(['delete_basket: the tool is read-only mode refused']);
  });

  it('passes an allowed call through the page’s entrance, and tells the app its call', async () => {
    const calls: string[] = [];
    const { app } = await framed({
      callFromApp: (name) => {
        calls.push(name);
        return Promise.resolve({ result: { content: [{ type: 'text', text: 'ok' }] } });
      },
    });
    const result = await app.callServerTool({ name: 'get_weather', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(calls).toEqual(['get_weather']);
  });

  it('refuses a javascript: link without asking; an https link waits for the person', async () => {
    const { session, app, opened } = await framed();
    const refused = await app.openLink({ url: 'javascript:alert(document.cookie)' });
    expect(refused.isError).toBe(true);
    expect(session.getSnapshot().link).toBeUndefined();
    expect(session.getSnapshot().events[0]?.kind).toBe('open-link refused');

    const asked = app.openLink({ url: 'https://example.com/docs' });
    await until(() => session.getSnapshot().link !== undefined);
    expect(session.getSnapshot().link).toBe('https://example.com/docs');
    expect(opened).toEqual([]);
    session.answerLink(true);
    expect((await asked).isError).toBeFalsy();
    expect(opened).toEqual(['https://example.com/docs']);
    expect(session.getSnapshot().link).toBeUndefined();
  });

  it('refuses a display mode the app did not declare, and grants one it did', async () => {
    const plain = await framed();
    expect(plain.session.getSnapshot().modes).toEqual(['inline']);
    expect(await plain.app.requestDisplayMode({ mode: 'fullscreen' })).toEqual({ mode: 'inline' });
    expect(plain.session.getSnapshot().displayMode).toBe('inline');
    expect(plain.session.getSnapshot().events[0]?.text).toMatch(/not declared by the app, refused/);

    const wide = await framed({}, { availableDisplayModes: ['inline', 'fullscreen'] });
    expect(wide.session.getSnapshot().modes).toEqual(['inline', 'fullscreen']);
    expect(await wide.app.requestDisplayMode({ mode: 'fullscreen' })).toEqual({ mode: 'fullscreen' });
    expect(wide.session.getSnapshot().displayMode).toBe('fullscreen');
    expect(wide.app.getHostContext()?.displayMode).toBe('fullscreen');
  });

  it('answers a pending download "no" on teardown, and saves nothing', async () => {
    const { session, app, saved } = await framed();
    const asked = app.downloadFile({
      contents: [{ type: 'resource', resource: { uri: 'file:///report.csv', mimeType: 'text/csv', text: 'a,b' } }],
    });
    await until(() => session.getSnapshot().download !== undefined);
    expect(session.getSnapshot().download?.items.map((item) => item.name)).toEqual(['report.csv']);
    await session.teardown();
    expect((await asked).isError).toBe(true);
    expect(saved).toEqual([]);
    expect(session.getSnapshot().download).toBeUndefined();
  });

  it('saves a download only after "yes"', async () => {
    const { session, app, saved } = await framed();
    const asked = app.downloadFile({ contents: [{ type: 'resource', resource: { uri: 'file:///a.txt', text: 'x' } }] });
    await until(() => session.getSnapshot().download !== undefined);
    session.answerDownload(true);
    expect((await asked).isError).toBeFalsy();
    expect(saved).toEqual(['a.txt']);
  });

  it('ends the teardown of a frozen app within its bound', async () => {
    const { session, app } = await framed({ teardownMs: 150 });
    let heard = false;
    app.onteardown = () => {
      heard = true;
      return new Promise(() => undefined);
    };
    const started = Date.now();
    await session.teardown();
    const took = Date.now() - started;
    expect(heard).toBe(true);
    expect(took).toBeGreaterThanOrEqual(140);
    expect(took).toBeLessThan(1000);
  });

  it('takes an eval probe for a note, not a violation; a blocked load is one', async () => {
    const blocked: string[] = [];
    const { session } = await framed({ onViolation: (directive, url) => blocked.push(`${directive} ${url}`) });
    session.report({ directive: 'script-src', blocked: 'eval', disposition: 'enforce', sample: 'function anonymous(\n) {\n\n}' });
    expect(session.getSnapshot().probed).toBe(true);
    expect(session.getSnapshot().violations).toEqual([]);
    session.report({ directive: 'img-src', blocked: 'https://cdn.example/a.png', disposition: 'enforce', sample: '' });
    session.report({ directive: 'img-src', blocked: 'https://cdn.example/a.png', disposition: 'enforce', sample: '' });
    session.report({ directive: 'script-src', blocked: 'blob', disposition: 'report', sample: '' });
    expect(session.getSnapshot().violations).toEqual([{ directive: 'img-src', blocked: 'https://cdn.example/a.png' }]);
    expect(blocked).toEqual(['img-src https://cdn.example/a.png', 'img-src https://cdn.example/a.png']);
    expect(session.getSnapshot().findings.map((finding) => finding.directive)).toEqual(['script-src']);
  });

  it('lists the tools the app registers, calls them through the gate, and refuses them after teardown', async () => {
    const gated: string[] = [];
    const { session } = await framed(
      {
        gateAppTool: (tool, args) => {
          gated.push(tool.name);
          return Promise.resolve(tool.name === 'wipe' ? { refused: 'Refused: it may destroy data' } : { args });
        },
      },
      { tools: { listChanged: true } },
      (app) => {
        app.onlisttools = () =>
          Promise.resolve({
            tools: [
              { name: 'pick_color', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
              { name: 'wipe', inputSchema: { type: 'object' } },
              { name: '', inputSchema: { type: 'object' } },
            ],
          });
        app.oncalltool = (params) => Promise.resolve({ content: [{ type: 'text', text: `picked by ${params.name}` }] });
      },
    );
    await until(() => session.getSnapshot().tools.length > 0);
    const [pick, wipe] = session.getSnapshot().tools;
    expect(session.getSnapshot().tools.map((tool) => tool.name)).toEqual(['pick_color', 'wipe']);
    expect(await session.callAppTool(pick!, { hue: 1 })).toContain('picked by pick_color');
    expect(await session.callAppTool(wipe!, {})).toBe('Refused: it may destroy data');
    await session.teardown();
    expect(session.getSnapshot().toolsGone).toMatch(/torn down/);
    expect(await session.callAppTool(pick!, {})).toBe('Refused: the app was torn down; its tools went with it.');
    expect(gated).toEqual(['pick_color', 'wipe', 'pick_color']);
  });

  it('answers the relay’s ready with the app and its policy, and keeps an error the app threw', async () => {
    const { session } = await framed({ profile: 'strict' });
    const reply = session.relayMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
    expect(reply).toMatchObject({ method: 'ui/notifications/sandbox-resource-ready', params: { csp: {} } });
    expect(JSON.stringify(reply)).toContain('<p>app</p>');
    expect(
      session.relayMessage({ method: 'toolscope/app-error', params: { message: 'SecurityError: localStorage denied' } }),
    ).toBeUndefined();
    expect(session.getSnapshot().errors).toEqual(['SecurityError: localStorage denied']);
    expect(session.getSnapshot().findings[0]?.directive).toBe('origin');
  });
});
