// A registry package becomes a line the person copies, never a run. The line is built as an argv
// (no shell anywhere) and shown quoted for a POSIX shell: every value that is not plainly safe is
// single-quoted, so spaces, quotes, backslashes, `#`, `!`, `;` and `|` pass literally. A value a shell
// or a terminal would still act on — `$(…)`, backticks, a newline or another control character — is
// refused and said (a person may paste into a shell that quotes differently). A value the person
// must supply is a quoted placeholder (`'<API_KEY>'`): the line pasted unedited passes it literally
// and runs nothing else. The registry's own warning on arguments (server.schema.json, Argument)
// asks clients for exactly this: no shell, and the person's consent before a run.
import type { Argument, Input, KeyValueInput, Package } from './serverJson.ts';

export interface TerminalLine {
  /** The argv the line runs (placeholders included), when there is one. */
  argv?: string[];
  /** The argv quoted for a POSIX shell. */
  line?: string;
  /** Values the person must supply before running it. */
  placeholders: string[];
  /** What the person should know: optional inputs left out, a runner assumed, a digest to check. */
  notes: string[];
  /** Why there is no line. */
  refused?: string;
}

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;
/** One argument, quoted for a POSIX shell (`'` inside becomes `'\''`). */
export const shellQuote = (value: string): string => (SAFE.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

// What a shell or a terminal acts on even inside quotes, or what a person's paste would mangle.
const DANGEROUS: [RegExp, string][] = [
  [/\$\(/, 'a command substitution "$("'],
  [/`/, 'a backtick'],
  [/[\n\r]/, 'a line break'],
  // eslint-disable-next-line no-control-regex
  [/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u0080-\u009f]/, 'a control character'],
];
const dangerIn = (value: string) => DANGEROUS.find(([pattern]) => pattern.test(value))?.[1];

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NPM_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const PLAIN = /^[A-Za-z0-9@][A-Za-z0-9@._/:+~-]*$/;

class Refusal extends Error {}

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
function runner(pkg: Package, env: [string, string][], placeholders: string[], notes: string[]): string[] {
  const runtimeArgs = argumentsOf(pkg.runtimeArguments, placeholders, notes);
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
  try {
    if (pkg.transport.type !== 'stdio')
      throw new Refusal(
        `this package serves ${pkg.transport.type} at ${pkg.transport.url ?? 'a URL'} once started: start it yourself, then open that URL in Toolscope`,
      );
    const env = environment(pkg.environmentVariables, placeholders, notes);
    const command = runner(pkg, env, placeholders, notes);
    const argv = ['npx', 'toolscope', ...env.flatMap(([name, value]) => ['--env', `${name}=${value}`]), '--', ...command];
    for (const value of argv) {
      const danger = dangerIn(value);
      if (danger) throw new Refusal(`a value holds ${danger}, which a shell could act on: ${JSON.stringify(value)}`);
    }
    return { argv, line: argv.map(shellQuote).join(' '), placeholders: [...new Set(placeholders)], notes };
  } catch (error) {
    if (error instanceof Refusal) return { placeholders: [], notes, refused: error.message };
    throw error;
  }
}
