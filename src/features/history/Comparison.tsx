import { useId } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import type { BlockDiff, JsonChange, LineOp, ResultDiff } from '../../compare/diff.ts';
import { revealInvisible } from '../../lib/text.ts';

const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return revealInvisible(text.length > 200 ? `${text.slice(0, 200)}…` : text);
};

const MARK = { added: '+', removed: '−', changed: '~', same: ' ' } as const;
const TONE = {
  added: 'text-ok',
  removed: 'text-danger',
  changed: 'text-warn',
  same: 'text-muted',
} as const;

function Changes({ changes }: { changes: readonly JsonChange[] }) {
  return (
    <ul className="font-mono text-xs">
      {changes.map((change, index) => (
        <li key={index} className={TONE[change.kind]}>
          {MARK[change.kind]} {revealInvisible(change.path)}
          {change.kind === 'changed'
            ? `: ${show(change.before)} → ${show(change.after)}`
            : change.kind === 'added'
              ? `: ${show(change.after)}`
              : `: ${show(change.before)}`}
        </li>
      ))}
    </ul>
  );
}

function Lines({ lines }: { lines: readonly LineOp[] }) {
  const shown = lines.slice(0, 2000);
  return (
    <pre className="max-h-64 overflow-auto font-mono text-xs">
      {shown.map((line, index) => (
        <div key={index} className={TONE[line.kind]}>
          {MARK[line.kind]} {revealInvisible(line.text)}
        </div>
      ))}
      {lines.length > shown.length ? <div className="text-muted">… {lines.length - shown.length} more lines</div> : null}
    </pre>
  );
}

function Block({ block }: { block: BlockDiff }) {
  const title = `content[${block.index}]`;
  return (
    <div className="flex flex-col gap-1">
      <h4 className="text-xs font-semibold">
        {title}{' '}
        {block.kind === 'text'
          ? '(text, by line)'
          : block.kind === 'json'
            ? '(JSON text, by path)'
            : block.kind === 'media'
              ? '(media)'
              : ''}
      </h4>
      {block.kind === 'media' ? (
        <p className="font-mono text-xs">
          {block.before ? `${block.before.mimeType ?? block.before.type} · ${block.before.bytes} bytes · #${block.before.hash}` : '(none)'}{' '}
          → {block.after ? `${block.after.mimeType ?? block.after.type} · ${block.after.bytes} bytes · #${block.after.hash}` : '(none)'}
        </p>
      ) : block.kind === 'text' ? (
        <Lines lines={block.lines} />
      ) : (
        <Changes changes={block.changes} />
      )}
    </div>
  );
}

function Body({ diff }: { diff: ResultDiff }) {
  // A text block that mirrors structuredContent (as the spec recommends) repeats its changes:
  // it stays collapsed under the structured ones.
  const mirrored = diff.structured.length > 0;
  return (
    <>
      {diff.same ? <p className="text-sm">The two results are the same.</p> : null}
      {diff.isError ? (
        <p className="text-sm">
          isError: {String(diff.isError.before)} → {String(diff.isError.after)}
        </p>
      ) : null}
      {diff.structured.length ? (
        <div className="flex flex-col gap-1">
          <h3 className="text-xs font-semibold">structuredContent (by path)</h3>
          <Changes changes={diff.structured} />
        </div>
      ) : null}
      {diff.blocks.map((block) =>
        mirrored && block.kind === 'json' ? (
          <details key={block.index} className="text-xs">
            <summary className="cursor-pointer text-subtle">content[{block.index}]: the text mirror of structuredContent</summary>
            <Block block={block} />
          </details>
        ) : (
          <Block key={block.index} block={block} />
        ),
      )}
    </>
  );
}

/** Two results side by side in words: what changed, where (a dialog, from History). */
export function Comparison({ title, diff, onClose }: { title: string; diff: ResultDiff; onClose: () => void }) {
  const id = useId();
  return (
    <Modal labelledBy={id} onCancel={onClose}>
      <section aria-label="Comparison" className="flex max-h-[75vh] flex-col gap-2 overflow-auto">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        <Body diff={diff} />
        <div className="flex justify-end">
          <Button onClick={onClose}>Close</Button>
        </div>
      </section>
    </Modal>
  );
}

/** The same comparison inside the response pane (Compare with previous). */
export function ComparisonPane({ title, diff, onClose }: { title: string; diff: ResultDiff; onClose: () => void }) {
  return (
    <section aria-label="Comparison" className="flex flex-col gap-2">
      <div className="flex items-start gap-2">
        <h3 className="flex-1 text-sm font-semibold">{title}</h3>
        <Button className="px-2 py-0.5 text-xs" onClick={onClose}>
          Close
        </Button>
      </div>
      <Body diff={diff} />
    </section>
  );
}
