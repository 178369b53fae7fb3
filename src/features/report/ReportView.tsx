// The "Server report" pane: score, findings (filter by rule, severity and tool), the model's view
// and exports. Loaded on demand — it brings Ajv; its tokens are counted in a worker (tokenCounter.ts).
import { Select } from '../../components/ui/Select.tsx';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/ui/Button.tsx';
import type { McpConnection } from '../../mcp/connection.ts';
import { describeFailure, failureOf } from '../../mcp/errors.ts';
import { revealInvisible } from '../../lib/text.ts';
import type { CallRecord } from '../../report/callRules.ts';
import { gatherReport, reportFrom, reportInputOf, type GatheredReport } from '../../report/collect.ts';
import type { ActiveTrust } from '../../report/active.ts';
import type { AppViolation } from '../../report/appRules.ts';
import { checkDeps } from '../../report/checkDeps.ts';
import { pageTokenizer } from './api/tokenCounter.ts';
import { SEVERITY_ORDER, type RuleId, type Severity } from '../../report/findings.ts';
import { FILE_TYPES, REPORT_FORMATS, formatReport, type ReportFormat } from '../../report/formats.ts';
import { readinessOf, type Report } from '../../report/report.ts';
import { PROFILE_IDS, type ProfileId } from '../../report/profiles.ts';
import { ReadinessView } from './ReadinessView.tsx';
import { SCORE_FORMULA } from '../../report/score.ts';
import { downloadBytes } from '../../web/download.ts';
import { safeFileName } from '../../lib/fileName.ts';
import { FindingItem } from './FindingItem.tsx';
import { PromptCostView } from './PromptCostView.tsx';
import { ServerCardView } from './ServerCardView.tsx';
import { LockfileButton, LockfileLine, readLockfile, type ChosenLock } from './LockfileCompare.tsx';
import { Tabs } from '../../components/ui/Tabs.tsx';

export type ReportTab = 'findings' | 'model' | 'find';

interface Props {
  connection: McpConnection;
  /** The calls made in this session (their results feed the call-based rules). */
  calls: readonly CallRecord[];
  /** The session's trust gate: the active check calls only what it lets through (read-only mode holds). */
  trust: ActiveTrust;
  /** Loads MCP App frames blocked in this session. */
  appViolations?: readonly AppViolation[];
  onOpenTool: (name: string) => void;
  /** Which view of the report shows (the palette opens each). */
  tab?: ReportTab;
  /** The "Find a tool" tab's panel (the tool search, the app's to give): usable before the report is made. */
  find: ReactNode;
  onTab: (tab: ReportTab) => void;
  /** What the last report asked the server (kept by the workspace: the top bar's chip scores the same). */
  made?: GatheredReport;
  onMade: (gathered: GatheredReport) => void;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const FORMAT_LABELS: Record<ReportFormat, string> = { markdown: 'Markdown', json: 'JSON', junit: 'JUnit XML', sarif: 'SARIF' };

export default function ReportView({
  connection,
  calls,
  trust,
  appViolations,
  onOpenTool,
  tab = 'findings',
  onTab,
  find,
  made,
  onMade,
}: Props) {
  // A lockfile the person chose: every report made while it is set compares the tools with it.
  const [lock, setLock] = useState<ChosenLock>();
  const [lockError, setLockError] = useState<string>();
  const run = useMutation({
    mutationFn: ({ active, with: chosen }: { active: boolean; with?: ChosenLock }) =>
      gatherReport(connection, { active, trust, ...(chosen ? { lock: { file: chosen.file, fail: 'breaking' as const } } : {}) }),
    onSuccess: onMade,
  });
  const compareWith = (chosen: ChosenLock | { error: string }) => {
    if ('error' in chosen) return setLockError(chosen.error);
    setLockError(undefined);
    setLock(chosen);
    run.mutate({ active: false, with: chosen });
  };
  // Opening the report makes it (listing only — the active checks wait for the person).
  const { mutate } = run;
  useEffect(() => mutate({ active: false }), [mutate]);
  // The report is the gathering and this session's calls, made again (no request) as calls are made:
  // the same input the chip scores, so the two numbers are one.
  const [report, setReport] = useState<Report>();
  useEffect(() => {
    if (!made) return;
    let live = true;
    const input = reportInputOf(connection, made, { calls, appViolations, reach: connection.reach });
    void reportFrom(input, { ...checkDeps, tokenizer: pageTokenizer }).then((next) => {
      if (live) setReport(next);
    });
    return () => {
      live = false;
    };
  }, [connection, made, calls, appViolations]);
  return (
    <section
      aria-label="Server report"
      className="flex flex-col gap-3"
      // A lockfile dropped anywhere on the report is compared, as one chosen with the button.
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        const file = event.dataTransfer.files[0];
        if (!file || run.isPending) return;
        event.preventDefault();
        void readLockfile(file).then(compareWith);
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold">Server report</h2>
        <Button className="text-xs" disabled={run.isPending} onClick={() => run.mutate({ active: false, with: lock })}>
          Run again
        </Button>
        <Button
          className="text-xs"
          disabled={run.isPending}
          title="Calls the server: an unknown tool, and a read-only tool with arguments its schema refuses (both must come back as error -32602)"
          onClick={() => run.mutate({ active: true, with: lock })}
        >
          Run with active checks
        </Button>
        <LockfileButton disabled={run.isPending} onChosen={compareWith} />
        {run.isPending ? <span className="text-xs text-muted">Listing tools twice and checking every rule…</span> : null}
      </div>
      {run.error ? (
        <p role="alert" className="text-sm text-danger">
          The report could not be made: {describeFailure(failureOf(run.error))}
        </p>
      ) : null}
      {lockError ? (
        <p role="alert" className="text-sm text-danger">
          Not compared: {revealInvisible(lockError)}
        </p>
      ) : null}
      {lock && report && made?.lock ? (
        <LockfileLine
          lock={lock}
          findings={report.findings}
          onStop={() => {
            setLock(undefined);
            run.mutate({ active: false });
          }}
        />
      ) : null}
      {/* The tabs and the search keep their place while a report is made (what was typed stays). */}
      {report ? <ReportSummary report={report} serverUrl={connection.url} /> : null}
      <Tabs
        label="Report view"
        tabs={[
          { id: 'findings', label: report ? `Findings (${report.findings.length})` : 'Findings' },
          { id: 'model', label: 'Model’s view' },
          { id: 'find', label: 'Find a tool' },
        ]}
        active={tab}
        onChange={onTab}
      />
      {tab === 'find' ? (
        <div role="tabpanel" aria-label="Find a tool">
          {find}
        </div>
      ) : report && tab === 'model' ? (
        <div role="tabpanel" aria-label="Model’s view">
          <PromptCostView view={report.model} />
        </div>
      ) : null}
      {report && tab === 'findings' ? <ServerCardView read={made?.serverCard?.read} /> : null}
      {/* Hidden, not gone, on the other tabs: its filters stay as set. */}
      {report ? <FindingsPanel report={report} onOpenTool={onOpenTool} hidden={tab !== 'findings'} /> : null}
    </section>
  );
}

/** The score, the counts, the readiness profile and the export. */
function ReportSummary({ report, serverUrl }: { report: Report; serverUrl: string }) {
  const [format, setFormat] = useState<ReportFormat>('markdown');
  const [profile, setProfile] = useState<ProfileId | 'none'>('none');
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  const readiness = useMemo(() => (profile === 'none' ? undefined : readinessOf(report, profile, confirmed)), [report, profile, confirmed]);
  const confirm = (id: string, checked: boolean) =>
    setConfirmed((before) => {
      const next = new Set(before);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const count = (which: Severity) => report.findings.filter((finding) => finding.severity === which).length;
  const exportReport = () => {
    const { extension, mimeType } = FILE_TYPES[format];
    const bytes = new TextEncoder().encode(formatReport(report, format, serverUrl, readiness));
    downloadBytes(bytes, mimeType, `${safeFileName(report.server.name, 'server')}-report.${extension}`);
  };

  return (
    <>
      <div className="flex flex-wrap items-end gap-4">
        <p className="flex items-baseline gap-1">
          <span className="text-3xl font-semibold tabular-nums" aria-label={`Score ${report.score} out of 100`}>
            {report.score}
          </span>
          <span className="text-sm text-muted">/ 100</span>
        </p>
        <p className="text-sm">
          {revealInvisible(report.server.name)} {report.server.version} · {report.tools} tools · {report.server.protocolVersion} ·{' '}
          {plural(count('error'), 'error')}, {plural(count('warning'), 'warning')}, {count('info')} info
          <span className="block text-xs text-muted">
            {report.active ? 'Active checks included' : 'Active checks not run'} · {plural(report.callsChecked, 'call')} of this session
            checked
          </span>
        </p>
        <div className="ml-auto flex flex-wrap items-center gap-1">
          <label className="flex items-center gap-1 text-xs">
            Profile
            <Select
              value={profile}
              options={[{ value: 'none', label: 'none' }, ...PROFILE_IDS]}
              onChange={setProfile}
              className="text-xs"
              title="Judge the report as a directory would (Claude's connector directory, ChatGPT's apps)"
            />
          </label>
          <label className="text-xs">
            <span className="sr-only">Export format</span>
            <Select
              value={format}
              options={REPORT_FORMATS.map((candidate) => ({ value: candidate, label: FORMAT_LABELS[candidate] }))}
              onChange={setFormat}
              className="text-xs"
            />
          </label>
          <Button className="text-xs" onClick={exportReport}>
            Export report
          </Button>
        </div>
      </div>
      {readiness ? <ReadinessView readiness={readiness} onConfirm={confirm} /> : null}
      <details className="text-xs text-subtle">
        <summary>How the score is computed</summary>
        <p className="mt-1">{SCORE_FORMULA}</p>
      </details>
    </>
  );
}

/** The findings, filtered by rule, severity and tool. */
function FindingsPanel({ report, onOpenTool, hidden }: { report: Report; onOpenTool: (name: string) => void; hidden: boolean }) {
  const [rule, setRule] = useState<RuleId | 'all'>('all');
  const [severity, setSeverity] = useState<Severity | 'all'>('all');
  const [tool, setTool] = useState('');
  const rules = useMemo(() => [...new Set(report.findings.map((finding) => finding.rule))].sort(), [report]);
  const shown = report.findings.filter(
    (finding) =>
      (rule === 'all' || finding.rule === rule) &&
      (severity === 'all' || finding.severity === severity) &&
      (!tool.trim() || (finding.tool ?? 'server').toLowerCase().includes(tool.trim().toLowerCase())),
  );
  return (
    <div role="tabpanel" aria-label="Findings" hidden={hidden} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <label className="flex items-center gap-1">
          Rule
          <Select value={rule} options={[{ value: 'all', label: 'all rules' }, ...rules]} onChange={setRule} />
        </label>
        <label className="flex items-center gap-1">
          Severity
          <Select value={severity} options={['all', ...SEVERITY_ORDER]} onChange={setSeverity} />
        </label>
        <label className="flex items-center gap-1">
          Tool
          <input
            type="search"
            value={tool}
            onChange={(event) => setTool(event.target.value)}
            placeholder="name contains…"
            className="rounded-md border border-field bg-panel px-2 py-1"
          />
        </label>
        <span className="text-muted">
          {shown.length} of {report.findings.length} findings
        </span>
      </div>
      {shown.length ? (
        <ul aria-label="Findings" className="rounded-md border border-line">
          {shown.map((finding, index) => (
            <FindingItem key={`${finding.rule}:${finding.tool ?? ''}:${index}`} finding={finding} onOpenTool={onOpenTool} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">
          {report.findings.length ? 'No finding matches these filters.' : 'No findings: every rule passes.'}
        </p>
      )}
    </div>
  );
}
