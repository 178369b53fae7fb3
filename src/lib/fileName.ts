/** A safe file name from an untrusted URI or name. */
export function safeFileName(source: string, fallback: string): string {
  const last = source.split(/[/\\]/).pop() ?? '';
  const clean = last
    .replace(/[^\w.-]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
  return clean || fallback;
}
