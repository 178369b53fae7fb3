// Tools an app registers (the Apps draft's app-provided tools, `appCapabilities.tools`): listed
// under the app as "Tools from app", each callable from Toolscope's form through the page's gate
// (its schema, read-only mode, a confirmation unless it says it is read-only). The call goes to
// the app over the bridge (so Traffic has it); once the app is torn down, a call is refused.
import { useState } from 'react';
import { SchemaForm } from '../../components/form/SchemaForm.tsx';
import { DEFAULT_FORM_STATE_BEHAVIOR } from '../../components/form/validators.ts';
import { Button } from '../../components/ui/Button.tsx';
import { isRecord, own } from '../../mcp/guards.ts';
import { revealInvisible } from '../../lib/text.ts';
import { refused } from '../../lib/refusal.ts';
import type { AppTool } from '../../apphost/appTools.ts';

interface Props {
  tools: readonly AppTool[];
  /** Why calls are refused now (the app was torn down), or undefined while it runs. */
  gone?: string;
  call: (tool: AppTool, args: Record<string, unknown>) => Promise<string>;
}

export default function AppTools({ tools, gone, call }: Props) {
  const [open, setOpen] = useState<string>();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [answers, setAnswers] = useState<Record<string, string>>({});
  if (!tools.length) return null;
  const send = async (tool: AppTool, args: unknown) => {
    const answer = gone
      ? refused(gone)
      : await call(tool, isRecord(args) ? args : {}).catch((error: unknown) => `Failed: ${String(error).slice(0, 300)}`);
    setAnswers((previous) => ({ ...previous, [tool.name]: answer }));
  };
  return (
    <div className="flex flex-col gap-1 text-xs">
      <p className="font-semibold">
        Tools from app ({tools.length}){gone ? <span className="font-normal text-muted"> — {gone}</span> : null}
      </p>
      <ul aria-label="Tools from app" className="flex flex-col gap-1">
        {tools.map((tool) => (
          <li key={tool.name} className="rounded border border-line p-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono font-semibold">{revealInvisible(tool.name)}</span>
              {tool.description ? <span className="text-muted">{revealInvisible(tool.description)}</span> : null}
              <Button
                className="ml-auto px-2 py-0.5 text-xs"
                aria-expanded={open === tool.name}
                aria-label={`Open ${tool.name}`}
                onClick={() => setOpen(open === tool.name ? undefined : tool.name)}
              >
                {open === tool.name ? 'Close' : 'Open'}
              </Button>
            </div>
            {open === tool.name ? (
              <div className="mt-1 flex flex-col gap-1">
                <SchemaForm
                  label={`Arguments of ${tool.name}`}
                  schema={tool.inputSchema}
                  value={own(values, tool.name) ?? {}}
                  onChange={(value) => setValues((previous) => ({ ...previous, [tool.name]: value }))}
                  onSubmit={(value) => void send(tool, value)}
                  behavior={DEFAULT_FORM_STATE_BEHAVIOR}
                  liveErrors={false}
                  fallback={(error) => (
                    <p role="alert" className="text-danger">
                      The app’s schema for {tool.name} cannot be shown as a form ({error.message}).
                    </p>
                  )}
                >
                  <Button type="submit" className="self-start px-2 py-0.5 text-xs">
                    Call app tool
                  </Button>
                </SchemaForm>
                {typeof own(answers, tool.name) === 'string' ? (
                  <pre aria-label={`Answer of ${tool.name}`} className="max-h-48 overflow-auto rounded bg-hover p-1 font-mono text-[11px]">
                    {own(answers, tool.name) as string}
                  </pre>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
