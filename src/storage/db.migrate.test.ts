// Its own file (a fresh IndexedDB): a version-3 database holding the shapes earlier versions
// wrote — a raw result, a cut result as `text`, a seen list as objects — reads back through the
// one upgrade step exactly as new records do.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { expect, it } from 'vitest';

it('rewrites the shapes versions ≤ 3 stored, once, and reads them as before', async () => {
  const old = await openDB('toolscope-history', 3, {
    upgrade(database) {
      database.createObjectStore('calls', { keyPath: 'id', autoIncrement: true }).createIndex('server', 'server');
      database.createObjectStore('results', { keyPath: 'id' });
      database.createObjectStore('lists', { keyPath: 'server' });
      database.createObjectStore('saved', { keyPath: 'id', autoIncrement: true }).createIndex('server', 'server');
    },
  });
  await old.put('results', { id: 1, result: { content: [{ type: 'text', text: 'raw' }] } });
  await old.put('results', { id: 2, text: '{"content":[{"type":"text","text":"cut' });
  await old.put('results', { id: 3 });
  await old.put('results', { id: 4, json: '{"content":[]}' });
  await old.put('lists', { server: 's', at: 5, tools: [{ name: 'echo', hash: 'h' }] });
  old.close();

  const { readResult } = await import('./callStore.ts');
  const { swapSeenList } = await import('./listStore.ts');
  expect(await readResult(1)).toEqual({ id: 1, result: { content: [{ type: 'text', text: 'raw' }] } });
  expect(await readResult(2)).toEqual({ id: 2, text: '{"content":[{"type":"text","text":"cut' });
  expect(await readResult(3)).toEqual({ id: 3 });
  expect(await readResult(4)).toEqual({ id: 4, result: { content: [] } });
  expect(await swapSeenList('s', [])).toEqual({ server: 's', at: 5, tools: [{ name: 'echo', hash: 'h' }] });

  const upgraded = await openDB('toolscope-history');
  expect(upgraded.version).toBe(5);
  expect(await upgraded.get('results', 1)).toEqual({ id: 1, json: '{"content":[{"type":"text","text":"raw"}]}' });
  expect(await upgraded.get('results', 2)).toEqual({ id: 2, json: '{"content":[{"type":"text","text":"cut' });
  upgraded.close();
});
