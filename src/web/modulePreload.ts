// Hands files to the browser's module loader ahead of their import(): fetched and parsed, not run.
export function modulePreload(files: readonly string[]): void {
  for (const file of files) {
    if (!file) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}
