import { Select } from '../../components/ui/Select.tsx';
import type { SafetySettings } from '../../session/safety.ts';
import { traceKeysProblem } from '../../mcp/recording/traceContext.ts';

function SecondsField({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  return (
    <label className="flex flex-1 flex-col gap-1">
      {label}
      <input
        type="number"
        min={1}
        max={86400}
        step={1}
        value={value}
        onChange={(event) => {
          const next = Number(event.target.value);
          if (Number.isFinite(next) && next >= 1) onChange(Math.min(next, 86_400));
        }}
        className="rounded-md border border-field bg-panel px-1 py-1"
      />
    </label>
  );
}

/** What goes out beside the traceparent (SEP-414), and whether to ask the server for its own spans (SEP-2448). */
function TraceKeysFields({ settings, onChange }: { settings: SafetySettings; onChange: (settings: SafetySettings) => void }) {
  const problem = traceKeysProblem({ tracestate: settings.tracestate, baggage: settings.baggage });
  return (
    <div className="flex flex-col gap-1 border-l border-line pl-3">
      <label className="flex flex-col gap-1">
        tracestate (W3C, optional)
        <input
          value={settings.tracestate}
          spellCheck={false}
          placeholder="vendor=value,other=value"
          onChange={(event) => onChange({ ...settings, tracestate: event.target.value })}
          className="rounded-md border border-field bg-panel px-1 py-1 font-mono"
        />
      </label>
      <label className="flex flex-col gap-1">
        baggage (W3C, optional)
        <input
          value={settings.baggage}
          spellCheck={false}
          placeholder="userId=alice,tenant=acme"
          onChange={(event) => onChange({ ...settings, baggage: event.target.value })}
          className="rounded-md border border-field bg-panel px-1 py-1 font-mono"
        />
      </label>
      {problem ? (
        <p role="note" className="text-warn">
          {problem}
        </p>
      ) : null}
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={settings.serverSpans}
          onChange={(event) => onChange({ ...settings, serverSpans: event.target.checked })}
        />
        Ask the server for its spans of each call (SEP-2448; only a server that declares serverExecutionTelemetry is asked)
      </label>
    </div>
  );
}

/** Per-server choices: when to ask before a call, and read-only mode. */
export function SafetyControls({ settings, onChange }: { settings: SafetySettings; onChange: (settings: SafetySettings) => void }) {
  return (
    <details className="shrink-0 rounded-md border border-line text-xs">
      <summary className="cursor-pointer px-2 py-1 font-semibold">
        Call settings (this server){settings.readOnlyMode ? ' · read-only mode' : ''}
      </summary>
      <fieldset className="flex flex-col gap-1 p-2 pt-0">
        <legend className="sr-only">Call settings (this server)</legend>
        <label className="flex flex-col gap-1">
          Ask before calling
          <Select
            value={settings.policy}
            options={[
              { value: 'destructive', label: 'tools that may be destructive (default)' },
              { value: 'all-writes', label: 'every tool not marked read-only' },
              { value: 'never', label: 'never (not recommended)' },
            ]}
            onChange={(policy) => onChange({ ...settings, policy })}
          />
        </label>
        {settings.policy === 'never' ? (
          <p role="note" className="text-warn">
            Calls run without asking, even tools that may delete data. Annotations are hints from the server, not guarantees.
          </p>
        ) : null}
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={settings.readOnlyMode}
            onChange={(event) => onChange({ ...settings, readOnlyMode: event.target.checked })}
          />
          Read-only mode: refuse every call to a tool not marked read-only
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={settings.traceContext}
            onChange={(event) => onChange({ ...settings, traceContext: event.target.checked })}
          />
          Send trace context: each call carries a W3C traceparent in its _meta (Export OTLP keeps its ids)
        </label>
        {settings.traceContext ? <TraceKeysFields settings={settings} onChange={onChange} /> : null}
        <div className="flex gap-2">
          <SecondsField
            label="Timeout (s)"
            value={settings.timeoutSeconds}
            onChange={(timeoutSeconds) => onChange({ ...settings, timeoutSeconds })}
          />
          <SecondsField
            label="Maximum total (s)"
            value={settings.maxTotalSeconds}
            onChange={(maxTotalSeconds) => onChange({ ...settings, maxTotalSeconds })}
          />
        </div>
        <p className="text-muted">The timeout restarts with every progress report; the maximum total does not.</p>
      </fieldset>
    </details>
  );
}
