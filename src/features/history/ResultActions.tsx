// Beside the shown result: Copy as ▾ (curl, JSON-RPC, TypeScript, link), Save, Compare with
// previous — what History offers for any call, where the eye already is.
import { useId, useState } from 'react';
import { Menu } from '../../components/ui/Menu.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { SaveCallDialog } from '../../components/ui/SaveCallDialog.tsx';
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
  const [saving, setSaving] = useState(false);
  const id = useId();
  return (
    <>
      <Menu
        label="Copy as"
        trigger={
          <>
            Copy as <span aria-hidden="true">▾</span>
          </>
        }
        items={KINDS.map(([kind, label]) => ({ label, onSelect: () => onCopy(kind) }))}
      />
      <Button className="px-2 py-0.5 text-xs" onClick={() => setSaving(true)}>
        Save
      </Button>
      <Button
        className="px-2 py-0.5 text-xs"
        disabled={!onCompare}
        aria-describedby={onCompare ? undefined : `${id}-why`}
        onClick={onCompare}
      >
        Compare<span className="sr-only"> with previous</span>
      </Button>
      {/* A disabled button says why, in words on the page (not a tooltip a pointer must find). */}
      {onCompare ? null : (
        <span id={`${id}-why`} className="text-xs text-muted">
          no earlier call
        </span>
      )}
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
