// `npx toolscope report <server-url> [--format json|markdown|junit|sarif] [--bearer TOKEN]
// [--header "Name: value"]… [--active] [--era legacy|2026-07-28]` — the server report for a
// server's CI: the same src/mcp connection and src/report rules as the app, in Node, no browser.
// Exit 0 without error findings, 1 with any, 2 when the report could not be made.
import { parseArgs } from 'node:util';
import { McpConnection, type EraHint } from '../src/mcp/connection.ts';
import { describeFailure, failureOf } from '../src/mcp/errors.ts';
import { collectReport } from '../src/report/collect.ts';
import { reportDeps } from '../src/report/deps.ts';
import { REPORT_FORMATS, formatReport, type ReportFormat } from '../src/report/formats.ts';

const USAGE = `Usage: toolscope report <server-url> [--format ${REPORT_FORMATS.join('|')}] [--bearer TOKEN] [--header "Name: value"]... [--active] [--era legacy|2026-07-28] [--output FILE]

  --format   json (default), markdown, junit or sarif
  --bearer   an access token sent as Authorization: Bearer
  --header   an extra request header (repeatable), e.g. --header "X-API-Key: abc"
  --active   also call the server to check its error channel: an unknown tool, and arguments
             that break a read-only tool's schema, must come back as JSON-RPC error -32602
  --era      skip era discovery: "legacy" (2025-11-25 and before) or a 2026 version
  --output   write the report to FILE instead of standard output

Exit status: 0 no error findings, 1 error findings, 2 the report could not be made.`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function parseHeaders(values: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    if (colon < 1) fail(`--header "${value}": expected "Name: value".`);
    headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim();
  }
  return headers;
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'json' },
      bearer: { type: 'string' },
      header: { type: 'string', multiple: true, default: [] },
      active: { type: 'boolean', default: false },
      era: { type: 'string' },
      output: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, url] = positionals;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (command !== 'report' || !url) fail(USAGE);
  const format = REPORT_FORMATS.find((candidate) => candidate === values.format);
  if (!format) fail(`--format ${values.format}: use one of ${REPORT_FORMATS.join(', ')}.`);
  const eraHint: EraHint | undefined =
    values.era === undefined
      ? undefined
      : values.era === 'legacy'
        ? { era: 'legacy', protocolVersion: '2025-11-25' }
        : { era: 'modern', protocolVersion: values.era };

  let connection: McpConnection;
  try {
    connection = await McpConnection.connect({ url, bearerToken: values.bearer, customHeaders: parseHeaders(values.header), eraHint });
  } catch (error) {
    fail(`Could not connect to ${url}: ${describeFailure(failureOf(error))}`);
  }
  try {
    const report = await collectReport(connection, reportDeps, { active: values.active });
    const text = formatReport(report, format satisfies ReportFormat, url);
    if (values.output) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(values.output, text);
      console.error(`Report written to ${values.output}: score ${report.score}/100, ${report.findings.length} findings.`);
    } else process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    return report.findings.some((finding) => finding.severity === 'error') ? 1 : 0;
  } catch (error) {
    fail(`The report failed: ${describeFailure(failureOf(error))}`);
  } finally {
    await connection.close().catch(() => undefined);
  }
}

process.exitCode = await main(process.argv.slice(2));
