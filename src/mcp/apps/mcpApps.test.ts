import { getUiCapability, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { CLIENT_CAPABILITIES } from '../clientIdentity.ts';
import { describe, expect, it } from 'vitest';
import { appMayCall, cspToAllow, isAppMime, resolveUiResource, toolApp } from './mcpApps.ts';

describe('toolApp: the UI a tool names', () => {
  it('reads _meta.ui, and the deprecated flat key', () => {
    expect(toolApp({ ui: { resourceUri: 'ui://shop/cart.html' } })).toEqual({
      resourceUri: 'ui://shop/cart.html',
      visibility: ['model', 'app'],
      deprecated: false,
      problems: [],
    });
    expect(toolApp({ 'ui/resourceUri': 'ui://old/app.html' })).toMatchObject({ resourceUri: 'ui://old/app.html', deprecated: true });
    expect(toolApp({})).toBeUndefined();
    expect(toolApp(undefined)).toBeUndefined();
  });

  it('names what is wrong: a URI that is not ui://, a visibility that is not a list of model/app', () => {
    const app = toolApp({ ui: { resourceUri: 'https://x/app.html', visibility: ['everyone'] } });
    expect(app?.visibility).toEqual(['model', 'app']);
    expect(app?.problems).toHaveLength(2);
  });
});

describe('appMayCall', () => {
  it('refuses a tool whose visibility lacks "app" (with or without its own UI); allows the default', () => {
    expect(appMayCall({ ui: { visibility: ['model'] } })).toMatchObject({ allowed: false });
    expect(appMayCall({ ui: { resourceUri: 'ui://a', visibility: ['model'] } })).toMatchObject({ allowed: false });
    expect(appMayCall({ ui: { visibility: ['app'] } })).toEqual({ allowed: true });
    expect(appMayCall(undefined)).toEqual({ allowed: true });
  });
});

describe('resolveUiResource', () => {
  const html = '<!doctype html><p>héllo</p>';
  it('takes the HTML from text or a base64 blob, and _meta.ui from the item, else the listed resource', () => {
    const fromText = resolveUiResource(
      {
        contents: [
          {
            uri: 'ui://a',
            mimeType: 'text/html;profile=mcp-app',
            text: html,
            _meta: { ui: { csp: { connectDomains: ['https://api.x'] } } },
          },
        ],
      },
      'ui://a',
      { ui: { csp: { connectDomains: ['https://listed.x'] } } },
    );
    expect(fromText).toMatchObject({ html, meta: { csp: { connectDomains: ['https://api.x'] } } });
    const blob = Buffer.from(html).toString('base64');
    const fromBlob = resolveUiResource({ contents: [{ uri: 'ui://a', blob }] }, 'ui://a', { ui: { prefersBorder: true } });
    expect(fromBlob).toMatchObject({ html, meta: { prefersBorder: true } });
  });

  it('says why when there is nothing to show', () => {
    expect(resolveUiResource({ contents: [] }, 'ui://a')).toContain('no contents');
    expect(resolveUiResource({ contents: [{ uri: 'ui://a', blob: '////' }] }, 'ui://a')).toContain('neither text nor');
  });

  it('knows the app MIME type, parameters spaced or not', () => {
    expect(isAppMime('text/html;profile=mcp-app')).toBe(true);
    expect(isAppMime('text/html; profile=mcp-app')).toBe(true);
    expect(isAppMime('text/html')).toBe(false);
  });
});

describe('cspToAllow', () => {
  it('names the _meta.ui.csp origins that would allow what was blocked, merged with what is declared', () => {
    const { csp, cannot } = cspToAllow(
      [
        { directive: 'script-src-elem', blocked: 'https://cdn.jsdelivr.net/npm/three@0.160/build/three.module.js' },
        { directive: 'connect-src', blocked: 'https://api.example.com/v1/data?x=1' },
        { directive: 'img-src', blocked: 'https://images.example.com/a.png' },
        { directive: 'img-src', blocked: 'https://images.example.com/b.png' },
        { directive: 'script-src', blocked: 'eval' },
        { directive: 'script-src-elem', blocked: 'inline' },
      ],
      { resourceDomains: ['https://fonts.example.com'] },
    );
    expect(csp).toEqual({
      resourceDomains: ['https://fonts.example.com', 'https://cdn.jsdelivr.net', 'https://images.example.com'],
      connectDomains: ['https://api.example.com'],
    });
    expect(cannot).toEqual(['script-src eval', 'script-src-elem inline']);
  });
});

describe('the MCP Apps capability', () => {
  it('is advertised as the Apps SDK’s own server helper reads it (a server that registers UI tools only for hosts that render them sees Toolscope as one)', () => {
    expect(getUiCapability(CLIENT_CAPABILITIES)?.mimeTypes).toContain(RESOURCE_MIME_TYPE);
  });
});
