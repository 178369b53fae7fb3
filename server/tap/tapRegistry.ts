// The taps running on this machine, for a running `npx toolscope` to list (Ctrl+K "Watch a tap"):
// each tap with a page writes one small file — its page's link, what it taps, since when — into
// a folder of this user's own (0700), and removes it when it ends; a file whose process is gone
// is cleared when listed. Nothing a browser sends names a file here: the folder is fixed, the
// listing bounded (MAX_TAPS files of at most MAX_FILE_BYTES), and a link is kept only if it is a
// tap page on a loopback address.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAX_TAPS = 50;
const MAX_FILE_BYTES = 4096;

export interface TapListing {
  link: string;
  transport: 'stdio' | 'http';
  target: string;
  startedAt: number;
  pid: number;
}

const folder = () => join(tmpdir(), `toolscope-taps-${process.getuid?.() ?? 'user'}`);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A tap page's link, rebuilt from its parts: http, a loopback host, a port, `/?tap=TOKEN` — or undefined. */
export function tapLink(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    const token = url.searchParams.get('tap');
    if (url.protocol !== 'http:' || url.hostname !== '127.0.0.1' || !url.port || !token || !/^[\w-]{16,64}$/.test(token)) return undefined;
    return `http://127.0.0.1:${url.port}/?tap=${token}`;
  } catch {
    return undefined;
  }
}

/** Says this tap is running; the returned function says it no longer is. */
export function registerTap(listing: Omit<TapListing, 'pid'>): () => void {
  const dir = folder();
  const file = join(dir, `${process.pid}.json`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify({ ...listing, pid: process.pid }), { mode: 0o600 });
  } catch {
    return () => undefined;
  }
  const remove = () => rmSync(file, { force: true });
  process.once('exit', remove);
  return () => {
    process.off('exit', remove);
    remove();
  };
}

/** The taps running now, newest first (the files of taps that are gone are removed). */
export function runningTaps(): TapListing[] {
  const dir = folder();
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => /^\d+\.json$/.test(name));
  } catch {
    return [];
  }
  const taps: TapListing[] = [];
  for (const name of names.slice(0, MAX_TAPS)) {
    const file = join(dir, name);
    try {
      const stat = statSync(file);
      if (stat.size > MAX_FILE_BYTES || (process.getuid && stat.uid !== process.getuid())) continue;
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<TapListing>;
      const pid = Number(name.slice(0, -5));
      if (!alive(pid)) {
        rmSync(file, { force: true });
        continue;
      }
      const link = tapLink(parsed.link);
      if (!link || (parsed.transport !== 'stdio' && parsed.transport !== 'http')) continue;
      taps.push({
        link,
        pid,
        transport: parsed.transport,
        target: typeof parsed.target === 'string' ? parsed.target.slice(0, 500) : '',
        startedAt: Number(parsed.startedAt) || 0,
      });
    } catch {
      // A file being written or removed: listed next time.
    }
  }
  return taps.sort((a, b) => b.startedAt - a.startedAt);
}
