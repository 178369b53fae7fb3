// Tasks on the 2025-11-25 wire against @modelcontextprotocol/server-everything (written by others):
// its simulate-research-query tool (taskSupport "required") runs as a task through four stages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startDemoServer, startEverything, type RunningServer } from '../../../server/testing/testServers.ts';
import { McpConnection, TaskEndError } from '../connection.ts';
import { TrafficRecorder } from '../recording/traffic.ts';
import type { TaskState } from './tasks.ts';

describe('tasks, 2025-11-25 (server-everything)', () => {
  let everything: RunningServer;
  beforeAll(async () => {
    everything = await startEverything();
  }, 30_000);
  afterAll(async () => {
    await everything.stop();
  });

  it('runs a required-task tool as a task: statuses with messages, polled at its interval, then the result', async () => {
    const recorder = new TrafficRecorder();
    const connection = await McpConnection.connect({ url: everything.url, fetch: recorder.fetch });
    try {
      const seen: TaskState[] = [];
      const result = await connection.callTool(
        'simulate-research-query',
        { topic: 'tides' },
        { task: {}, onTask: (task) => seen.push(task) },
      );
      expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('# Research Report: tides') });
      expect(seen[0]).toMatchObject({ status: 'working', ttlMs: 300_000, pollIntervalMs: 1000 });
      expect(seen.map((task) => task.statusMessage)).toContain('Analyzing content...');
      expect(seen.at(-1)?.status).toBe('completed');
      const methods = recorder.getSnapshot().map((entry) => entry.sent[0]?.method);
      expect(methods).toContain('tasks/get');
      expect(methods).toContain('tasks/result');
    } finally {
      await connection.close();
    }
  }, 30_000);

  it('follows a task from another session (after a reload) to its result, and cancels one', async () => {
    const first = await McpConnection.connect({ url: everything.url });
    const second = await McpConnection.connect({ url: everything.url });
    try {
      let started: { task: TaskState; place: { era: 'modern' | 'legacy'; sessionId?: string } } | undefined;
      const controller = new AbortController();
      const running = first
        .callTool(
          'simulate-research-query',
          { topic: 'moons' },
          {
            task: {},
            signal: controller.signal,
            onTask: (task, place) => {
              started ??= { task, place };
              controller.abort(); // the page goes away: nobody follows it here any more
            },
          },
        )
        .catch((error: unknown) => error);
      await expect.poll(() => started !== undefined).toBe(true);
      await running;
      expect(started?.place.sessionId).toBeTruthy();
      // A new connection (a reloaded page) follows it in the session that made it.
      const result = await second.followTask({ ...started!.task, status: 'working' }, started!.place);
      expect(result.content[0]).toMatchObject({ text: expect.stringContaining('# Research Report: moons') });

      const updates: TaskState[] = [];
      const cancelled = second
        .callTool(
          'simulate-research-query',
          { topic: 'comets' },
          {
            task: {},
            onTask: (task) => {
              updates.push(task);
              if (updates.length === 1) void second.cancelTask(task.taskId);
            },
          },
        )
        .catch((error: unknown) => error);
      const outcome = await cancelled;
      expect(outcome).toBeInstanceOf(TaskEndError);
      expect((outcome as TaskEndError).end).toBe('cancelled');
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  }, 40_000);
});

describe('tasks, 2026-07-28 (the demo, tasks extension)', () => {
  let demo: RunningServer;
  beforeAll(async () => {
    demo = await startDemoServer({ reportTasks: { stepMs: 150, pollIntervalMs: 100 } });
  });
  afterAll(async () => {
    await demo.stop();
  });

  it('declares the extension; the server answers with a task; its input request is answered with tasks/update; the result arrives inline', async () => {
    const recorder = new TrafficRecorder();
    const connection = await McpConnection.connect({ url: demo.url, fetch: recorder.fetch });
    const asked: string[] = [];
    connection.setElicitationHandler((request) => {
      asked.push(request.message);
      return Promise.resolve({ action: 'accept', content: { currency: 'USD' } });
    });
    try {
      const seen: TaskState[] = [];
      const result = await connection.callTool('build_sales_report', { year: 2025 }, { onTask: (task) => seen.push(task) });
      expect(result.content[0]).toMatchObject({ text: expect.stringMatching(/^Sales report 2025 \(USD\): 12 products/) });
      expect(asked).toEqual(['Which currency should the sales report use?']);
      expect(seen.map((task) => task.status)).toEqual(expect.arrayContaining(['working', 'input_required', 'completed']));
      // Polled no faster than the 250 ms floor, though the server suggested 100 ms.
      expect(seen[0]).toMatchObject({ pollIntervalMs: 100, ttlMs: 600_000 });
      const sent = recorder.getSnapshot().flatMap((entry) => entry.sent);
      expect(sent.map((message) => message.method)).toEqual(expect.arrayContaining(['tasks/get', 'tasks/update']));
      const call = recorder.getSnapshot().find((entry) => entry.sent[0]?.method === 'tools/call');
      expect(call?.requestBody).toContain('"extensions":{"io.modelcontextprotocol/tasks":{}');
      const gets = recorder.getSnapshot().filter((entry) => entry.sent[0]?.method === 'tasks/get');
      expect(new Map(gets[0]?.requestHeaders).get('mcp-name')).toBe(seen[0]?.taskId);
    } finally {
      await connection.close();
    }
  });

  it('refuses the task tool and the task methods with -32021 to a client that does not declare the extension', async () => {
    const client = new Client({ name: 'no-tasks', version: '1.0.0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(demo.url)));
    const any = { '~standard': { version: 1 as const, vendor: 'test', validate: (value: unknown) => ({ value }) } };
    try {
      for (const request of [
        { method: 'tools/call', params: { name: 'build_sales_report', arguments: {} } },
        { method: 'tasks/get', params: { taskId: 'tsk_x' } },
        { method: 'tasks/cancel', params: { taskId: 'tsk_x' } },
      ]) {
        const error = await client.request(request as never, any).catch((caught: unknown) => caught);
        expect(error, request.method).toMatchObject({ code: -32021 });
      }
    } finally {
      await client.close();
    }
  });

  it('cancels: tasks/cancel is acknowledged and the task ends Cancelled', async () => {
    const connection = await McpConnection.connect({ url: demo.url });
    try {
      const outcome = await connection
        .callTool('build_sales_report', {}, { onTask: (task) => void (task.status === 'working' && connection.cancelTask(task.taskId)) })
        .catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(TaskEndError);
      expect((outcome as TaskEndError).end).toBe('cancelled');
      expect((outcome as TaskEndError).failure.message).toContain('Cancelled at step');
    } finally {
      await connection.close();
    }
  });
});
