// The sidebar's "Skills" tab: the server's skills (skills/list), what the listing refused, and
// each skill's findings count; picking one opens it in the work area (SkillsView.tsx).
import type { Finding } from '../../report/findings.ts';
import { cn } from '../../lib/cn.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import type { Skill } from '../../mcp/skills.ts';
import { revealInvisible } from '../../lib/text.ts';
import { useSkillListing } from './api/skillListing.ts';

interface Props {
  connection: McpConnection;
  /** The credentials in use (a hash), so one server's skills are never served to other credentials. */
  authContext: string;
  /** The report's findings (the chip's): each skill says how many are its own. */
  findings?: readonly Finding[];
  /** The open skill's URI (the first skill until one is picked). */
  open?: string;
  onOpen: (uri: string) => void;
}

/** A skill's warnings and errors in the report (its token cost, an info, is the report's to say). */
export const findingsOf = (findings: readonly Finding[] | undefined, skill: Skill) =>
  findings?.filter((finding) => finding.skill === skill.uri && finding.severity !== 'info');

export function SkillList({ connection, authContext, findings, open, onOpen }: Props) {
  const listing = useSkillListing(connection, authContext);
  const skills = listing.data?.skills ?? [];
  const shown = skills.find((skill) => skill.uri === open) ?? skills[0];
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-auto">
      {listing.data ? (
        <p className="text-xs text-muted">
          {skills.length} {skills.length === 1 ? 'skill' : 'skills'}
          {listing.data.ttlMs !== undefined
            ? ` · fresh for ${Math.round(listing.data.ttlMs / 1000)} s${listing.data.cacheScope ? ` (${listing.data.cacheScope})` : ''}`
            : ''}
        </p>
      ) : null}
      {listing.isPending ? <p className="text-sm text-muted">Listing skills (skills/list)…</p> : null}
      {listing.isError ? (
        <p role="alert" className="text-sm text-danger">
          skills/list failed: {listing.error instanceof Error ? listing.error.message : String(listing.error)}
        </p>
      ) : null}
      {listing.data?.invalid.length ? (
        <div role="alert" className="rounded-md border border-danger/40 p-2 text-sm">
          <p className="font-medium text-danger">
            {listing.data.invalid.length} {listing.data.invalid.length === 1 ? 'entry was' : 'entries were'} refused: hosts do not offer
            {listing.data.invalid.length === 1 ? ' it' : ' them'}.
          </p>
          <ul className="list-disc pl-5 text-xs">
            {listing.data.invalid.map((entry) => (
              <li key={entry.index}>
                #{entry.index} {entry.uri ? <span className="font-mono">{revealInvisible(entry.uri)}</span> : null}:{' '}
                {revealInvisible(entry.reason)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {listing.data && !skills.length && !listing.data.invalid.length ? (
        <p className="text-sm text-muted">The server declares the Skills extension but lists no skill.</p>
      ) : null}
      {skills.length ? (
        <ul aria-label="Skill list" className="flex flex-col gap-1">
          {skills.map((skill) => (
            <li key={skill.uri}>
              <button
                type="button"
                aria-current={skill.uri === shown?.uri ? 'true' : undefined}
                className={cn(
                  'w-full rounded-md border border-line px-2 py-1.5 text-left hover:bg-hover',
                  skill.uri === shown?.uri && 'border-accent bg-selected',
                )}
                onClick={() => onOpen(skill.uri)}
              >
                <span className="flex items-baseline gap-2">
                  <span className="font-mono text-sm font-medium">{revealInvisible(skill.frontmatter.name)}</span>
                  <FindingCount findings={findingsOf(findings, skill)} />
                </span>
                <span className={cn('line-clamp-2 text-xs', skill.uri === shown?.uri ? 'text-ink' : 'text-muted')}>
                  {revealInvisible(skill.frontmatter.description)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** "2 findings" beside a skill's name, in the colour of the worst; nothing while the report is not known. */
function FindingCount({ findings }: { findings: readonly Finding[] | undefined }) {
  if (!findings) return null;
  if (!findings.length) return <span className="text-xs text-ok">no findings</span>;
  const error = findings.some((finding) => finding.severity === 'error');
  return (
    <span className={cn('text-xs font-medium', error ? 'text-danger' : 'text-warn')}>
      {findings.length} {findings.length === 1 ? 'finding' : 'findings'}
    </span>
  );
}
