import { describe, expect, it } from 'vitest';
import { LineSplitter } from './lineSplitter.ts';
import { MAX_TEXT_CHARS } from '../../src/mcp/recording/wireLog.ts';

describe('LineSplitter', () => {
  it('splits lines across chunks, a CRLF ending included, and a last line without its newline', () => {
    const lines: [string, number][] = [];
    const splitter = new LineSplitter(1024, (text, bytes) => lines.push([text, bytes]));
    splitter.push(Buffer.from('{"a":1}\n{"b"'));
    splitter.push(Buffer.from(':2}\r\n\n{"c":"é"}'));
    splitter.end();
    expect(lines).toEqual([
      ['{"a":1}', 7],
      ['{"b":2}', 8],
      ['{"c":"é"}', 10],
    ]);
  });

  it('keeps at most the cap of a line past it, and only its head: its size is still counted whole', () => {
    const lines: [string, number][] = [];
    const splitter = new LineSplitter(64 * 1024, (text, bytes) => lines.push([text, bytes]));
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    for (let index = 0; index < 100; index++) splitter.push(chunk);
    splitter.push(Buffer.from('\n'));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.[1]).toBe(100 * 1024 * 1024);
    expect(lines[0]?.[0].length).toBe(MAX_TEXT_CHARS * 4);
  });
});
