// A browser client cannot tell when a server's SSE response to a call breaks off: the SDK
// waits for a result that will never come until the timeout. This fetch wrapper watches the
// streamed answers to tools/call and aborts the matching call at once, so the person is told
// "the stream was cut" instead of staring at a spinner for 60 s.
import { summarizeRpc } from '../recording/traffic.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import type { Middleware } from '@modelcontextprotocol/client';
import { withBody } from './withBody.ts';

export interface WatchedCall {
  name: string;
  controller: AbortController;
  /** Why the stream broke, once it has. */
  cut?: string;
  /** A response stream has been matched to this call already. */
  bound?: boolean;
  settled?: boolean;
}

function calledTool(body: unknown): string | undefined {
  const [message] = typeof body === 'string' ? summarizeRpc(body) : [];
  return message?.method === 'tools/call' ? message.target : undefined;
}

export class StreamWatcher {
  readonly #calls = new Set<WatchedCall>();

  /** Registers a call; returns it with the signal to pass to the SDK. */
  watch(name: string, userSignal?: AbortSignal): { call: WatchedCall; signal: AbortSignal } {
    const call: WatchedCall = { name, controller: new AbortController() };
    this.#calls.add(call);
    return { call, signal: userSignal ? AbortSignal.any([userSignal, call.controller.signal]) : call.controller.signal };
  }

  release(call: WatchedCall) {
    call.settled = true;
    this.#calls.delete(call);
  }

  /** Its layer of the fetch chain (see fetchChain.ts). */
  readonly middleware: Middleware = (next) => async (input, init) => {
    const response = await next(input, init);
    const name = calledTool(init?.body);
    const call =
      name === undefined
        ? undefined
        : [...this.#calls].find((candidate) => candidate.name === name && !candidate.controller.signal.aborted);
    if (!call || !response.body || !response.headers.get('content-type')?.includes('text/event-stream')) return response;
    call.bound = true;
    const [forCaller, forWatch] = response.body.tee();
    void (async () => {
      const reader = forWatch.getReader();
      try {
        for (;;) if ((await reader.read()).done) break;
      } catch (error) {
        // Our own abort (cancel, timeout) also errors the stream; only a foreign break counts.
        if (!call.settled && !call.controller.signal.aborted && !(init?.signal?.aborted ?? false)) {
          call.cut = errorMessage(error);
          call.controller.abort();
        }
      }
    })();
    return withBody(response, forCaller);
  };
}
