// One registry entry, opened: what it is (name, title, version and its other versions, status,
// repository), its remotes as "Connect to remote" forms and its packages as terminal lines.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { copyWithToast } from '../../web/toasts.ts';
import { revealInvisible } from '../../lib/text.ts';
import { serverVersions, type RegistryEntry } from '../../registry/registryApi.ts';
import { fieldDefault, fixedHeaders, remoteFields, remoteOpenable, resolveRemote, type RemoteField } from '../../registry/remote.ts';
import type { Package, Remote } from '../../registry/serverJson.ts';
import { packageLine } from '../../registry/terminalLine.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

/** Connect to a remote: its URL, its headers, the names of those the entry declares secret, and where it came from. */
export type RegistryConnect = (
  url: string,
  headers: Record<string, string>,
  secretHeaders: string[],
  source: { name: string; version: string },
) => void;

/** Only http(s) links from an entry become links (no javascript:, no data:). */
const safeHref = (url: unknown) => {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
};

export function EntryView({
  entry,
  base,
  onBack,
  onConnect,
  onCheck,
}: {
  entry: RegistryEntry;
  base: string;
  onBack: () => void;
  onConnect: RegistryConnect;
  onCheck: (raw: unknown) => void;
}) {
  const headingId = useId();
  const versions = useQuery({
    queryKey: queryKeys.registryVersions(base, entry.server.name),
    queryFn: ({ signal }) => serverVersions(base, entry.server.name, { signal }),
    retry: false,
    staleTime: 60_000,
  });
  const [version, setVersion] = useState(entry.server.version);
  const shown = versions.data?.entries.find((item) => item.server.version === version) ?? entry;
  const { server } = shown;
  const repository = safeHref(server.repository?.url);
  const website = safeHref(server.websiteUrl);
  const remotes = Array.isArray(server.remotes) ? server.remotes : [];
  const packages = Array.isArray(server.packages) ? server.packages : [];
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-md border border-line p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={onBack}>
          ← Results
        </Button>
        <h3 id={headingId} className="font-mono text-sm font-semibold break-all">
          {revealInvisible(server.name)}
        </h3>
        {server.title ? <span className="font-medium">{revealInvisible(server.title)}</span> : null}
        {shown.status !== 'active' ? <Badge tone="warn">{shown.status}</Badge> : null}
        <label className="ml-auto flex items-center gap-1 text-xs text-subtle">
          Version
          <Select
            className="text-xs"
            value={version}
            onChange={setVersion}
            options={(versions.data?.entries ?? [entry]).map((item) => ({
              value: item.server.version,
              label: `${revealInvisible(item.server.version)}${item.isLatest ? ' (latest)' : ''}${item.status !== 'active' ? ` · ${item.status}` : ''}`,
            }))}
          />
        </label>
      </div>
      {versions.isError ? <p className="text-xs text-muted">Versions: {errorMessage(versions.error)}</p> : null}
      {server.description ? <p className="text-sm text-subtle">{revealInvisible(server.description)}</p> : null}
      {shown.status !== 'active' ? (
        <Alert tone="warn">
          This version is {shown.status}
          {shown.statusMessage ? `: ${revealInvisible(shown.statusMessage)}` : '.'}
        </Alert>
      ) : null}
      <p className="flex flex-wrap gap-x-3 text-xs text-subtle">
        {repository ? (
          <a className="text-link underline" href={repository} target="_blank" rel="noopener noreferrer">
            Repository{server.repository?.subfolder ? ` (${revealInvisible(server.repository.subfolder)})` : ''}
          </a>
        ) : null}
        {website ? (
          <a className="text-link underline" href={website} target="_blank" rel="noopener noreferrer">
            Website
          </a>
        ) : null}
        {shown.publishedAt ? <span>Published {shown.publishedAt.slice(0, 10)}</span> : null}
        <Button variant="ghost" className="px-1 py-0 text-xs" onClick={() => onCheck(shown.raw)}>
          Check this server.json
        </Button>
      </p>
      {remotes.map((remote, index) => (
        <RemoteForm
          key={`${version}:${index}`}
          remote={remote}
          onConnect={(url, headers, secrets) => onConnect(url, headers, secrets, { name: server.name, version: server.version })}
        />
      ))}
      {packages.map((pkg, index) => (
        <TerminalLineView key={`${version}:${index}`} pkg={pkg} />
      ))}
      {!remotes.length && !packages.length ? (
        <p className="text-sm text-muted">This entry lists no remote and no package: nothing to open.</p>
      ) : null}
    </article>
  );
}

function RemoteForm({
  remote,
  onConnect,
}: {
  remote: Remote;
  onConnect: (url: string, headers: Record<string, string>, secrets: string[]) => void;
}) {
  const fields = remoteFields(remote);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.key, fieldDefault(field)])),
  );
  const [problem, setProblem] = useState<string>();
  const openable = remoteOpenable(remote);
  const fixed = fixedHeaders(remote);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const resolved = resolveRemote(remote, values);
    if (resolved.problem) return setProblem(resolved.problem);
    if (resolved.missing.length) return setProblem(`Fill in ${resolved.missing.join(', ')}.`);
    if (!resolved.url) return setProblem('The URL could not be built.');
    setProblem(undefined);
    const secrets = (remote.headers ?? [])
      .filter((header) => header.isSecret || fields.some((field) => field.key.startsWith(`header:${header.name}`) && field.secret))
      .map((header) => header.name);
    onConnect(resolved.url, resolved.headers, secrets);
  };
  return (
    <form aria-label="Connect to remote" onSubmit={submit} noValidate className="flex flex-col gap-2 rounded-md border border-line p-2">
      <p className="flex flex-wrap items-center gap-2 text-xs">
        <Badge tone={openable ? 'info' : 'warn'}>{openable ? 'remote · streamable-http' : `remote · ${remote.type} · deprecated`}</Badge>
        <span className="font-mono break-all text-subtle">{revealInvisible(remote.url)}</span>
      </p>
      {openable ? (
        <>
          {fields.map((field) => (
            <FieldInput
              key={field.key}
              field={field}
              value={values[field.key] ?? ''}
              onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
            />
          ))}
          {fixed.length ? (
            <section aria-label="Headers the entry fixes" className="text-xs text-muted">
              Sent as the entry fixes them:{' '}
              {fixed.map((header) => (
                <span key={header.name} className="mr-2 font-mono">
                  {revealInvisible(header.name)}: {header.masked}
                </span>
              ))}
            </section>
          ) : null}
          {problem ? (
            <p role="alert" className="text-sm text-danger">
              {problem}
            </p>
          ) : null}
          <Button type="submit" variant="primary" className="self-start">
            Connect
          </Button>
        </>
      ) : (
        <p className="text-sm text-muted">
          HTTP+SSE is the deprecated transport; Toolscope speaks Streamable HTTP, so it cannot open this remote.
        </p>
      )}
    </form>
  );
}

function FieldInput({ field, value, onChange }: { field: RemoteField; value: string; onChange: (value: string) => void }) {
  const hintId = useId();
  const controlId = useId();
  const { input } = field;
  const control = 'w-full rounded-md border border-field bg-panel px-2 py-1.5 text-sm';
  return (
    // The label holds the name (and marks hidden from the name); the description describes the control.
    <div className="flex flex-col gap-0.5 text-sm">
      <label htmlFor={controlId} className="font-mono text-xs">
        {revealInvisible(field.label)}
        {/* Marks for the eye; the control says required and password itself, so its name stays the field's name. */}
        {field.required ? (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        ) : null}
        {field.secret ? (
          <span aria-hidden="true" className="text-muted">
            {' '}
            · secret
          </span>
        ) : null}
      </label>
      {input.description ? (
        <span id={hintId} className="text-xs text-muted">
          {revealInvisible(input.description)}
        </span>
      ) : null}
      {input.choices?.length ? (
        <select
          id={controlId}
          className={control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={input.description ? hintId : undefined}
          required={field.required}
        >
          {input.choices.map((choice) => (
            <option key={choice} value={choice}>
              {revealInvisible(choice)}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={controlId}
          className={control}
          type={field.secret ? 'password' : input.format === 'number' ? 'number' : 'text'}
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={input.placeholder}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={input.description ? hintId : undefined}
          required={field.required}
        />
      )}
    </div>
  );
}

function TerminalLineView({ pkg }: { pkg: Package }) {
  const headingId = useId();
  const line = packageLine(pkg);
  const label = `${String(pkg.registryType)} · ${pkg.identifier}${pkg.version ? `@${pkg.version}` : ''}`;
  return (
    <section aria-label="Terminal line" className="flex flex-col gap-1 rounded-md border border-line p-2">
      <p id={headingId} className="flex flex-wrap items-center gap-2 text-xs">
        <Badge>{revealInvisible(String(pkg.registryType))}</Badge>
        <span className="font-mono break-all text-subtle">{revealInvisible(label)}</span>
      </p>
      {line.line ? (
        <>
          <div className="flex items-start gap-2">
            <code className="min-w-0 flex-1 rounded bg-hover px-2 py-1 font-mono text-xs break-all whitespace-pre-wrap">
              {line.revealed ?? line.line}
            </code>
            <Button
              className="shrink-0 px-2 py-0.5 text-xs"
              onClick={() =>
                copyWithToast({
                  title: 'Terminal line copied',
                  text: line.line ?? '',
                  notes: line.placeholders.length
                    ? [`Replace ${line.placeholders.map((name) => `<${name}>`).join(', ')} before running it.`]
                    : [],
                })
              }
            >
              Copy
            </Button>
          </div>
          {line.revealed !== line.line ? (
            <p className="text-xs text-warn">
              The line holds characters outside ASCII, shown as ⟨U+…⟩ (the copy holds them as they are): check each before running it.
            </p>
          ) : null}
          {line.warnings.map((warning) => (
            <p key={warning} role="alert" className="text-xs text-danger">
              {revealInvisible(warning)}
            </p>
          ))}
          {line.placeholders.length ? (
            <p className="text-xs text-subtle">
              Replace {line.placeholders.map((name) => `<${revealInvisible(name)}>`).join(', ')} before running it (pasted unedited, the
              placeholder is passed as is).
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted">No line: {revealInvisible(line.refused ?? '')}.</p>
      )}
      {line.notes.map((note) => (
        <p key={note} className="text-xs text-muted">
          {revealInvisible(note)}
        </p>
      ))}
    </section>
  );
}

export default EntryView;
