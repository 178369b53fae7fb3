import { revealInvisible } from '../../lib/text.ts';
import { displayName } from '../../mcp/toolHints.ts';
import { type McpTool } from '../../mcp/tools.ts';
import { HintBadges } from './HintBadges.tsx';
import { inlineMarkdown } from '../../components/ui/inlineMarkdown.tsx';
import { ToolIcon } from './ToolIcon.tsx';

/** One disclosure for what the model is given beyond the description: the input schema, and the output schema when declared. */
function Schemas({ tool }: { tool: McpTool }) {
  const parts: [string, unknown][] = [
    ['Input schema', tool.inputSchema],
    ...(tool.outputSchema !== undefined ? [['Output schema', tool.outputSchema] as [string, unknown]] : []),
  ];
  return (
    <details className="rounded-md border border-line">
      <summary className="cursor-pointer px-2 py-1 text-xs font-medium">
        {tool.outputSchema !== undefined ? 'Input and output schema' : 'Input schema'}
      </summary>
      {parts.map(([label, schema]) => (
        <section key={label} aria-label={label} className="border-t border-line">
          <h3 className="px-2 pt-1 text-xs font-medium text-subtle">{label}</h3>
          <pre className="max-h-80 overflow-auto p-2 font-mono text-xs whitespace-pre-wrap">
            {JSON.stringify(schema, null, 2) ?? 'undefined'}
          </pre>
        </section>
      ))}
    </details>
  );
}

/**
 * The selected tool as a model sees it: name and hints on one line (each badge says its hint, a
 * dashed one the spec's default), the description, the schemas. All text, never HTML.
 */
export function ToolHeader({ tool, serverUrl }: { tool: McpTool; serverUrl: string }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        {tool.icons.length ? <ToolIcon tool={tool} serverUrl={serverUrl} size={28} /> : null}
        <h2 className="text-xl font-semibold break-words">{revealInvisible(displayName(tool))}</h2>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
        <span>
          name: <code className="font-mono break-all text-ink">{revealInvisible(tool.name)}</code>
        </span>
        <HintBadges annotations={tool.annotations} />
      </p>
      {tool.description ? (
        // Inline Markdown (`code`, **strong**) as elements, never HTML: what the author meant, not its backticks.
        <p className="text-sm whitespace-pre-wrap break-words">{inlineMarkdown(revealInvisible(tool.description))}</p>
      ) : (
        <p className="text-sm text-muted italic">No description.</p>
      )}
      {tool.findings.length ? (
        <ul aria-label="Design findings" className="list-disc pl-5 text-xs text-warn">
          {tool.findings.map((finding, index) => (
            <li key={index}>{finding}</li>
          ))}
        </ul>
      ) : null}
      <Schemas tool={tool} />
    </div>
  );
}
