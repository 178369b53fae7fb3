// Sign-in as hosts can act on it (lazy auth), judged from the calls made: a tool that answers
// "please log in" as a result where a challenge would let a host sign in, and challenges that leave
// out what a client needs to sign in (RFC 9728's resource_metadata, the scope; for ChatGPT's
// _meta form, error and error_description — developers.openai.com/apps-sdk/build/auth).
import { metaChallenge } from '../mcp/auth/authChallenge.ts';
import type { OAuthChallenge } from '../mcp/errors.ts';
import type { CallRecord } from './callRules.ts';
import type { Finding } from './findings.ts';
import { challengeKind, hostReactions, type ChallengeKind } from './hostReactions.ts';

// What a result says when it means "sign in first".
const LOG_IN =
  /\b(?:log ?in|sign ?in|unauthori[sz]ed|not authori[sz]ed|unauthenticated|authenticat(?:e|ion) (?:required|needed|first)|(?:missing|invalid|expired) (?:api[ _-]?key|token|credentials?|access token)|requires? (?:an? )?(?:account|api[ _-]?key|token|login))\b/i;

const textOf = (record: CallRecord) =>
  (record.result?.content ?? [])
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join(' ')
    .slice(0, 2000);

function challengeGaps(challenge: OAuthChallenge, where: string, tool: string): Finding[] {
  const findings: Finding[] = [];
  const missing = [challenge.resourceMetadataUrl ? '' : 'resource_metadata', challenge.scope ? '' : 'scope'].filter(Boolean);
  if (missing.length)
    findings.push({
      rule: 'auth-challenge-incomplete',
      severity: 'warning',
      tool,
      message: `${where} names no ${missing.join(' and no ')}: a client must guess where to sign in${missing.includes('scope') ? ' and what to ask for' : ''}.`,
      fix: 'Challenge with Bearer resource_metadata="https://…/.well-known/oauth-protected-resource…", scope="the scopes this tool needs".',
    });
  if (challenge.source === 'meta' && (!challenge.error || !challenge.errorDescription))
    findings.push({
      rule: 'auth-meta-challenge-fields',
      severity: 'warning',
      tool,
      message: `The result's _meta["mcp/www_authenticate"] challenge has no ${[challenge.error ? '' : 'error', challenge.errorDescription ? '' : 'error_description'].filter(Boolean).join(' and no ')}: ChatGPT's sign-in reads them to say why.`,
      fix: 'Add error="insufficient_scope" and error_description="what the person signs in for" to the challenge.',
    });
  return findings;
}

const KIND_WORDS: Record<ChallengeKind, string> = {
  'http-401': 'an HTTP 401 challenge',
  'http-403-scope': 'an HTTP 403 insufficient_scope challenge',
  meta: 'a _meta["mcp/www_authenticate"] challenge',
};

/** For each kind of challenge the calls met, what the major hosts do with it (hostReactions.ts). */
function reactionFindings(calls: readonly CallRecord[]): Finding[] {
  const byKind = new Map<ChallengeKind, { challenge: OAuthChallenge; tools: Set<string> }>();
  for (const record of calls) {
    const challenge =
      record.failure?.kind === 'auth' && record.failure.challenge && (record.failure.challenge.bearer || record.failure.challenge.error)
        ? record.failure.challenge
        : record.result
          ? metaChallenge(record.result.raw)
          : undefined;
    if (!challenge) continue;
    const kind = challengeKind(challenge);
    const entry = byKind.get(kind) ?? { challenge, tools: new Set<string>() };
    entry.tools.add(record.tool);
    byKind.set(kind, entry);
  }
  return [...byKind].map(([kind, { challenge, tools }]) => ({
    rule: 'auth-host-reactions',
    severity: 'info',
    message: `${[...tools].slice(0, 5).join(', ')} answered with ${KIND_WORDS[kind]}. How hosts react: ${hostReactions(challenge)
      .map((reaction) => `${reaction.host}: ${reaction.does}${reaction.documented ? '' : ' (not documented as such)'}`)
      .join(' ')}`,
    fix: 'If a host you target cannot sign in from this challenge, offer the other form as well (a 401 challenge and the _meta one), or sign in at connect.',
  }));
}

export function authFindings(calls: readonly CallRecord[]): Finding[] {
  return [...challengeFindings(calls), ...reactionFindings(calls)];
}

function challengeFindings(calls: readonly CallRecord[]): Finding[] {
  const seen = new Set<string>();
  const once = (finding: Finding) => {
    const key = `${finding.rule}:${finding.tool ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  return calls
    .flatMap((record): Finding[] => {
      const { failure, result } = record;
      if (failure?.kind === 'auth' && failure.challenge && (failure.challenge.bearer || failure.challenge.error))
        return challengeGaps(failure.challenge, `The HTTP ${failure.status} challenge`, record.tool);
      if (!result) return [];
      const asked = metaChallenge(result.raw);
      if (asked) return challengeGaps(asked, 'The _meta challenge', record.tool);
      const text = textOf(record);
      if (result.isError && LOG_IN.test(text))
        return [
          {
            rule: 'auth-error-as-result',
            severity: 'warning',
            tool: record.tool,
            message: `The tool answered a result (isError) saying ${JSON.stringify(text.slice(0, 100))}: no host can sign in from that — the model only reads it.`,
            fix: 'Answer HTTP 401 with a WWW-Authenticate Bearer challenge (resource_metadata, scope), or put that challenge in the result’s _meta["mcp/www_authenticate"] (ChatGPT’s form).',
          },
        ];
      return [];
    })
    .filter(once);
}
