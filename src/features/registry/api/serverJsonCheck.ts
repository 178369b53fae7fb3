// Checks a server.json in a worker (serverJsonCheck.worker.ts), newest text first: an answer for
// older text is dropped, a check that runs past its limit ends its worker (a fresh one takes the
// next text), and a text over the limit is not parsed at all.
import { useEffect, useState } from 'react';
import type { Checked } from '../../../registry/serverJson.ts';

/** A server.json is a few kilobytes; past this it is refused unread. */
export const MAX_TEXT = 1024 * 1024;
const LIMIT_MS = 10_000;
const SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

let worker: Worker | undefined;
let nextId = 0;

const refused = (message: string): Checked => ({ problems: [{ path: '(root)', message, severity: 'error' }], schema: SCHEMA });

function check(text: string): Promise<Checked> {
  if (text.length > MAX_TEXT)
    return Promise.resolve(refused(`${Math.round(text.length / 1024)} KB; a server.json is far smaller (limit 1 MB): not checked.`));
  if (typeof Worker !== 'function') return Promise.resolve(refused('This browser cannot check the file in a worker.'));
  try {
    worker ??= new Worker(new URL('./serverJsonCheck.worker.ts', import.meta.url), { type: 'module', name: 'toolscope-server-json' });
  } catch (error) {
    return Promise.resolve(refused(`The checker could not start (${String(error)}).`));
  }
  const running = worker;
  const id = ++nextId;
  return new Promise<Checked>((resolve) => {
    const done = (checked: Checked) => {
      clearTimeout(timer);
      running.removeEventListener('message', onMessage);
      running.removeEventListener('error', onError);
      resolve(checked);
    };
    const stop = () => {
      running.terminate();
      if (worker === running) worker = undefined;
    };
    const onMessage = (event: MessageEvent<{ id: number; checked: Checked }>) => {
      if (event.data.id === id) done(event.data.checked);
    };
    const onError = () => {
      stop();
      done(refused('The checker failed on this text.'));
    };
    const timer = setTimeout(() => {
      stop();
      done(refused(`The check took longer than ${LIMIT_MS / 1000} s and was stopped.`));
    }, LIMIT_MS);
    running.addEventListener('message', onMessage);
    running.addEventListener('error', onError);
    running.postMessage({ id, text });
  });
}

/** The check of the newest text (undefined while there is none, or while the first runs). */
export function useServerJsonCheck(text: string): Checked | undefined {
  const [checked, setChecked] = useState<{ text: string; checked: Checked }>();
  useEffect(() => {
    if (!text.trim()) return;
    let live = true;
    void check(text).then((result) => live && setChecked({ text, checked: result }));
    return () => {
      live = false;
    };
  }, [text]);
  return text.trim() ? checked?.checked : undefined;
}
