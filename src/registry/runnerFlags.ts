// A registry package's runtime arguments go to the runner itself (npx, uvx, dnx, docker run), before
// the package. They are read here the way that runner reads them, then allowed only when Toolscope
// knows the flag to be safe — an allowlist, because runners accept more spellings than a deny list
// can name (audit 4, N2): npm expands any unambiguous prefix (`--regis=URL` is `--registry`, nopt's
// abbreviations; docs.npmjs.com/cli/using-npm/config "Shorthands and other CLI niceties"), docker
// takes short flags clustered and with attached values (`-iv/:/host`, pflag's shorthand rules;
// docs.docker.com/reference/cli/docker/container/run), uv's clap the same (`-qq`, `--flag=value`),
// dnx's System.CommandLine also `--flag:value`. A token that is no flag and no flag's value would be
// taken as the package or image to run, so it is refused too.
export interface RunnerCheck {
  /** Why the arguments are refused, or undefined. */
  refused?: string;
  /** What to flag about them (shown in red beside the line). */
  warnings: string[];
}

interface Flag {
  value: boolean;
  /** Why this value is refused (or a warning pushed); undefined when it is fine. */
  check?: (value: string, written: string, warnings: string[]) => string | undefined;
}

interface Runner {
  name: string;
  /** What a stray positional would be taken as. */
  subject: string;
  flags: Record<string, Flag>;
  short: Record<string, string>;
  /** Short flags may be clustered (`-it`) and take attached values (`-v/x`). */
  clusters: boolean;
  /** Value separators after a long flag besides "=" (System.CommandLine also takes ":"). */
  separators: RegExp;
  /** Long names a runner expands from an unambiguous prefix (npm): each is looked for as such. */
  expands: boolean;
  /** Flags that widen what the runner fetches or runs, named for a clearer refusal (and for npm's prefixes). */
  widening: string[];
}

const BOOL: Flag = { value: false };
const TEXT: Flag = { value: true };
const oneOf =
  (...allowed: string[]): Flag['check'] =>
  (value, written) =>
    allowed.includes(value) ? undefined : `the runner flag ${written} takes one of ${allowed.join(', ')}, not ${JSON.stringify(value)}`;

/** A path with `.`, `..` and repeated slashes resolved, as the kernel reads it. */
function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `${path.startsWith('/') ? '/' : ''}${parts.join('/')}`;
}

// What of the machine a container must not be given: its root, system folders, the docker socket,
// a home folder as a whole, and the folders that hold credentials.
const MACHINE = /^\/(?:$|(?:etc|root|proc|sys|dev|boot|run|var\/run|var\/lib\/docker)(?:\/|$)|home\/?(?:[^/]+\/?)?$)/;
const CREDENTIALS = /(?:^|\/)\.(?:ssh|aws|azure|gnupg|kube|docker|config\/gcloud)(?:\/|$)|docker\.sock/;

function mountCheck(kind: 'volume' | 'mount'): Flag['check'] {
  return (value, written, warnings) => {
    const source =
      kind === 'mount' ? (/(?:^|,)(?:src|source)=([^,]*)/.exec(value)?.[1] ?? '') : value.split(':').length > 1 ? value.split(':')[0]! : '';
    const path = source.startsWith('/') ? normalise(source) : source;
    if (MACHINE.test(path) || CREDENTIALS.test(path) || CREDENTIALS.test(value))
      return `the mount ${written}=${value} gives the container the machine's ${path || 'files'}`;
    if (source) warnings.push(`The container is given a folder of this machine: ${written}=${value}. Check the path before running it.`);
    return undefined;
  };
}

const network = (value: string, written: string): string | undefined =>
  /^(host|container:.*)$/.test(value)
    ? `the runner flag ${written}=${value} shares the machine's own namespace with the server`
    : undefined;

const namespace = (value: string, written: string): string | undefined =>
  network(value, written) ?? `the runner flag ${written} is not one Toolscope lets a registry entry give docker run`;

const RUNNERS: Record<string, Runner> = {
  npm: {
    name: 'npx',
    subject: 'the command to run',
    flags: {
      '--yes': BOOL,
      '--silent': BOOL,
      '--loglevel': { value: true, check: oneOf('silent', 'error', 'warn', 'notice', 'http', 'info', 'verbose', 'silly') },
    },
    short: { y: '--yes', s: '--silent' },
    clusters: false,
    separators: /=/,
    expands: true,
    widening: [
      '--package',
      '--call',
      '--registry',
      '--userconfig',
      '--globalconfig',
      '--prefix',
      '--cache',
      '--node-options',
      '--script-shell',
    ],
  },
  pypi: {
    name: 'uvx',
    subject: 'the tool to run',
    flags: { '--quiet': BOOL, '--offline': BOOL, '--no-cache': BOOL, '--isolated': BOOL },
    short: { q: '--quiet', n: '--no-cache' },
    clusters: true,
    separators: /=/,
    expands: false,
    widening: [
      '--python',
      '--from',
      '--with',
      '--with-requirements',
      '--with-editable',
      '--index',
      '--index-url',
      '--extra-index-url',
      '--default-index',
      '--find-links',
      '--config-file',
    ],
  },
  nuget: {
    name: 'dnx',
    subject: 'the package to run',
    flags: {
      '--yes': BOOL,
      '--verbosity': { value: true, check: oneOf('q', 'quiet', 'm', 'minimal', 'n', 'normal', 'd', 'detailed', 'diag', 'diagnostic') },
    },
    short: { y: '--yes', v: '--verbosity' },
    clusters: false,
    separators: /[=:]/,
    expands: false,
    widening: ['--source', '--add-source', '--configfile'],
  },
  oci: {
    name: 'docker run',
    subject: 'the image to run',
    flags: {
      '--interactive': BOOL,
      '--tty': BOOL,
      '--rm': BOOL,
      '--init': BOOL,
      '--read-only': BOOL,
      '--env': {
        value: true,
        check: (value, written) => (/^[A-Za-z_][A-Za-z0-9_]*(=|$)/.test(value) ? undefined : `${written} needs NAME or NAME=value`),
      },
      '--publish': TEXT,
      '--name': TEXT,
      '--workdir': TEXT,
      '--user': TEXT,
      '--pull': { value: true, check: oneOf('always', 'missing', 'never') },
      '--platform': TEXT,
      '--network': { value: true, check: network },
      '--net': { value: true, check: network },
      '--memory': TEXT,
      '--cpus': TEXT,
      '--shm-size': TEXT,
      '--tmpfs': TEXT,
      '--label': TEXT,
      '--hostname': TEXT,
      '--add-host': TEXT,
      '--stop-timeout': TEXT,
      '--volume': { value: true, check: mountCheck('volume') },
      '--mount': { value: true, check: mountCheck('mount') },
      // Namespaces are never the entry's to set; "host" is said as what it is.
      ...Object.fromEntries(['--pid', '--ipc', '--uts', '--userns', '--cgroupns'].map((name) => [name, { value: true, check: namespace }])),
    },
    short: {
      i: '--interactive',
      t: '--tty',
      e: '--env',
      p: '--publish',
      w: '--workdir',
      u: '--user',
      m: '--memory',
      l: '--label',
      h: '--hostname',
      v: '--volume',
    },
    clusters: true,
    separators: /=/,
    expands: false,
    widening: ['--privileged', '--cap-add', '--device', '--security-opt', '--volumes-from', '--env-file'],
  },
};

class Refused extends Error {}

/** Reads a runner's runtime arguments as it does; refuses what is not known to be safe. */
export function checkRuntimeArguments(registryType: string, argv: readonly string[]): RunnerCheck {
  const runner = RUNNERS[registryType];
  const warnings: string[] = [];
  if (!runner || !argv.length) return { warnings };
  try {
    for (let index = 0; index < argv.length; index++) {
      const next = () => {
        const value = argv[++index];
        if (value === undefined) throw new Refused(`the runner flag ${argv[index - 1]} needs a value`);
        return value;
      };
      readToken(runner, argv[index]!, next, warnings);
    }
  } catch (error) {
    if (error instanceof Refused) return { refused: error.message, warnings: [] };
    throw error;
  }
  return { warnings };
}

function readToken(runner: Runner, token: string, next: () => string, warnings: string[]): void {
  if (!token.startsWith('-') || token === '-' || token === '--')
    throw new Refused(`the runtime argument ${JSON.stringify(token)} is no flag: ${runner.name} would take it as ${runner.subject}`);
  if (token.startsWith('--')) {
    const at = token.slice(2).search(runner.separators);
    const name = at < 0 ? token : token.slice(0, at + 2);
    const attached = at < 0 ? undefined : token.slice(at + 3);
    takeFlag(runner, name, attached, next, warnings);
    return;
  }
  // One dash: a shorthand, or (docker, uv) a cluster of them whose last may carry its value.
  const letters = [...token.slice(1)];
  for (let position = 0; position < letters.length; position++) {
    const letter = letters[position]!;
    const long = runner.short[letter];
    if (!long || (!runner.clusters && letters.length > 1 && !(position === 0 && /^[=:]/.test(letters[1] ?? ''))))
      throw new Refused(`the runner flag ${token} is not one Toolscope lets a registry entry give ${runner.name}`);
    const rest = letters.slice(position + 1).join('');
    if (runner.flags[long]!.value) {
      takeFlag(runner, long, rest ? rest.replace(/^[=:]/, '') : undefined, next, warnings, `-${letter}`);
      return;
    }
    if (rest.startsWith('=') || rest.startsWith(':')) {
      takeFlag(runner, long, rest.slice(1), next, warnings, `-${letter}`);
      return;
    }
  }
}

function takeFlag(runner: Runner, name: string, attached: string | undefined, next: () => string, warnings: string[], written = name) {
  const widening = runner.widening.find((flag) => flag === name || (runner.expands && name.length > 3 && flag.startsWith(name)));
  if (widening)
    throw new Refused(
      `the runner flag ${written}${widening !== name ? ` (${runner.name} reads it as ${widening})` : ''} would change what the runner fetches or what the server may reach`,
    );
  const flag = runner.flags[name];
  if (!flag)
    throw new Refused(
      `the runner flag ${written} is not one Toolscope lets a registry entry give ${runner.name} (allowed: ${Object.keys(runner.flags).join(', ')})`,
    );
  if (!flag.value) {
    if (attached !== undefined && !/^(true|false)$/.test(attached)) throw new Refused(`the runner flag ${written} takes no value`);
    return;
  }
  const value = attached ?? next();
  const refusal = flag.check?.(value, written, warnings);
  if (refusal) throw new Refused(refusal);
}
