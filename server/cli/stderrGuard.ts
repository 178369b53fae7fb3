// Every line this process writes through console.warn or console.error — Toolscope's own and any
// dependency's (the SDK's OAuth warning quotes what an issuer answered, the client secret
// included: audit 4, N6) — passes the one redaction rule with every secret the run knows, and
// `printable`, so no terminal control from a server reaches the terminal.
import { format } from 'node:util';
import { printable } from '../../src/lib/printable.ts';
import { redactText } from '../../src/lib/redactUrl.ts';
import { otlpHeaderSecrets } from '../telemetry/otlpPush.ts';

const known = new Set<string>();

/** Secrets from here on hidden on stderr, whoever prints them. */
export function knowSecrets(...values: readonly (string | undefined)[]): void {
  for (const value of values) if (typeof value === 'string' && value) known.add(value);
}

/** The credentials a run takes from its environment (each header value of $TOOLSCOPE_HEADERS and $OTEL_EXPORTER_OTLP_*HEADERS too). */
export function knowEnvironmentSecrets(env: NodeJS.ProcessEnv): void {
  knowSecrets(env.TOOLSCOPE_BEARER, env.TOOLSCOPE_CLIENT_SECRET, env.TOOLSCOPE_MODEL_KEY, ...otlpHeaderSecrets(env));
  for (const line of (env.TOOLSCOPE_HEADERS ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) knowSecrets(line.slice(colon + 1).trim());
  }
}

let guarded = false;

/** Routes console.warn and console.error through the redactor, once per process. */
export function guardConsole(): void {
  if (guarded) return;
  guarded = true;
  for (const method of ['warn', 'error'] as const) {
    const original = console[method].bind(console);
    console[method] = (...parts: unknown[]) => original(printable(redactText(format(...parts), [...known])));
  }
}
