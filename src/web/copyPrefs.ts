// Whether "Copy as curl / TypeScript" writes custom header values into the copy. Off unless the
// person turns it on (under Custom headers): a copy is pasted into chats, tickets and CI logs,
// so by default every header value becomes an environment variable. Secret-named headers are
// never copied either way.
import { readStored, writeStored } from './storage.ts';
import { createStore } from '../lib/store.ts';

const KEY = 'toolscope:copy-header-values';

export const copyHeaderValues = createStore<boolean>(readStored(KEY, (value) => (value === true ? true : undefined)) ?? false);
copyHeaderValues.subscribe(() => writeStored(KEY, copyHeaderValues.getSnapshot()));
