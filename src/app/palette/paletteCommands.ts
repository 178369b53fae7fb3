// The palette's commands for a connected server: its tools, "Run the last call again", the views
// and the annotation filters. Pure: built from what is listed and what the person can do.
import { displayName, type HintFilter } from '../../mcp/toolHints.ts';
import { revealInvisible } from '../../lib/text.ts';
import type { McpTool } from '../../mcp/tools.ts';
import type { Command } from './commands.ts';

export interface PaletteActions {
  openTool: (name: string) => void;
  runLast: (tool: string, args: Record<string, unknown>) => void;
  filter: (filter: HintFilter) => void;
  report: (tab: 'findings' | 'model') => void;
  appResources: () => void;
  toggleDock: (tab: 'history' | 'saved') => void;
  /** Copies the newest call as a curl command (without the connection's secrets). */
  copyLastAsCurl: () => void;
  /** Cancels the calls still running. */
  cancelRunning: () => void;
  /** Opens the server's skills. */
  skills: () => void;
  /** Opens the tool-search simulator. */
  find: () => void;
  /** Opens "Hosts": the connected servers' tools as each host names them. */
  hosts: () => void;
  /** Opens "Model": ask your own model which tool it picks. */
  model: () => void;
}

export interface PaletteInput {
  tools: readonly McpTool[];
  /** The newest call of any tool, if one was made. */
  last?: { tool: string; args: Record<string, unknown> };
  filters: readonly { value: HintFilter; label: string }[];
  /** How many calls are running now. */
  running?: number;
  /** The server offers skills (the Skills extension). */
  skills?: boolean;
}

export function serverCommands({ tools, last, filters, running = 0, skills = false }: PaletteInput, actions: PaletteActions): Command[] {
  const again: Command[] = last
    ? [
        {
          id: 'run-last',
          group: 'Actions',
          label: 'Run the last call again',
          detail: `${revealInvisible(last.tool)} ${JSON.stringify(last.args).slice(0, 120)}`,
          run: () => actions.runLast(last.tool, last.args),
        },
        {
          id: 'copy-last-curl',
          group: 'Actions',
          label: 'Copy the last call as curl',
          detail: revealInvisible(last.tool),
          aliases: ['curl', 'copy as curl'],
          run: actions.copyLastAsCurl,
        },
      ]
    : [];
  const cancel: Command[] = running
    ? [
        {
          id: 'cancel-running',
          group: 'Actions',
          pinned: true,
          label: running === 1 ? 'Cancel the running call' : `Cancel the ${running} running calls`,
          aliases: ['cancel', 'stop'],
          run: actions.cancelRunning,
        },
      ]
    : [];
  const toolCommands = tools.map((tool): Command => ({
    id: `tool:${tool.name}`,
    group: 'Tools',
    label: revealInvisible(displayName(tool)),
    detail: revealInvisible(tool.name),
    // Typed out in full, a tool's exact name comes first.
    aliases: [tool.name.toLowerCase()],
    keywords: tool.description?.slice(0, 300),
    run: () => actions.openTool(tool.name),
  }));
  const views: Command[] = [
    {
      id: 'report',
      group: 'Actions',
      label: 'Report — the server report: score and findings',
      keywords: 'lint quality',
      aliases: ['report', 'server report', 'score', 'lint'],
      run: () => actions.report('findings'),
    },
    {
      id: 'model',
      group: 'Actions',
      label: 'Model’s view — the tool list as the model is given it (tokens)',
      keywords: 'model prompt tokens cost',
      aliases: ['model view', 'model’s view', "model's view", 'tokens'],
      run: () => actions.report('model'),
    },
    {
      id: 'app-resources',
      group: 'Actions',
      label: 'App resources — the ui:// interfaces this server’s tools name, to preview',
      keywords: 'mcp apps ui resource',
      aliases: ['apps', 'app resources', 'ui'],
      run: actions.appResources,
    },
    ...(skills
      ? [
          {
            id: 'skills',
            group: 'Actions' as const,
            label: 'Skills — the server’s skills, each file verified as it is read',
            keywords: 'skill SKILL.md extension',
            aliases: ['skills', 'skill'],
            run: actions.skills,
          },
        ]
      : []),
    {
      id: 'find',
      group: 'Actions',
      label: 'Find a tool — rank the tools as a host’s tool search would',
      keywords: 'tool search bm25 regex findability queries',
      aliases: ['find', 'find a tool', 'tool search'],
      run: actions.find,
    },
    {
      id: 'hosts',
      group: 'Actions',
      label: 'Hosts — every connected server’s tools as VS Code, Claude Code, Cursor… name them',
      keywords: 'host names prefix cap collision vscode claude cursor windsurf',
      aliases: ['hosts', 'host'],
      run: actions.hosts,
    },
    {
      id: 'ask-model',
      group: 'Actions',
      label: 'Model — ask your own model (OpenAI-compatible or Anthropic) which tool it picks',
      keywords: 'llm openai anthropic ollama choose pick',
      // "model" asks a model (the review's acceptance line 7); the report's token view is "model view".
      aliases: ['model', 'ask the model', 'ask a model', 'your model', 'llm'],
      run: actions.model,
    },
    { id: 'history', group: 'Actions', label: 'Show or hide History', run: () => actions.toggleDock('history') },
    { id: 'saved', group: 'Actions', label: 'Show or hide Saved calls', run: () => actions.toggleDock('saved') },
  ];
  const filterCommands = filters.map((filter): Command => ({
    id: `filter:${filter.value}`,
    group: 'Actions',
    label: `Filter tools by annotation: ${filter.label}`,
    run: () => actions.filter(filter.value),
  }));
  return [...cancel, ...again, ...toolCommands, ...views, ...filterCommands];
}
