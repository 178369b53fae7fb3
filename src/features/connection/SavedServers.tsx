import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Popover } from '../../components/ui/Popover.tsx';
import { useSavedServers } from './api/serverMemory.ts';
import { parseMcpServers, toMcpServers, type ImportResult, type SavedServer } from './api/serverList.ts';
import { StdioEntries } from './StdioEntries.tsx';

const inputClass = 'rounded-md border border-field bg-panel px-2 py-1 text-xs';

function defaultName(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** Saved servers in this browser, and mcpServers JSON in and out. */
export function SavedServers({
  current,
  onUse,
}: {
  current: { url: string; headers: Record<string, string> };
  onUse: (server: SavedServer) => void;
}) {
  const { servers, save: saveServer, remove, merge } = useSavedServers();
  const [name, setName] = useState('');
  const [keepSecrets, setKeepSecrets] = useState(false);
  const [json, setJson] = useState('');
  const [withSecrets, setWithSecrets] = useState(false);
  const [message, setMessage] = useState('');
  const [stdio, setStdio] = useState<ImportResult['stdio']>([]);

  const save = () => {
    const label = name.trim() || defaultName(current.url);
    if (!label || !current.url.trim()) {
      setMessage('Enter a server URL first.');
      return;
    }
    saveServer({ name: label, url: current.url.trim(), headers: current.headers, keepSecrets });
    setMessage(`Saved “${label}”${Object.keys(current.headers).length && !keepSecrets ? ' (header names only, no values)' : ''}.`);
    setName('');
  };

  const importJson = () => {
    const parsed = parseMcpServers(json);
    if ('error' in parsed) {
      setMessage(`Import failed: ${parsed.error}`);
      return;
    }
    merge(parsed.servers.map((server) => ({ ...server, keepSecrets: withSecrets })));
    setStdio(parsed.stdio);
    const skipped = parsed.skipped.map((entry) => `${entry.name} (${entry.reason})`).join('; ');
    setMessage(
      `Imported ${parsed.servers.length} server${parsed.servers.length === 1 ? '' : 's'}${withSecrets ? ' with header values' : ''}.${parsed.stdio.length ? ` ${parsed.stdio.length} stdio server${parsed.stdio.length === 1 ? '' : 's'}: open from a terminal (below).` : ''}${skipped ? ` Skipped: ${skipped}.` : ''}`,
    );
  };

  return (
    <Popover summary={`Saved servers${servers.length ? ` (${servers.length})` : ''}`}>
      <div className="flex w-[32rem] max-w-full flex-col gap-2">
        {servers.length ? (
          <ul aria-label="Saved servers" className="flex flex-col gap-1">
            {servers.map((server) => (
              <li key={server.name} className="flex flex-wrap items-center gap-2">
                <Button className="px-2 py-0.5 text-xs" onClick={() => onUse(server)}>
                  Open {server.name}
                </Button>
                <span className="font-mono break-all text-muted">{server.url}</span>
                {server.path === 'proxy' ? <span className="text-muted">· via proxy</span> : null}
                <Button
                  variant="ghost"
                  className="px-2 py-0.5 text-xs"
                  aria-label={`Remove ${server.name}`}
                  onClick={() => remove(server.name)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">No saved servers yet.</p>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1">
            Name for this server
            <input
              className={inputClass}
              value={name}
              placeholder={defaultName(current.url)}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <label className="flex items-center gap-1">
            <input type="checkbox" checked={keepSecrets} onChange={(event) => setKeepSecrets(event.target.checked)} />
            Save header values too (secrets, stored in this browser)
          </label>
          <Button className="px-2 py-0.5 text-xs" onClick={save}>
            Save this server
          </Button>
        </div>
        <div className="flex flex-col gap-1">
          <label className="flex flex-col gap-1">
            mcpServers JSON
            <textarea
              className={`${inputClass} h-28 font-mono`}
              value={json}
              spellCheck={false}
              onChange={(event) => setJson(event.target.value)}
              placeholder='{ "mcpServers": { "shop": { "type": "http", "url": "https://example.com/mcp" } } }'
            />
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-1">
              <input type="checkbox" checked={withSecrets} onChange={(event) => setWithSecrets(event.target.checked)} />
              Include header values (secrets)
            </label>
            <Button className="px-2 py-0.5 text-xs" onClick={importJson}>
              Import
            </Button>
            <Button
              className="px-2 py-0.5 text-xs"
              onClick={() => {
                setJson(toMcpServers(servers, withSecrets));
                setMessage(
                  `Exported ${servers.length} server${servers.length === 1 ? '' : 's'}${withSecrets ? ' with header values' : ', header values left out'}.`,
                );
              }}
            >
              Export
            </Button>
          </div>
        </div>
        {message ? <p aria-live="polite">{message}</p> : null}
        <StdioEntries entries={stdio} />
      </div>
    </Popover>
  );
}
