/** Saves bytes as a file. Only ever called from a click handler: nothing downloads on its own. */
export function downloadBytes(bytes: Uint8Array<ArrayBuffer>, mimeType: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes], { type: mimeType }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
