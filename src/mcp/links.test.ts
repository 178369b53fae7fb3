import { describe, expect, it } from 'vitest';
import { openableUrl, parseElicitation, toElicitContent } from './elicitation.ts';
import { safeLinkUrl } from './links.ts';

describe('safeLinkUrl', () => {
  it('allows https, mailto and loopback http only', () => {
    expect(safeLinkUrl('https://example.com/a?b#c')).toBe('https://example.com/a?b#c');
    expect(safeLinkUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeLinkUrl('http://127.0.0.1:3000/x')).toBe('http://127.0.0.1:3000/x');
    expect(safeLinkUrl('http://example.com')).toBeUndefined();
    expect(safeLinkUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeLinkUrl('JaVaScRiPt:alert(1)')).toBeUndefined();
    expect(safeLinkUrl('data:text/html,<script>')).toBeUndefined();
    expect(safeLinkUrl('/relative')).toBeUndefined();
  });
});

describe('elicitation parsing', () => {
  it('parses form and URL requests and rejects malformed ones', () => {
    expect(parseElicitation({ message: 'Sure?', requestedSchema: { type: 'object' } })).toEqual({
      mode: 'form',
      message: 'Sure?',
      requestedSchema: { type: 'object' },
    });
    expect(parseElicitation({ mode: 'url', message: 'Sign in', url: 'https://x.test' })).toEqual({
      mode: 'url',
      message: 'Sign in',
      url: 'https://x.test',
    });
    expect(parseElicitation({ mode: 'url', message: 'x' })).toMatchObject({ mode: 'invalid' });
    expect(parseElicitation({ mode: 'telepathy' })).toMatchObject({ mode: 'invalid', reason: 'Unknown elicitation mode "telepathy".' });
    expect(parseElicitation(null)).toMatchObject({ mode: 'invalid' });
  });

  it('opens only https or loopback URLs, and answers with flat primitive content', () => {
    expect(openableUrl('https://auth.example/start')).toEqual({ ok: true, url: 'https://auth.example/start' });
    expect(openableUrl('javascript:alert(1)')).toMatchObject({ ok: false });
    expect(toElicitContent({ a: 'x', b: 2, c: true, d: ['p'], e: { nested: 1 }, f: undefined, g: [1] })).toEqual({
      a: 'x',
      b: 2,
      c: true,
      d: ['p'],
    });
  });
});
