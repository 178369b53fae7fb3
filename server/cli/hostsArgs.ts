// What `toolscope hosts` was asked (from argv alone, unit-tested in args.test.ts): the config file,
// which hosts, the format and where it goes.
import { HOST_IDS, type HostId } from '../../src/report/hosts.ts';
import { HOSTS_OPTIONS, UsageError, parseOptions, parsePositive } from './cliOptions.ts';
import { HOSTS_FORMATS, type HostsFormat } from './hostsFormats.ts';

export interface HostsPlan {
  hosts: readonly HostId[];
  format: HostsFormat;
  output?: string;
  /** A queries file ranked over every server's tools (an expect may name server/tool). */
  queriesFile?: string;
}

/** `toolscope hosts --config FILE [--host ID]… [--queries FILE] [--format json|markdown|junit|sarif] [--output FILE] [--timeout S]`, from argv alone. */
export function parseHosts(args: string[]): { kind: 'help' } | { kind: 'hosts'; file: string; timeoutMs: number; plan: HostsPlan } {
  const { values, positionals } = parseOptions(args, HOSTS_OPTIONS);
  if (values.help) return { kind: 'help' };
  if (positionals.length)
    throw new UsageError(`unexpected argument "${positionals[0] ?? ''}": hosts reads its servers from --config FILE.`);
  if (!values.config) throw new UsageError('hosts needs --config FILE (an mcpServers file: every entry is opened).');
  const timeoutMs = parsePositive('timeout', values.timeout, 30, 3600) * 1000;
  return { kind: 'hosts', file: values.config, timeoutMs, plan: hostsPlan(values) };
}

function hostsPlan(values: { host?: string[]; format?: string; output?: string; queries?: string }): HostsPlan {
  const hosts = (values.host ?? []).map((name) => {
    const id = HOST_IDS.find((candidate) => candidate === name);
    if (!id) throw new UsageError(`--host ${name}: use one of ${HOST_IDS.join(', ')}.`);
    return id;
  });
  const format = Object.keys(HOSTS_FORMATS).find((candidate): candidate is HostsFormat => candidate === (values.format ?? 'json'));
  if (!format) throw new UsageError(`--format ${values.format ?? ''}: use ${Object.keys(HOSTS_FORMATS).join(', ')}.`);
  return {
    hosts: hosts.length ? hosts : HOST_IDS,
    format,
    ...(values.output ? { output: values.output } : {}),
    ...(values.queries ? { queriesFile: values.queries } : {}),
  };
}
