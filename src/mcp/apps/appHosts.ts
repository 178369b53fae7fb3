// MCP Apps host profiles: how a host frames an app and which Content-Security-Policy it builds
// from what the resource declares. Two, each from a published source:
// - reference: what the Apps SDK's own reference host (ext-apps examples/basic-host) does — the
//   inner frame on the sandbox's origin (allow-same-origin), eval, blob:/data: scripts, blob: workers.
// - strict: the spec's minimum (SEP-1865, 2026-01-26, "Host Behavior" and "Sandbox proxy") — no
//   eval, no blob:/data: scripts or workers, an opaque origin for the app.
// Neither ever puts an app on Toolscope's own origin: the frame is always the sandbox's.
import type { AppCsp } from './mcpApps.ts';

export type HostProfileId = 'reference' | 'strict';

export interface HostProfile {
  id: HostProfileId;
  label: string;
  /** The inner frame's sandbox attribute (the app's document). */
  frameSandbox: string;
  /** One line: what this profile allows that the other does not. */
  summary: string;
  source: string;
}

export const SPEC_SOURCE = 'https://github.com/modelcontextprotocol/ext-apps/blob/main/specification/2026-01-26/apps.mdx';
export const REFERENCE_SOURCE = 'https://github.com/modelcontextprotocol/ext-apps/blob/main/examples/basic-host/src/csp.ts';

export const HOST_PROFILES: Record<HostProfileId, HostProfile> = {
  reference: {
    id: 'reference',
    label: 'Reference host (ext-apps basic-host)',
    frameSandbox: 'allow-scripts allow-same-origin allow-forms',
    summary:
      'eval, blob:/data: scripts and blob: workers allowed; the app runs on its server’s own sandbox origin, with its relay (never Toolscope’s, never another server’s)',
    source: REFERENCE_SOURCE,
  },
  strict: {
    id: 'strict',
    label: 'Strict (the spec’s minimum)',
    frameSandbox: 'allow-scripts allow-forms',
    summary: 'no eval, no blob:/data: scripts or workers; the app’s origin is opaque',
    source: SPEC_SOURCE,
  },
};

export const isHostProfile = (value: unknown): value is HostProfileId => value === 'reference' || value === 'strict';

// A declared source: an http(s) origin (a `*.` wildcard subdomain allowed), optionally a port.
// Nothing else — no quotes, no spaces, no `;`, no keywords — so a declaration can only add
// origins to a directive, never a directive or a keyword like 'unsafe-eval'.
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?\/?$/i;

export interface BuiltCsp {
  policy: string;
  /** Declared entries that are not origins, left out (with the field they came from). */
  rejected: { field: keyof AppCsp; value: string }[];
}

/**
 * The app frame's Content-Security-Policy under a profile, built by the host from what the
 * resource declares. Nothing declared: no network, no nested frames, no plugins.
 */
export function buildAppCsp(csp: AppCsp | undefined, profile: HostProfileId = 'reference'): BuiltCsp {
  const rejected: BuiltCsp['rejected'] = [];
  const take = (field: keyof AppCsp): string[] =>
    (csp?.[field] ?? []).flatMap((value) => {
      const clean = value.trim().replace(/\/$/, '');
      if (SOURCE.test(clean)) return [clean];
      rejected.push({ field, value: value.slice(0, 200) });
      return [];
    });
  const resources = take('resourceDomains');
  const connect = take('connectDomains');
  const frames = take('frameDomains');
  const base = take('baseUriDomains');
  const withSources = (...own: string[]) => [...own, ...resources].join(' ');
  const frameSrc = `frame-src ${frames.length ? frames.join(' ') : "'none'"}`;
  if (profile === 'reference')
    // basic-host's buildCspHeader, directive for directive (its default-src, eval, blob:/data:, workers).
    return {
      policy: [
        "default-src 'self' 'unsafe-inline'",
        `script-src ${withSources("'self'", "'unsafe-inline'", "'unsafe-eval'", "'wasm-unsafe-eval'", 'blob:', 'data:', "'report-sample'")}`,
        `style-src ${withSources("'self'", "'unsafe-inline'", 'blob:', 'data:')}`,
        `img-src ${withSources("'self'", 'data:', 'blob:')}`,
        `font-src ${withSources("'self'", 'data:', 'blob:')}`,
        `media-src ${withSources("'self'", 'data:', 'blob:')}`,
        `connect-src ${["'self'", ...connect].join(' ')}`,
        `worker-src ${withSources("'self'", 'blob:')}`,
        frameSrc,
        "object-src 'none'",
        `base-uri ${base.length ? base.join(' ') : "'none'"}`,
      ].join('; '),
      rejected,
    };
  return {
    policy: [
      "default-src 'none'",
      `script-src ${withSources("'self'", "'unsafe-inline'", "'report-sample'")}`,
      `style-src ${withSources("'self'", "'unsafe-inline'")}`,
      `img-src ${withSources("'self'", 'data:', 'blob:')}`,
      `font-src ${withSources("'self'", 'data:')}`,
      `media-src ${withSources("'self'", 'data:', 'blob:')}`,
      `connect-src ${connect.length ? connect.join(' ') : "'none'"}`,
      `worker-src ${withSources("'self'")}`,
      frameSrc,
      "object-src 'none'",
      `base-uri ${["'self'", ...base].join(' ')}`,
    ].join('; '),
    rejected,
  };
}

/**
 * What the strict profile forbids that the reference one allows, as a report-only policy on the
 * sandbox page: an app running under the reference profile inherits it, so each load or eval a
 * stricter host would block is reported (disposition "report") while nothing is blocked.
 */
export const STRICT_REPORT_ONLY = "script-src 'self' 'unsafe-inline' https: http: 'report-sample'; worker-src 'self' https: http:";

/**
 * An eval that only probes, or runs only because the probe passed: `new Function("")` with an
 * empty body, as zod's allowsEval does, and zod's fast path compiled after it (a function of
 * `shape, payload, ctx`) — where eval is blocked the probe fails and zod parses without it
 * (zod v4 core, schemas.ts: `fastEnabled = jit && allowsEval.value`). The violation's sample (CSP
 * 'report-sample') is the function's source; a body of any other code is a real use.
 */
export const isEvalProbe = (blocked: string, sample: string) =>
  blocked === 'eval' &&
  (/^\(?function anonymous\(\s*\)\s*\{\s*\}\)?$/.test(sample.trim()) ||
    /^\(?function anonymous\(shape,\s*payload,\s*ctx\s*\)/.test(sample.trim()));

/** A load, an eval or an API the app used, and how each profile treats it. */
export interface ProfileFinding {
  /** The directive (script-src, worker-src) or "origin" for a same-origin API. */
  directive: string;
  what: string;
  /** Which profile blocks it, and what the other does. */
  text: string;
  /** The code or the error that shows it (the violation's sample, the app's error message). */
  evidence?: string;
}

/** Why a stricter host would block this, for a load the strict policy reports or blocks. */
export function strictFinding(directive: string, blocked: string, running: HostProfileId, sample = ''): ProfileFinding | undefined {
  if (isEvalProbe(blocked, sample)) return undefined;
  const name = directive.replace(/-(elem|attr)$/, '');
  const kind = /^(wasm-)?eval$/.test(blocked)
    ? `${blocked} (the app runs code from strings)`
    : /^(blob|data)(:|$)/.test(blocked)
      ? `a ${blocked.replace(/:.*$/, '')}: ${name === 'worker-src' ? 'worker' : 'script'}`
      : undefined;
  if (!kind || (name !== 'script-src' && name !== 'worker-src')) return undefined;
  const text =
    running === 'reference'
      ? `${kind}: allowed here, as the reference host allows it; a host that keeps to the spec’s minimum CSP blocks it (${name}), and the app would break there.`
      : `${kind}: blocked by the strict profile (${name}); the reference host allows it.`;
  const code = /^(wasm-)?eval$/.test(blocked) && sample.trim() ? sample.replace(/\s+/g, ' ').trim().slice(0, 60) : '';
  return { directive: name, what: code ? `${blocked} — ${code}` : blocked, text, ...(code ? { evidence: code } : {}) };
}

/** Why an app error under the strict profile is the opaque origin, when it is. */
export function originFinding(message: string): ProfileFinding | undefined {
  if (!/SecurityError|cross-origin|Blocked a frame|sandboxed|opaque|'document' property|localStorage|cookie/i.test(message))
    return undefined;
  return {
    directive: 'origin',
    what: message.slice(0, 200),
    evidence: message.slice(0, 200),
    text: 'The app touched a same-origin API (window.parent, storage or cookies): the strict profile gives it an opaque origin (no allow-same-origin), the reference host the sandbox’s origin.',
  };
}

/**
 * Why the browser refused an app its storage, when it did: the app runs on its server's own site
 * (<id>.localhost), not the page's, and a browser that blocks storage in a frame from another
 * site (third-party storage: a Chromium setting, private windows) refuses localStorage, cookies
 * and IndexedDB there. A host that frames apps on a domain of its own meets the same refusal.
 */
export function storageRefusal(message: string): string | undefined {
  if (!/SecurityError/.test(message) || !/localStorage|sessionStorage|indexedDB|cookie/i.test(message)) return undefined;
  return 'This browser refused the app its storage: the app runs on a site of its own (its server’s sandbox origin), and the browser blocks storage for a frame from another site (third-party storage). A host that frames apps on a domain of its own meets the same refusal: read storage inside try/catch and work without it.';
}
