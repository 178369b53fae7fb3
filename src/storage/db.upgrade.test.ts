// Its own file: a fresh IndexedDB where the history database already exists, empty, at version 1
// (as any stray open without a version leaves it) — the store must still create every store.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { expect, it } from 'vitest';

it('upgrades a database that exists without its stores', async () => {
  (await openDB('toolscope-history', 1)).close();
  const { addEntry, listEntries } = await import('./callStore.ts');
  const { listSaved } = await import('./savedStore.ts');
  await addEntry(
    { server: 's', tool: 't', args: {}, outcome: 'ok', summary: '', durationMs: 1, at: 1, era: 'modern', protocolVersion: '2026-07-28' },
    undefined,
  );
  expect((await listEntries('s')).map((entry) => entry.tool)).toEqual(['t']);
  expect(await listSaved('s')).toEqual([]);
});
