import { JsonView, allExpanded, collapseAllNested, defaultStyles, darkStyles } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import { Button } from '../../components/ui/Button.tsx';
import { useState } from 'react';
import { useTheme } from '../../lib/theme.ts';

/** A collapsible JSON tree with copy; values render as text only. */
export function JsonTree({ value, label }: { value: unknown; label: string }) {
  const [copied, setCopied] = useState(false);
  const { dark } = useTheme();
  const json = JSON.stringify(value, null, 2) ?? 'undefined';
  const big = json.length > 20_000;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-end">
        <Button
          variant="ghost"
          className="text-xs"
          onClick={() => {
            void navigator.clipboard?.writeText(json).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : `Copy ${label}`}
        </Button>
      </div>
      <div className="overflow-auto rounded-md border border-line p-2 text-xs">
        {value !== null && typeof value === 'object' ? (
          <JsonView data={value} shouldExpandNode={big ? collapseAllNested : allExpanded} style={dark ? darkStyles : defaultStyles} />
        ) : (
          <pre className="font-mono whitespace-pre-wrap">{json}</pre>
        )}
      </div>
    </div>
  );
}
