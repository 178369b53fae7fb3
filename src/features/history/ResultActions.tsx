// Beside the shown result: Copy as ▾ (curl, JSON-RPC, TypeScript, link), Save, Compare with
// previous — what History offers for any call, where the eye already is.
import { useId, useRef, useState, type FocusEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { SaveCallDialog } from './SavedCalls.tsx';
import type { CopyKind } from './policy.ts';

const KINDS: readonly [CopyKind, string][] = [
  ['curl', 'curl'],
  ['json-rpc', 'JSON-RPC'],
  ['typescript', 'TypeScript'],
  ['link', 'link'],
];

interface Props {
  tool: string;
  onCopy: (kind: CopyKind) => void;
  onSave: (name: string) => void;
  /** Undefined when there is no earlier call of this tool to compare with. */
  onCompare?: () => void;
}

export function ResultActions({ tool, onCopy, onSave, onCompare }: Props) {
  const [menu, setMenu] = useState(false);
  const [saving, setSaving] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const close = () => setMenu(false);
  const closeOnLeave = (event: FocusEvent) => {
    if (!container.current?.contains(event.relatedTarget)) close();
  };
  return (
    <>
      <div ref={container} className="relative">
        <Button
          onBlur={closeOnLeave}
          className="px-2 py-0.5 text-xs"
          aria-haspopup="menu"
          aria-expanded={menu}
          aria-controls={menu ? menuId : undefined}
          onClick={() => setMenu(!menu)}
        >
          Copy as <span aria-hidden="true">▾</span>
        </Button>
        {menu ? (
          <ul
            id={menuId}
            role="menu"
            aria-label="Copy as"
            onBlur={closeOnLeave}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                close();
              }
            }}
            className="absolute right-0 z-20 mt-1 flex min-w-36 flex-col rounded-md border border-field bg-panel p-1 shadow-lg"
          >
            {KINDS.map(([kind, label]) => (
              <li key={kind} role="none">
                <button
                  type="button"
                  role="menuitem"
                  className="w-full rounded px-2 py-1 text-left text-xs hover:bg-hover focus-visible:outline-2 focus-visible:outline-blue-500"
                  onClick={() => {
                    close();
                    onCopy(kind);
                  }}
                >
                  {label}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Button className="px-2 py-0.5 text-xs" onClick={() => setSaving(true)}>
        Save
      </Button>
      <Button
        className="px-2 py-0.5 text-xs"
        disabled={!onCompare}
        title={onCompare ? undefined : `No earlier call of ${tool} to compare with`}
        onClick={onCompare}
      >
        Compare with previous
      </Button>
      {saving ? (
        <SaveCallDialog
          initial={tool}
          onCancel={() => setSaving(false)}
          onSave={(name) => {
            setSaving(false);
            onSave(name);
          }}
        />
      ) : null}
    </>
  );
}
