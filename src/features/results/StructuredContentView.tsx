import { useMemo } from 'react';
import { validateAgainst } from '../../schema/validate.ts';
import { JsonTree } from './JsonTree.tsx';

interface Props {
  value: unknown;
  outputSchema: unknown;
  isError: boolean;
}

/** structuredContent as a tree, with the outputSchema verdict and path-level errors. */
export function StructuredContentView({ value, outputSchema, isError }: Props) {
  // The verdict, and each failing path to mark in the tree itself (the first scrolled into view).
  const { verdict, marks } = useMemo(() => {
    const checked = outputSchema !== undefined && !isError ? validateAgainst(outputSchema, value) : undefined;
    const byPath = new Map<string, string>();
    for (const issue of checked?.status === 'invalid' ? checked.issues : []) {
      const path = issue.path === '(root)' ? '' : issue.path;
      const earlier = byPath.get(path);
      byPath.set(path, earlier ? `${earlier}; ${issue.message}` : issue.message);
    }
    return { verdict: checked, marks: byPath };
  }, [outputSchema, value, isError]);
  return (
    <section aria-label="Structured content" className="flex flex-col gap-1 rounded-md border border-line p-2">
      <h4 className="text-sm font-semibold">Structured content</h4>
      {verdict?.status === 'valid' ? <p className="text-sm text-ok">✓ Matches output schema</p> : null}
      {verdict?.status === 'invalid' ? (
        <div className="text-sm text-danger">
          <p>✗ Does not match output schema</p>
          <ul className="list-disc pl-5 text-xs">
            {verdict.issues.map((issue, index) => (
              <li key={index}>
                <code>{issue.path}</code> {issue.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {verdict?.status === 'unusable-schema' ? <p className="text-sm text-warn">Output schema unusable: {verdict.reason}</p> : null}
      {outputSchema === undefined ? <p className="text-xs text-muted">The tool declares no outputSchema.</p> : null}
      {isError && outputSchema !== undefined ? (
        <p className="text-xs text-muted">An isError result is not held to the output schema.</p>
      ) : null}
      <JsonTree value={value} label="structured content" marks={marks} />
    </section>
  );
}
