// Checks a server.json in a worker (serverJsonCheck.worker.ts), newest text first: an answer for
// older text is dropped, a check that runs past its limit ends its worker (a fresh one takes the
// next text), and a text over the limit is not parsed at all.
import { useEffect, useState } from 'react';
import type { Checked } from '../../../registry/serverJson.ts';
import { boundedWorker } from '../../../web/boundedWorker.ts';

/** A server.json is a few kilobytes; past this it is refused unread. */
export const MAX_TEXT = 1024 * 1024;
const LIMIT_MS = 10_000;
const SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

const checker = boundedWorker<{ text: string }, { id: number; checked: Checked }>(
  () => new Worker(new URL('./serverJsonCheck.worker.ts', import.meta.url), { type: 'module', name: 'toolscope-server-json' }),
);

const refused = (message: string): Checked => ({ problems: [{ path: '(root)', message, severity: 'error' }], schema: SCHEMA });

async function check(text: string): Promise<Checked> {
  if (text.length > MAX_TEXT)
    return refused(`${Math.round(text.length / 1024)} KB; a server.json is far smaller (limit 1 MB): not checked.`);
  const answer = await checker.ask({ text }, LIMIT_MS);
  if ('reply' in answer) return answer.reply.checked;
  if ('timedOut' in answer) return refused(`The check took longer than ${LIMIT_MS / 1000} s and was stopped.`);
  if (answer.failed === 'unavailable') return refused('This browser cannot check the file in a worker.');
  if (answer.failed === 'start') return refused(`The checker could not start (${answer.detail ?? ''}).`);
  return refused('The checker failed on this text.');
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
