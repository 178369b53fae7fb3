import { describe, expect, it } from 'vitest';
import { checkedHeaders, secretValuesOf } from './connectionSecrets.ts';

describe('connectionSecrets', () => {
  it('refuses a header value with a line break (header injection), by name, and trims names', () => {
    expect(checkedHeaders({ ' X-Region ': 'eu' })).toEqual({ 'X-Region': 'eu' });
    expect(() => checkedHeaders({ 'X-Api-Key': 'abc\r\nX-Evil: 1' })).toThrow('Header "X-Api-Key": the value contains a line break');
  });

  it('knows the token, the header values and the URL’s credentials as secrets, and nothing empty', () => {
    expect(secretValuesOf('tok_1', { 'X-Api-Key': 'key_2' }, 'http://user:p%40ss@127.0.0.1/mcp?api_key=k3&page=2')).toEqual([
      'tok_1',
      'key_2',
      'user',
      'p@ss',
      'k3',
    ]);
    expect(secretValuesOf(undefined, {}, 'not a url')).toEqual([]);
  });
});
