// What the major hosts do with a server's sign-in challenge, from what each publishes — so a
// server author sees "ChatGPT shows a sign-in; Claude Code fails the call" before shipping. Where a
// host documents nothing for a case, that is said, never guessed. Sources are in the README.
import type { OAuthChallenge } from '../mcp/errors.ts';

export type ChallengeKind = 'http-401' | 'http-403-scope' | 'meta';

export interface HostReaction {
  host: string;
  /** What it does, in a sentence. */
  does: string;
  /** Whether the host documents this case (false: what follows from what it documents, or unknown). */
  documented: boolean;
  source: string;
}

const CHATGPT_AUTH = 'https://developers.openai.com/apps-sdk/build/auth';
const CLAUDE_AUTH = 'https://claude.com/docs/connectors/building/authentication';
const CLAUDE_CODE_MCP = 'https://code.claude.com/docs/en/mcp';
const VSCODE_MCP = 'https://code.visualstudio.com/docs/copilot/customization/mcp-servers';

export function challengeKind(challenge: OAuthChallenge): ChallengeKind {
  if (challenge.source === 'meta') return 'meta';
  return challenge.status === 403 && challenge.error === 'insufficient_scope' ? 'http-403-scope' : 'http-401';
}

const REACTIONS: Record<ChallengeKind, HostReaction[]> = {
  meta: [
    {
      host: 'ChatGPT',
      does: 'Reads _meta["mcp/www_authenticate"] on the tool result and shows its sign-in (account linking); the person then retries.',
      documented: true,
      source: CHATGPT_AUTH,
    },
    {
      host: 'Claude (claude.ai, Desktop)',
      does: 'Documents no such _meta: the model reads the result’s text (isError) and the turn goes on without a sign-in.',
      documented: false,
      source: CLAUDE_AUTH,
    },
    {
      host: 'Claude Code',
      does: 'Documents no such _meta: the model reads the result’s text; signing in is the person’s /mcp command.',
      documented: false,
      source: CLAUDE_CODE_MCP,
    },
    {
      host: 'VS Code',
      does: 'Documents no such _meta: the model reads the result’s text.',
      documented: false,
      source: VSCODE_MCP,
    },
  ],
  'http-401': [
    {
      host: 'ChatGPT',
      does: 'Documents sign-in when the app is connected, and per-tool sign-in through _meta["mcp/www_authenticate"]; a 401 on one call is not documented.',
      documented: false,
      source: CHATGPT_AUTH,
    },
    {
      host: 'Claude (claude.ai, Desktop)',
      does: 'Signs in when the connector is connected (OAuth, DCR or CIMD); a 401 on a call after an anonymous connect is not documented.',
      documented: false,
      source: CLAUDE_AUTH,
    },
    {
      host: 'Claude Code',
      does: 'A server that needs OAuth is signed in with /mcp; a call refused with 401 fails, and the person runs /mcp.',
      documented: true,
      source: CLAUDE_CODE_MCP,
    },
    {
      host: 'VS Code',
      does: 'Follows the MCP authorization spec: a 401 challenge prompts the person to sign in to the server.',
      documented: true,
      source: VSCODE_MCP,
    },
  ],
  'http-403-scope': [
    {
      host: 'ChatGPT',
      does: 'Step-up for more scope is not documented; a wider scope is asked through _meta["mcp/www_authenticate"] with error="insufficient_scope".',
      documented: false,
      source: CHATGPT_AUTH,
    },
    {
      host: 'Claude (claude.ai, Desktop)',
      does: 'Step-up (403 insufficient_scope) is not documented: the scopes granted at connect are what the connector has.',
      documented: false,
      source: CLAUDE_AUTH,
    },
    {
      host: 'Claude Code',
      does: 'Step-up is not documented: the call fails; signing in again (/mcp) asks for the scopes again.',
      documented: false,
      source: CLAUDE_CODE_MCP,
    },
    {
      host: 'VS Code',
      does: 'Follows the MCP authorization spec, which asks clients to sign in again with the wider scope; not documented separately.',
      documented: false,
      source: VSCODE_MCP,
    },
  ],
};

export const hostReactions = (challenge: OAuthChallenge): readonly HostReaction[] => REACTIONS[challengeKind(challenge)];
