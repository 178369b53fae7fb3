// What each of toolscope mcp's tools returns (its outputSchema): Toolscope's own fields, and the
// server's data named in serverData (agentPolicy.ts withServerData).
import { z } from 'zod';
import { OUTCOMES, type OutcomeKind } from '../../src/session/outcome.ts';

/** Said beside the server's data (agentPolicy.ts DATA_NOTICE), and which fields hold it. */
const marked = { notice: z.string().optional(), serverData: z.array(z.string()).optional() };

export const ConnectOutput = z.object({
  outcome: z.enum(['connected', 'refused', 'failed']),
  message: z.string().optional(),
  server: z.object({ name: z.string(), title: z.string().optional(), version: z.string().optional() }).optional(),
  ...marked,
  protocolVersion: z.string().optional(),
  era: z.enum(['modern', 'legacy']).optional(),
  offersSkills: z.boolean().optional(),
});

export const ListToolsOutput = z.object({
  tools: z.array(
    z.object({
      name: z.string(),
      title: z.string().optional(),
      description: z.string().optional(),
      inputSchema: z.record(z.string(), z.unknown()),
      annotations: z.record(z.string(), z.unknown()),
    }),
  ),
  total: z.number(),
  nextCursor: z.string().optional(),
  message: z.string().optional(),
  injection: z.array(z.object({ tool: z.string(), message: z.string() })).optional(),
  ...marked,
});

export const CallToolOutput = z.object({
  /** The page's outcome vocabulary (src/session/outcome.ts): its kind, and the word with its detail. */
  outcome: z.enum(Object.keys(OUTCOMES) as [OutcomeKind, ...OutcomeKind[]]),
  word: z.string(),
  message: z.string().optional(),
  outputProblem: z.string().optional(),
  text: z.string().optional(),
  structuredContent: z.unknown().optional(),
  ...marked,
});

export const ReportOutput = z.object({
  score: z.number(),
  tools: z.number(),
  findings: z.array(
    z.object({
      rule: z.string(),
      severity: z.enum(['error', 'warning', 'info']),
      tool: z.string().optional(),
      /** The skill a skills finding is about (its SKILL.md URI). */
      skill: z.string().optional(),
      message: z.string(),
      fix: z.string(),
    }),
  ),
  ...marked,
});

export const TrafficOutput = z.object({
  exchanges: z.array(
    z.object({
      method: z.string(),
      status: z.number().optional(),
      durationMs: z.number().optional(),
      sent: z.array(z.string()),
      received: z.array(z.string()),
      requestBody: z.string().optional(),
      responseBody: z.string(),
    }),
  ),
  ...marked,
});
