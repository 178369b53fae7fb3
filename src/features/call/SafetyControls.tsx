import type { SafetySettings } from './safetySettings.ts';

/** Per-server choices: when to ask before a call, and read-only mode. */
export function SafetyControls({ settings, onChange }: { settings: SafetySettings; onChange: (settings: SafetySettings) => void }) {
  return (
    <fieldset className="flex flex-col gap-1 rounded-md border border-slate-200 p-2 text-xs dark:border-slate-800">
      <legend className="px-1 font-semibold">Call safety (this server)</legend>
      <label className="flex flex-col gap-1">
        Ask before calling
        <select
          className="rounded-md border border-slate-300 bg-white px-1 py-1 dark:border-slate-700 dark:bg-slate-900"
          value={settings.policy}
          onChange={(event) => {
            const policy = event.target.value;
            if (policy === 'destructive' || policy === 'all-writes' || policy === 'never') onChange({ ...settings, policy });
          }}
        >
          <option value="destructive">tools that may be destructive (default)</option>
          <option value="all-writes">every tool not marked read-only</option>
          <option value="never">never (not recommended)</option>
        </select>
      </label>
      {settings.policy === 'never' ? (
        <p role="note" className="text-amber-800 dark:text-amber-200">
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
    </fieldset>
  );
}
