// The first tools of a deep link, on screen before the app has loaded (the early entry shows them,
// the app removes them): names and titles as text, each a button that opens the tool once the app
// is ready. Server text goes in as textContent only.
import { markPreviewEnded } from './handover.ts';

/** The id of the first tools shown before the app has loaded; the app removes it. */
export const PREVIEW_ID = 'toolscope-preview';
/** A tool picked in that preview: the app opens it once it is ready. */
export const PREVIEW_PICK_KEY = 'toolscope:preview-pick';

const SHOWN = 40;

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

export function showFirstTools(tools: unknown[]) {
  // This script runs in <head>: the body may not be parsed yet when a fast answer comes.
  if (!document.body) {
    document.addEventListener('DOMContentLoaded', () => showFirstTools(tools), { once: true });
    return;
  }
  // The app got there first (or the page is not a deep link's any more): nothing to show.
  if (document.querySelector('[aria-label="Tool list"]')) return;
  const panel = document.createElement('div');
  panel.id = PREVIEW_ID;
  // The tool list's own column: the whole width on a narrow screen, then 18 rem, then 20 rem.
  panel.className =
    'fixed inset-y-0 left-0 z-0 flex w-full flex-col gap-2 border-line bg-canvas p-2 pt-16 text-ink md:w-72 md:border-r lg:w-80';
  const heading = document.createElement('p');
  heading.className = 'text-sm font-semibold';
  heading.textContent = 'Tools';
  const note = document.createElement('p');
  note.className = 'text-xs text-muted';
  note.textContent = 'First page · Toolscope is loading';
  const list = document.createElement('ul');
  list.setAttribute('aria-label', 'Tool list');
  list.className = 'min-h-0 flex-1 overflow-hidden rounded-md border border-line';
  for (const tool of tools.slice(0, SHOWN)) {
    if (typeof tool !== 'object' || tool === null) continue;
    const { name, title, annotations } = tool as { name?: unknown; title?: unknown; annotations?: { title?: unknown } };
    const id = text(name, 128);
    if (!id) continue;
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'flex w-full flex-col items-start border-b border-line px-2 py-1 text-left text-sm hover:bg-hover';
    const label = document.createElement('span');
    // As the app names a tool: title, else annotations.title, else the name.
    label.textContent =
      text(title, 128).trim() || text(typeof annotations === 'object' && annotations ? annotations.title : undefined, 128).trim() || id;
    const code = document.createElement('span');
    code.className = 'font-mono text-xs text-muted';
    code.textContent = id;
    button.append(label, code);
    button.addEventListener('click', () => {
      try {
        window.sessionStorage.setItem(PREVIEW_PICK_KEY, id);
      } catch {
        // no storage: the app opens on the link's tool
      }
      note.textContent = `Opening ${id} as soon as Toolscope has loaded`;
    });
    item.append(button);
    list.append(item);
  }
  panel.append(heading, note, list);
  document.body.append(panel);
}

/** The app's tool list is on screen: the preview goes; a tool picked in it meanwhile is returned (once). */
export function endPreview(): string | undefined {
  markPreviewEnded();
  document.getElementById(PREVIEW_ID)?.remove();
  try {
    const picked = window.sessionStorage.getItem(PREVIEW_PICK_KEY) ?? undefined;
    window.sessionStorage.removeItem(PREVIEW_PICK_KEY);
    return picked;
  } catch {
    return undefined;
  }
}
