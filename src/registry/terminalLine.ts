// A registry package becomes a line the person copies, never a run. The line is built as an argv
// (no shell anywhere) and shown quoted for a POSIX shell: every value that is not plainly safe is
// single-quoted, so spaces, quotes, backslashes, `#`, `!`, `;` and `|` pass literally. A value a shell
// or a terminal would still act on — `$(…)`, backticks, a newline or another control character — is
// refused and said (a person may paste into a shell that quotes differently). A backslash is
// refused too: POSIX shells keep it literal inside single quotes, but fish reads `\'` there as an
// escaped quote, so a value ending in `\` lets the next value's text run as a command in fish.
// Bidi and zero-width characters are refused: the line would not read as it runs. Environment
// names and runner flags that reconfigure the runner itself (where it fetches from, what it loads,
// what of the machine a container sees) are refused with the reason; a host mount is flagged.
// Lines are proven by bash, dash, fish and zsh reading them back (terminalLine.test.ts). A value the person
// must supply is a quoted placeholder (`'<API_KEY>'`): the line pasted unedited passes it literally
// and runs nothing else. The registry's own warning on arguments (server.schema.json, Argument)
// asks clients for exactly this: no shell, and the person's consent before a run.
import { checkRuntimeArguments } from './runnerFlags.ts';
import type { Argument, Input, KeyValueInput, Package } from './serverJson.ts';

export interface TerminalLine {
  /** The argv the line runs (placeholders included), when there is one. */
  argv?: string[];
  /** The argv quoted for a POSIX shell. */
  line?: string;
  /** The line as shown: every character outside printable ASCII as ⟨U+XXXX⟩ (the copy keeps them). */
  revealed?: string;
  /** Values the person must supply before running it. */
  placeholders: string[];
  /** What the person should know: optional inputs left out, a runner assumed, a digest to check. */
  notes: string[];
  /** What the line does that a person must look at before running it (shown in red). */
  warnings: string[];
  /** Why there is no line. */
  refused?: string;
}

// Left bare only when every shell reads it as itself: no `%` (fish's `%self`), no leading `=`
// (zsh expands `=cmd` to a path), no `~`, braces or globs.
const SAFE = /^[A-Za-z0-9_@+:,./-][A-Za-z0-9_@+=:,./-]*$/;
/** One argument, quoted for a POSIX shell (`'` inside becomes `'\''`; values never hold `\`). */
export const shellQuote = (value: string): string => (SAFE.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

// What a shell or a terminal acts on even inside quotes, or what a person's paste would mangle.
const DANGEROUS: [RegExp, string][] = [
  [/\$\(/, 'a command substitution "$("'],
  [/`/, 'a backtick'],
  [/\\/, "a backslash (fish reads \\' inside single quotes as a quote, so the quoting would slip)"],
  [/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/, 'a bidi control character (the line would not read as it runs)'],
  [/[\u00ad\u180e\u200b-\u200d\u2060-\u2064\ufeff]/, 'a zero-width character (the line would not read as it runs)'],
  [/[\n\r]/, 'a line break'],
  // eslint-disable-next-line no-control-regex
  [/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u0080-\u009f]/, 'a control character'],
];
const dangerIn = (value: string) => DANGEROUS.find(([pattern]) => pattern.test(value))?.[1];

// Variables that reconfigure the runner or the loader rather than the server: where npx, pip or uv
// fetch from, what Node or the dynamic linker loads first, which docker daemon runs the container,
// where commands are found. A registry entry has no business setting them (Node: nodejs.org/api/cli.html
// "Environment variables"; npm: docs.npmjs.com/cli/using-npm/config "Environment Variables";
// uv: docs.astral.sh/uv/reference/environment; docker: docs.docker.com/reference/cli/docker "Environment variables").
const RUNNER_ENV =
  /^(PATH|NODE_OPTIONS|NODE_PATH|NODE_EXTRA_CA_CERTS|NODE_TLS_REJECT_UNAUTHORIZED|npm_config_\w*|NPM_CONFIG_\w*|NPX_\w*|COREPACK_\w*|DOCKER_\w*|LD_\w*|DYLD_\w*|PYTHON(PATH|HOME|STARTUP|USERBASE|EXECUTABLE|INSPECT|BREAKPOINT)|PIP_\w*|UV_\w*|UVX_\w*|VIRTUAL_ENV|CONDA_\w*|DOTNET_(STARTUP_HOOKS|ROOT|ADDITIONAL_DEPS|SHARED_STORE)|NUGET_\w*|BASH_ENV|ENV|ZDOTDIR|SHELL|HOME|GIT_\w*|SSL_CERT_\w*|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE|HTTPS?_PROXY|https?_proxy|ALL_PROXY|NO_PROXY|no_proxy)$/i;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NPM_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const PLAIN = /^[A-Za-z0-9@][A-Za-z0-9@._/:+~-]*$/;

class Refusal extends Error {}

/** Every character outside printable ASCII made visible (a look-alike space or letter reads as itself otherwise). */
export const revealLine = (line: string): string =>
  line.replace(/[^\x20-\x7e]/gu, (char) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`);

/** `{name}` in a value, filled from its variables (their value, else default), else a placeholder. */
function fill(template: string, variables: Record<string, Input> | undefined, placeholders: string[]): string {
  return template.replace(/\{([A-Za-z_]\w*)\}/g, (whole, name: string) => {
    const variable = variables?.[name];
    if (!variable) return whole; // as the schema says: an unknown {name} stays as written
    const known = variable.value ?? variable.default;
    if (known !== undefined) return fill(known, undefined, placeholders);
    placeholders.push(name);
    return `<${name}>`;
  });
}

/** The value an input gives: its fixed value, else its default, else a placeholder (or nothing when optional). */
function valueOf(input: Input, label: string, placeholders: string[], notes: string[]): string | undefined {
  const known = input.value ?? (input.isSecret ? undefined : input.default);
  if (known !== undefined) return fill(known, input.variables, placeholders);
  if (!input.isRequired) {
    notes.push(`Optional, left out: ${label}${input.description ? ` — ${input.description}` : ''}`);
    return undefined;
  }
  placeholders.push(label);
  return `<${label}>`;
}

function argumentsOf(list: Argument[] | undefined, placeholders: string[], notes: string[]): string[] {
  const argv: string[] = [];
  for (const argument of list ?? []) {
    if (argument.type === 'named') {
      if (argument.name.startsWith('-') === false || /\s|=/.test(argument.name))
        throw new Refusal(`the named argument ${JSON.stringify(argument.name)} is not a --flag`);
      // A flag with nothing to give is a switch; one the person must fill is a placeholder.
      const hasValue =
        argument.value !== undefined ||
        argument.default !== undefined ||
        argument.isRequired ||
        argument.variables ||
        argument.choices?.length;
      if (!hasValue) {
        argv.push(argument.name);
        continue;
      }
      const value = valueOf(argument, argument.name.replace(/^-+/, ''), placeholders, notes);
      if (value !== undefined) argv.push(`${argument.name}=${value}`);
    } else {
      const label = argument.valueHint ?? 'value';
      // A positional argument cannot be skipped without moving the next ones: it is a placeholder.
      const value = valueOf({ ...argument, isRequired: true }, label, placeholders, notes);
      if (value !== undefined) argv.push(value);
    }
  }
  return argv;
}

function environment(list: KeyValueInput[] | undefined, placeholders: string[], notes: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (const variable of list ?? []) {
    if (!ENV_NAME.test(variable.name)) throw new Refusal(`${JSON.stringify(variable.name)} is not an environment variable name`);
    if (RUNNER_ENV.test(variable.name))
      throw new Refusal(`the entry sets ${variable.name}, which reconfigures the runner or the loader rather than the server`);
    const value = valueOf(variable, variable.name, placeholders, notes);
    if (value !== undefined) pairs.push([variable.name, value]);
  }
  return pairs;
}

function versioned(pkg: Package, separator: string): string {
  if (!PLAIN.test(pkg.identifier) || pkg.identifier.startsWith('-'))
    throw new Refusal(`the identifier ${JSON.stringify(pkg.identifier)} is not a plain package name`);
  if (pkg.version !== undefined && (!PLAIN.test(pkg.version) || pkg.version.startsWith('-')))
    throw new Refusal(`the version ${JSON.stringify(pkg.version)} is not a plain version`);
  return pkg.version ? `${pkg.identifier}${separator}${pkg.version}` : pkg.identifier;
}

/** The runner's argv for a package, by its registry type (and the runtime it hints). */
function runner(pkg: Package, env: [string, string][], placeholders: string[], notes: string[], warnings: string[]): string[] {
  const runtimeArgs = argumentsOf(pkg.runtimeArguments, placeholders, notes);
  // Runtime arguments go to the runner (npx, uvx, dnx, docker run) itself: read as it reads them (./runnerFlags.ts).
  const checked = checkRuntimeArguments(pkg.registryType, runtimeArgs);
  if (checked.refused) throw new Refusal(checked.refused);
  warnings.push(...checked.warnings);
  const packageArgs = argumentsOf(pkg.packageArguments, placeholders, notes);
  const hint = pkg.runtimeHint;
  const assumed = (runner: string) => {
    if (hint && hint !== runner)
      notes.push(`The entry hints "${hint}"; this line uses ${runner}, the runner for ${pkg.registryType} packages.`);
  };
  if (!pkg.version && pkg.registryType !== 'oci')
    notes.push('The entry pins no version: the line runs whatever is newest when you run it.');
  switch (pkg.registryType) {
    case 'npm':
      if (!NPM_NAME.test(pkg.identifier)) throw new Refusal(`${JSON.stringify(pkg.identifier)} is not an npm package name`);
      assumed('npx');
      return ['npx', '-y', ...runtimeArgs, versioned(pkg, '@'), ...packageArgs];
    case 'pypi':
      assumed('uvx');
      return ['uvx', ...runtimeArgs, versioned(pkg, '@'), ...packageArgs];
    case 'nuget':
      assumed('dnx');
      return ['dnx', ...runtimeArgs, versioned(pkg, '@'), '--yes', ...packageArgs];
    case 'oci': {
      assumed('docker');
      const image =
        pkg.version && !/:[^/]+$|@sha256:/.test(pkg.identifier) ? versioned(pkg, ':') : versioned({ ...pkg, version: undefined }, '');
      // The container sees only what docker passes it: each variable by name (its value comes from --env).
      return ['docker', 'run', '-i', '--rm', ...runtimeArgs, ...env.flatMap(([name]) => ['-e', name]), image, ...packageArgs];
    }
    case 'mcpb':
      throw new Refusal(
        `an MCP bundle (.mcpb) is installed into a desktop host, not run from a terminal: download ${pkg.identifier}${pkg.fileSha256 ? ` and check its SHA-256 is ${pkg.fileSha256}` : ''}`,
      );
    default:
      throw new Refusal(`Toolscope does not know how to run a "${pkg.registryType}" package`);
  }
}

/** The line that opens a registry package with Toolscope: `npx toolscope --env K=… -- <runner> <package>@<version> …`. */
export function packageLine(pkg: Package): TerminalLine {
  const placeholders: string[] = [];
  const notes: string[] = [];
  const warnings: string[] = [];
  try {
    if (pkg.transport.type !== 'stdio')
      throw new Refusal(
        `this package serves ${pkg.transport.type} at ${pkg.transport.url ?? 'a URL'} once started: start it yourself, then open that URL in Toolscope`,
      );
    const env = environment(pkg.environmentVariables, placeholders, notes);
    const command = runner(pkg, env, placeholders, notes, warnings);
    const argv = ['npx', 'toolscope', ...env.flatMap(([name, value]) => ['--env', `${name}=${value}`]), '--', ...command];
    for (const value of argv) {
      const danger = dangerIn(value);
      if (danger) throw new Refusal(`a value holds ${danger}, which a shell could act on: ${JSON.stringify(value)}`);
    }
    const line = argv.map(shellQuote).join(' ');
    return { argv, line, revealed: revealLine(line), placeholders: [...new Set(placeholders)], notes, warnings };
  } catch (error) {
    if (error instanceof Refusal) return { placeholders: [], notes, warnings: [], refused: error.message };
    throw error;
  }
}
