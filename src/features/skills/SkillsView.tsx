// One of the server's skills (the Skills extension; the list is the sidebar's, SkillList.tsx), opened — its SKILL.md
// rendered (safely, as results are), its frontmatter as fields, its files. Each file is read only
// when asked for and verified as it is read (size, digest; SKILL.md also its frontmatter): a file
// that fails is marked with what failed and its content is not shown, as a host must not use it.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import type { Finding } from '../../report/findings.ts';
import { formatBytes } from '../../mcp/results.ts';
import type { Skill, SkillRead } from '../../mcp/skills.ts';
import { skillPath } from '../../mcp/skills.ts';
import { findingsOf } from './SkillList.tsx';
import { useSkillListing } from './api/skillListing.ts';
import { revealInvisible } from '../../lib/text.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { serverKey } from '../../lib/serverKey.ts';

interface Props {
  connection: McpConnection;
  /** The credentials in use (a hash), so one server's skills are never served to other credentials. */
  authContext: string;
  /** The safe Markdown renderer results use (from the results feature, through the app). */
  renderMarkdown: (text: string) => ReactNode;
  /** The report's findings (the chip's): each skill lists its own warnings and errors. */
  findings?: readonly Finding[];
  /** The skill picked in the sidebar's list (its URI); the first one until then. */
  open?: string;
}

type Failure = Exclude<SkillRead, { ok: true }>['reason'];

const FAILED: Record<Failure, string> = {
  digest: 'digest mismatch',
  size: 'size mismatch',
  frontmatter: 'frontmatter differs from the entry',
  unlisted: 'not listed by the skill',
  unreadable: 'unreadable',
};

/** The report's rule for each failure (src/report/skillRules.ts). */
const RULE: Record<Failure, string> = {
  digest: 'skill-digest-mismatch',
  size: 'skill-size-mismatch',
  frontmatter: 'skill-frontmatter-mismatch',
  unlisted: 'skill-file-unreadable',
  unreadable: 'skill-file-unreadable',
};

export default function SkillsView({ connection, authContext, renderMarkdown, findings, open }: Props) {
  const listing = useSkillListing(connection, authContext);
  const skills = listing.data?.skills ?? [];
  const shown = skills.find((skill) => skill.uri === open) ?? skills[0];
  return (
    <section aria-label="Skills" className="flex min-w-0 flex-col gap-3">
      {shown ? (
        <SkillPane
          key={shown.uri}
          connection={connection}
          authContext={authContext}
          skill={shown}
          renderMarkdown={renderMarkdown}
          findings={findingsOf(findings, shown)}
        />
      ) : (
        <p className="text-sm text-muted">{listing.isPending ? 'Listing skills (skills/list)…' : 'No skill to show: see the list.'}</p>
      )}
    </section>
  );
}

/** One file read and verified (cached per connection: a second look does not read it again). */
function useSkillFile(connection: McpConnection, authContext: string, skill: Skill, uri: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.skillFile(serverKey(connection.url), authContext, skill.uri, uri),
    queryFn: async () => (await connection.skills()).read(skill, uri === skill.uri ? undefined : uri),
    enabled,
    staleTime: Infinity,
  });
}

/** The report's findings about this skill, by rule id, as the report lists them. */
function SkillFindings({ findings }: { findings: readonly Finding[] | undefined }) {
  if (!findings?.length) return null;
  return (
    <ul aria-label="Report findings" className="flex flex-col gap-1 rounded-md border border-warn-line bg-warn-surface p-2 text-sm">
      {findings.map((finding) => (
        <li key={`${finding.rule}:${finding.message}`} className="[overflow-wrap:anywhere]">
          <span className={cn('font-medium', finding.severity === 'error' ? 'text-danger' : 'text-warn-strong')}>{finding.severity}</span>{' '}
          <code className="font-mono text-xs">{finding.rule}</code> · {revealInvisible(finding.message)}
          <span className="block text-xs text-subtle">Fix: {revealInvisible(finding.fix)}</span>
        </li>
      ))}
    </ul>
  );
}

function SkillPane({
  connection,
  authContext,
  skill,
  renderMarkdown,
  findings,
}: {
  connection: McpConnection;
  authContext: string;
  skill: Skill;
  renderMarkdown: (text: string) => ReactNode;
  findings: readonly Finding[] | undefined;
}) {
  const name = skill.frontmatter.name;
  // Opening a skill is loading it: its SKILL.md is read (and verified) now; its other files on demand.
  const manifest = useSkillFile(connection, authContext, skill, skill.uri, true);
  const [reading, setReading] = useState<string>();
  const files = skill.resources === 'dynamic' ? [] : skill.resources;
  const extra = Object.entries(skill.frontmatter).filter(([key]) => key !== 'name' && key !== 'description');
  return (
    <section aria-label={`Skill: ${revealInvisible(name)}`} className="flex min-w-0 flex-1 flex-col gap-3">
      <div>
        <h3 className="font-mono text-base font-semibold">{revealInvisible(name)}</h3>
        <p className="text-sm text-muted">{revealInvisible(skill.frontmatter.description)}</p>
        <p className="font-mono text-xs break-all text-subtle">{revealInvisible(skill.uri)}</p>
      </div>
      <SkillFindings findings={findings} />
      {extra.length ? (
        <dl aria-label="Frontmatter" className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
          {extra.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-mono text-subtle">{revealInvisible(key)}</dt>
              <dd className="font-mono break-all">{revealInvisible(typeof value === 'string' ? value : JSON.stringify(value))}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {manifest.isPending ? <p className="text-sm text-muted">Reading SKILL.md…</p> : null}
      {manifest.data?.ok ? (
        renderMarkdown(manifest.data.file.body ?? manifest.data.file.text ?? '')
      ) : manifest.data ? (
        <p role="alert" className="text-sm text-danger">
          SKILL.md failed verification ({FAILED[manifest.data.reason]}): {revealInvisible(manifest.data.message)}. A host does not load this
          skill; its content is not shown.
        </p>
      ) : null}
      {skill.resources === 'dynamic' ? (
        <p className="text-xs text-muted">
          This skill’s files are dynamic: the server lists no digests, so nothing but its frontmatter can be verified.
        </p>
      ) : null}
      <ul aria-label="Skill files" className="flex flex-col gap-1 text-sm">
        {files.map((file) => (
          <FileRow
            key={file.uri}
            connection={connection}
            authContext={authContext}
            skill={skill}
            uri={file.uri}
            size={file.size}
            open={reading === file.uri}
            onOpen={() => setReading(reading === file.uri ? undefined : file.uri)}
          />
        ))}
      </ul>
    </section>
  );
}

function FileRow(props: {
  connection: McpConnection;
  authContext: string;
  skill: Skill;
  uri: string;
  size: number;
  open: boolean;
  onOpen: () => void;
}) {
  const { connection, authContext, skill, uri, size, open, onOpen } = props;
  const isManifest = uri === skill.uri;
  // SKILL.md is read with the skill; another file once asked for, and then remembered.
  const [asked, setAsked] = useState(isManifest);
  const read = useSkillFile(connection, authContext, skill, uri, asked);
  const path = revealInvisible(skillPath(skill, uri));
  const status = read.data
    ? read.data.ok
      ? read.data.file.verified
        ? '✓ verified'
        : 'not verified (dynamic)'
      : `✗ ${FAILED[read.data.reason]}`
    : undefined;
  return (
    <li className="rounded-md border border-line">
      <div className="flex flex-wrap items-center gap-x-2 px-2 py-1">
        <span className="font-mono">{path}</span>
        <span className="text-xs text-muted">{formatBytes(size)}</span>
        {status ? <span className={cn('text-xs', read.data?.ok ? 'text-ok' : 'font-medium text-danger')}>{status}</span> : null}
        {read.isFetching ? <span className="text-xs text-muted">reading…</span> : null}
        {!isManifest ? (
          <Button
            variant="ghost"
            className="ml-auto px-2 py-0.5 text-xs"
            aria-expanded={open}
            onClick={() => {
              setAsked(true);
              onOpen();
            }}
          >
            {open ? 'Hide' : 'Read'} {path}
          </Button>
        ) : null}
      </div>
      {read.data && !read.data.ok ? (
        <p className="px-2 pb-1 text-xs [overflow-wrap:anywhere] text-danger">
          {revealInvisible(read.data.message)}. Not shown: a host must not use it (report: {RULE[read.data.reason]}).
        </p>
      ) : null}
      {open && !isManifest && read.data?.ok ? <FileContent file={read.data.file} /> : null}
    </li>
  );
}

function FileContent({ file }: { file: Extract<SkillRead, { ok: true }>['file'] }) {
  if (file.text !== undefined)
    return (
      <pre className="max-h-80 overflow-auto border-t border-line p-2 font-mono text-xs whitespace-pre-wrap">
        {revealInvisible(file.text)}
      </pre>
    );
  return <BinaryDownload file={file} />;
}

/** A binary file offered as a download (a blob of this page, made on the click, never opened in it). */
function BinaryDownload({ file }: { file: Extract<SkillRead, { ok: true }>['file'] }) {
  const name = file.uri.split('/').at(-1) ?? 'file';
  const download = () => {
    const url = URL.createObjectURL(new Blob([file.bytes.slice()], { type: 'application/octet-stream' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <p className="flex items-center gap-2 border-t border-line p-2 text-xs">
      Binary ({formatBytes(file.bytes.length)}
      {file.mimeType ? `, ${revealInvisible(file.mimeType)}` : ''})
      <Button className="px-2 py-0.5 text-xs" onClick={download}>
        Download {revealInvisible(name)}
      </Button>
    </p>
  );
}
