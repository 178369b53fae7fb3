// The rest of what a server offers besides tools: prompts (prompts/list, prompts/get), resources
// and resource templates (resources/list, resources/templates/list), and argument completion
// (completion/complete) — parsed leniently off the wire (everything in them is untrusted), each
// list walked page by page as the tool list is. Spec: 2025-11-25 server/prompts, server/resources,
// server/utilities/completion.
import { parseTemplate } from 'url-template';
import { isRecord, optionalNumber, optionalString, own } from './guards.ts';
import { describeStop, walkPages, type PageStop } from './pagination.ts';
import { parseIcons, type ToolIcon } from './tools.ts';
import type { McpFailure } from './errors.ts';
import { parseContentAnnotations, parseContentBlock, type ContentAnnotations, type ContentBlock } from './results.ts';

type Request = (method: string, params: Record<string, unknown>, options?: { signal?: AbortSignal }) => Promise<unknown>;

export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required: boolean;
}

export interface McpPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments: PromptArgument[];
  icons: ToolIcon[];
}

export interface McpResource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: ContentAnnotations;
  icons: ToolIcon[];
}

export interface McpResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons: ToolIcon[];
}

/** A list walked to its end (or stopped: the reason said, what came kept). */
export interface Listing<Item> {
  items: Item[];
  pages: number;
  /** Entries the parser had to refuse (no name, no URI): said, not dropped silently. */
  refused: number;
  stop?: string;
}

export interface PromptMessage {
  role: string;
  content: ContentBlock;
}

export interface GotPrompt {
  description?: string;
  messages: PromptMessage[];
  raw: unknown;
}

/** A prompt's get as it ended (what History keeps of it): its messages, or why it failed. */
export interface PromptGetEnded {
  name: string;
  args: Record<string, string>;
  durationMs: number;
  outcome: { messages: number } | { failure: McpFailure };
}

/** A resource's read as it ended (what History keeps of it): how many contents came, or why it failed. */
export interface ResourceReadEnded {
  uri: string;
  durationMs: number;
  outcome: { contents: number } | { failure: McpFailure };
}

/** Arguments to open a prompt with (History's "Edit and replay"), and whether to get it at once ("Replay"); `at` tells two requests apart. */
export interface PromptFill {
  args: Record<string, unknown>;
  get: boolean;
  at: number;
}

export interface Completion {
  values: string[];
  total?: number;
  hasMore: boolean;
}

export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/** Each list's entries walked at most this many pages (a prompt or resource list is not 10,000 tools). */
const MAX_OFFER_PAGES = 100;
/** Completion values kept (the spec caps a response at 100). */
const MAX_COMPLETIONS = 100;

const text = (record: Record<string, unknown>, key: string) => optionalString(own(record, key));

function parsePrompt(raw: unknown): McpPrompt | undefined {
  if (!isRecord(raw) || typeof own(raw, 'name') !== 'string') return undefined;
  const args = own(raw, 'arguments');
  return {
    name: own(raw, 'name') as string,
    title: text(raw, 'title'),
    description: text(raw, 'description'),
    icons: parseIcons(own(raw, 'icons')),
    arguments: (Array.isArray(args) ? args : []).flatMap((arg: unknown) =>
      isRecord(arg) && typeof own(arg, 'name') === 'string'
        ? [
            {
              name: own(arg, 'name') as string,
              title: text(arg, 'title'),
              description: text(arg, 'description'),
              required: own(arg, 'required') === true,
            },
          ]
        : [],
    ),
  };
}

function parseResource(raw: unknown): McpResource | undefined {
  if (!isRecord(raw) || typeof own(raw, 'uri') !== 'string') return undefined;
  return {
    uri: own(raw, 'uri') as string,
    name: text(raw, 'name') ?? (own(raw, 'uri') as string),
    title: text(raw, 'title'),
    description: text(raw, 'description'),
    mimeType: text(raw, 'mimeType'),
    size: optionalNumber(own(raw, 'size')),
    icons: parseIcons(own(raw, 'icons')),
    annotations: parseContentAnnotations(own(raw, 'annotations')),
  };
}

function parseTemplateEntry(raw: unknown): McpResourceTemplate | undefined {
  if (!isRecord(raw) || typeof own(raw, 'uriTemplate') !== 'string') return undefined;
  return {
    uriTemplate: own(raw, 'uriTemplate') as string,
    name: text(raw, 'name') ?? (own(raw, 'uriTemplate') as string),
    title: text(raw, 'title'),
    description: text(raw, 'description'),
    mimeType: text(raw, 'mimeType'),
    icons: parseIcons(own(raw, 'icons')),
  };
}

/**
 * A template's variable names, in order, each once (RFC 6570 §2.3: an expression's varspecs, their
 * `*` and `:N` modifiers dropped). The expansion itself is url-template's.
 */
export function templateVariables(uriTemplate: string): string[] {
  const names = [...uriTemplate.matchAll(/\{[+#./;?&]?([^}]*)\}/g)].flatMap((match) =>
    (match[1] ?? '').split(',').map((spec) => spec.replace(/(\*|:\d+)$/, '').trim()),
  );
  return [...new Set(names.filter(Boolean))];
}

/** The URI a template gives for these values (RFC 6570 level 4, by url-template: `a/b c` in `{id}` is `a%2Fb%20c`). */
export function expandTemplate(uriTemplate: string, values: Record<string, string>): string {
  return parseTemplate(uriTemplate).expand(values);
}

/** A prompt's arguments as the JSON Schema the tool form renders (every argument a string). */
export function promptArgumentsSchema(prompt: McpPrompt): Record<string, unknown> {
  return {
    type: 'object',
    properties: Object.fromEntries(
      prompt.arguments.map((arg) => [
        arg.name,
        { type: 'string', ...(arg.title ? { title: arg.title } : {}), ...(arg.description ? { description: arg.description } : {}) },
      ]),
    ),
    required: prompt.arguments.filter((arg) => arg.required).map((arg) => arg.name),
  };
}

export function parseGotPrompt(raw: unknown): GotPrompt {
  const messages = isRecord(raw) ? own(raw, 'messages') : undefined;
  return {
    description: isRecord(raw) ? text(raw, 'description') : undefined,
    messages: (Array.isArray(messages) ? messages : []).map((message: unknown) => ({
      role: isRecord(message) ? (text(message, 'role') ?? 'unknown') : 'unknown',
      content: parseContentBlock(isRecord(message) ? own(message, 'content') : undefined),
    })),
    raw,
  };
}

export function parseCompletion(raw: unknown): Completion {
  const completion = isRecord(raw) ? own(raw, 'completion') : undefined;
  const values = isRecord(completion) ? own(completion, 'values') : undefined;
  return {
    values: (Array.isArray(values) ? values : []).filter((value): value is string => typeof value === 'string').slice(0, MAX_COMPLETIONS),
    total: isRecord(completion) ? optionalNumber(own(completion, 'total')) : undefined,
    hasMore: isRecord(completion) && own(completion, 'hasMore') === true,
  };
}

const capability = (capabilities: unknown, name: string) => isRecord(capabilities) && isRecord(own(capabilities, name));

/** A connection's prompts, resources and completion, through its one request path (Traffic sees each). */
export class ServerOffers {
  readonly #request: Request;
  readonly #capabilities: () => unknown;

  constructor(request: Request, capabilities: () => unknown) {
    this.#request = request;
    this.#capabilities = capabilities;
  }

  get prompts(): boolean {
    return capability(this.#capabilities(), 'prompts');
  }

  get resources(): boolean {
    return capability(this.#capabilities(), 'resources');
  }

  /** Whether the server completes arguments: without it, nothing is asked. */
  get completions(): boolean {
    return capability(this.#capabilities(), 'completions');
  }

  /** Whether resources/subscribe is offered. */
  get subscribe(): boolean {
    const capabilities = this.#capabilities();
    const resources = isRecord(capabilities) ? own(capabilities, 'resources') : undefined;
    return isRecord(resources) && own(resources, 'subscribe') === true;
  }

  listPrompts(signal?: AbortSignal): Promise<Listing<McpPrompt>> {
    return this.#walk('prompts/list', 'prompts', parsePrompt, signal);
  }

  listResources(signal?: AbortSignal): Promise<Listing<McpResource>> {
    return this.#walk('resources/list', 'resources', parseResource, signal);
  }

  listTemplates(signal?: AbortSignal): Promise<Listing<McpResourceTemplate>> {
    return this.#walk('resources/templates/list', 'resourceTemplates', parseTemplateEntry, signal);
  }

  async getPrompt(name: string, args: Record<string, string>, signal?: AbortSignal): Promise<GotPrompt> {
    return parseGotPrompt(await this.#request('prompts/get', { name, arguments: args }, { signal }));
  }

  /** completion/complete for one argument, with the others already filled as its context. */
  async complete(ref: CompletionRef, argument: { name: string; value: string }, context: Record<string, string>, signal?: AbortSignal) {
    const others = Object.fromEntries(Object.entries(context).filter(([key, value]) => key !== argument.name && value !== ''));
    const params = { ref, argument, ...(Object.keys(others).length ? { context: { arguments: others } } : {}) };
    return parseCompletion(await this.#request('completion/complete', params, { signal }));
  }

  async #walk<Item>(method: string, key: string, parse: (raw: unknown) => Item | undefined, signal?: AbortSignal): Promise<Listing<Item>> {
    let refused = 0;
    const walk = await walkPages(
      async (cursor) => {
        const raw = await this.#request(method, cursor === undefined ? {} : { cursor }, { signal });
        const entries = isRecord(raw) ? own(raw, key) : undefined;
        const items: Item[] = [];
        for (const entry of Array.isArray(entries) ? entries : []) {
          const item = parse(entry);
          if (item) items.push(item);
          else refused++;
        }
        const next = isRecord(raw) ? own(raw, 'nextCursor') : undefined;
        return { items, nextCursor: typeof next === 'string' ? next : undefined };
      },
      { maxPages: MAX_OFFER_PAGES },
    );
    return { items: walk.pages.flatMap((page) => page.items), pages: walk.pages.length, refused, stop: stopWords(walk.stop) };
  }
}

const stopWords = (stop: PageStop) => describeStop(stop)?.replace('Tools shown', 'Entries shown');
