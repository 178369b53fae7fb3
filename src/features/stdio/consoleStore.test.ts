import { describe, expect, it } from 'vitest';
import type { ConsoleLine, StdioStatus } from '../../mcp/wire/stdio.ts';
import { ConsoleStore, MAX_LINES, stdioStatusText } from './consoleStore.ts';

const command = 'node build/index.js';
const status = (generation: number, state: StdioStatus['state']): StdioStatus => ({ command, generation, state });
const line = (seq: number, text: string, source: ConsoleLine['source'] = 'stderr'): ConsoleLine => ({ seq, time: 1, source, text });

describe('ConsoleStore', () => {
  it('ignores a status older than the one shown (a restart’s answer after the stream’s newer news)', () => {
    const store = new ConsoleStore();
    store.setStatus(status(2, { status: 'running', pid: 42, startedAt: 1 }));
    store.setStatus(status(2, { status: 'starting', pid: 42, startedAt: 1 }));
    store.setStatus(status(1, { status: 'exited', code: 0, signal: null, exitedAt: 1 }));
    expect(store.getSnapshot().status?.state).toMatchObject({ status: 'running', pid: 42 });
    store.setStatus(status(2, { status: 'exited', code: 3, signal: null, exitedAt: 2 }));
    expect(store.getSnapshot().status?.state).toMatchObject({ status: 'exited', code: 3 });
    store.setStatus(status(3, { status: 'starting', pid: 43, startedAt: 3 }));
    expect(store.getSnapshot().status?.generation).toBe(3);
  });

  it('keeps the last lines once each, in order', async () => {
    const store = new ConsoleStore();
    for (let seq = 1; seq <= MAX_LINES + 2000; seq++) store.addLine(line(seq, `line ${seq}`));
    store.addLine(line(10, 'a line seen again after a reconnect'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const { lines } = store.getSnapshot();
    expect(lines).toHaveLength(MAX_LINES);
    expect(lines.at(-1)?.text).toBe(`line ${MAX_LINES + 2000}`);
    expect(store.lastSeq).toBe(MAX_LINES + 2000);
  });
});

describe('stdioStatusText', () => {
  it('says what runs, or how it ended with its last stderr words', () => {
    const store = new ConsoleStore();
    expect(stdioStatusText(store.getSnapshot(), command)).toBe('stdio: node build/index.js');
    store.setStatus(status(1, { status: 'running', pid: 1234, startedAt: 1 }));
    expect(stdioStatusText(store.getSnapshot(), command)).toBe('stdio: node build/index.js (pid 1234)');
    store.addLine(line(1, 'boom'));
    store.addLine(line(2, 'The server exited with code 3.', 'toolscope'));
    store.setStatus(status(1, { status: 'exited', code: 3, signal: null, exitedAt: 2 }));
    expect(stdioStatusText(store.getSnapshot(), command)).toBe('stdio: node build/index.js — exit 3 · last stderr: boom');
    store.setStatus(status(2, { status: 'failed', error: 'spawn nope ENOENT' }));
    expect(stdioStatusText(store.getSnapshot(), command)).toContain('could not start: spawn nope ENOENT');
  });
});
