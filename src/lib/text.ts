// Server strings are shown as text, but text can still deceive: bidi overrides reorder what a
// person reads ("bidi\u202Egnp.exe" reads "bidiexe.png") and control characters hide. Names and
// titles are therefore shown with such characters made visible.

// C0/C1 controls (tab and newline kept), bidi embeddings/overrides/isolates and marks, zero-width characters.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

// The same class without the global flag: test() keeps no lastIndex between calls, so one
// instance serves every call (names and titles of 10,000 tools are tested while a list loads).
const HAS_INVISIBLE = new RegExp(INVISIBLE.source);

export function hasInvisible(text: string): boolean {
  return HAS_INVISIBLE.test(text);
}

/** Replaces invisible and direction-changing characters with a visible ⟨U+XXXX⟩ marker. */
export function revealInvisible(text: string): string {
  return text.replace(INVISIBLE, (char) => `⟨U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`);
}
