// A tool's automated runs, each owning the response pane from its item under "⋯" until the next call
// starts: "Load test" (the arguments in the form, again and again) and "Fuzz" (inputs made from the
// schema, issue 84). Both go through the call session's gate and end as one History entry.
import type { McpTool } from '../../mcp/tools.ts';
import { FuzzPane, type FuzzProps } from '../../features/fuzz/FuzzPane.tsx';
import { LoadTestPane, type LoadTestProps } from '../../features/load/LoadTestPane.tsx';

export type RunKind = 'load' | 'fuzz';

/** What the workspace is given for both: the gates, where a finished run is kept, and the form to open a finding in. */
export interface RunPaneHandlers extends Pick<LoadTestProps, 'gate' | 'onEnded'> {
  fuzz: Pick<FuzzProps, 'gate' | 'onEnded'> & { open: (tool: string, args: Record<string, unknown>) => void };
}

interface Props {
  kind: RunKind;
  tool: McpTool;
  args: Record<string, unknown>;
  handlers: RunPaneHandlers;
  onClose: () => void;
}

export function RunPane({ kind, tool, args, handlers, onClose }: Props) {
  return kind === 'fuzz' ? (
    <FuzzPane
      tool={tool}
      gate={handlers.fuzz.gate}
      onEnded={handlers.fuzz.onEnded}
      onOpen={(found) => handlers.fuzz.open(tool.name, found)}
      onClose={onClose}
    />
  ) : (
    <LoadTestPane tool={tool.name} args={args} gate={handlers.gate} onEnded={handlers.onEnded} onClose={onClose} />
  );
}
