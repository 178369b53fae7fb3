// One prompt opened, in the tool screen's frame: its name, title and description, its arguments as
// a form (completed by the server while typing), "Get prompt" in the Request toolbar, and the
// messages it gives under "Outcome" — each message's content in the
// results' own renderers (text, images, audio, embedded resources), all of it untrusted.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { McpConnection } from '../../mcp/connection.ts';
import type { ContentBlock } from '../../mcp/results.ts';
import { promptArgumentsSchema, type McpPrompt, type PromptFill, type PromptGetEnded } from '../../mcp/serverOffers.ts';
import { revealInvisible } from '../../lib/text.ts';
import { OfferArguments } from './OfferArguments.tsx';
import { OfferFrame } from './OfferFrame.tsx';
import { timed } from './timed.ts';

interface Props {
  connection: McpConnection;
  authContext: string;
  prompt: McpPrompt;
  /** The results' renderer for one content block (the app's to give). */
  renderBlock: (block: ContentBlock) => ReactNode;
  /** Exact o200k counts (the report's tokenizer, the app's to give). */
  countTokens: (texts: readonly string[]) => Promise<number[]>;
  /** Arguments to start from (History's replay), and whether to get the prompt at once. */
  fill?: PromptFill;
  /** Each get as it ended (History keeps it), with the raw result when one came. */
  onEnded?: (ended: PromptGetEnded, raw?: unknown) => void;
}

/** Arguments as the form holds them: strings (a stored value of another type is written out). */
const asStrings = (args: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(args).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));

/** The text a model reads from the messages: text blocks and embedded text resources. */
const textsOf = (messages: readonly { content: ContentBlock }[]) =>
  messages.flatMap(({ content }) =>
    content.type === 'text'
      ? [content.text]
      : content.type === 'resource' && content.resource.kind === 'text'
        ? [content.resource.text]
        : [],
  );

export function PromptView({ connection, authContext, prompt, renderBlock, countTokens, fill, onEnded }: Props) {
  const [values, setValues] = useState<Record<string, string>>(() => asStrings(fill?.args ?? {}));
  const [tried, setTried] = useState(false);
  const get = useMutation({
    mutationFn: async (args: Record<string, string>) => {
      const got = await timed(
        () => connection.offers.getPrompt(prompt.name, args),
        (value) => value.raw,
      );
      const base = { name: prompt.name, args, durationMs: got.durationMs };
      if (got.ok) onEnded?.({ ...base, outcome: { messages: got.value.messages.length } }, got.value.raw);
      else onEnded?.({ ...base, outcome: { failure: got.failure } });
      return got;
    },
  });
  // "Replay" from History gets the prompt once, as it opens.
  const replayed = useRef(false);
  useEffect(() => {
    if (!fill?.get || replayed.current) return;
    replayed.current = true;
    get.mutate(asStrings(fill.args));
  }, [fill, get]);
  const [tokens, setTokens] = useState<{ for: unknown; count: number }>();
  useEffect(() => {
    const got = get.data?.ok ? get.data.value : undefined;
    if (!got) return;
    let live = true;
    void countTokens(textsOf(got.messages)).then((counts) => {
      if (live) setTokens({ for: got, count: counts.reduce((sum, count) => sum + count, 0) });
    });
    return () => {
      live = false;
    };
  }, [get.data, countTokens]);
  const missing = prompt.arguments.filter((arg) => arg.required && !values[arg.name]).map((arg) => arg.title ?? arg.name);
  const send = () => {
    setTried(true);
    if (!missing.length) get.mutate(values);
  };
  const name = revealInvisible(prompt.name);
  return (
    <OfferFrame
      label={`Prompt: ${name}`}
      header={
        <header>
          <h2 className="text-lg font-semibold">{revealInvisible(prompt.title ?? prompt.name)}</h2>
          {prompt.title ? <p className="font-mono text-xs text-muted">{name}</p> : null}
          {prompt.description ? <p className="mt-1 text-sm">{revealInvisible(prompt.description)}</p> : null}
        </header>
      }
      heading="Arguments"
      verb="Get prompt"
      onSend={send}
      pending={get.isPending}
      missing={missing}
      tried={tried}
      method="prompts/get"
      sent={get.data}
      raw={(got) => got.raw}
      idle={prompt.arguments.length ? 'Not got yet. Fill in the arguments and press “Get prompt”.' : 'Not got yet: press “Get prompt”.'}
      request={
        prompt.arguments.length ? (
          <OfferArguments
            label="Prompt arguments"
            schema={promptArgumentsSchema(prompt)}
            values={values}
            onChange={setValues}
            onSubmit={send}
            showErrors={tried}
            connection={connection}
            authContext={authContext}
            completionRef={{ type: 'ref/prompt', name: prompt.name }}
          />
        ) : (
          <p className="text-sm text-muted">This prompt takes no arguments.</p>
        )
      }
    >
      {(got) => (
        <section aria-label="Prompt messages" className="flex flex-col gap-2">
          <div className="flex flex-wrap items-baseline gap-2">
            <h3 className="text-sm font-semibold">
              {got.messages.length} {got.messages.length === 1 ? 'message' : 'messages'}
            </h3>
            {got.description ? <span className="text-xs text-muted">{revealInvisible(got.description)}</span> : null}
            <span
              className="text-xs text-muted"
              title="o200k tokens of the messages' text (images and audio are priced by each model on its own)"
            >
              {tokens?.for === got ? `${tokens.count.toLocaleString('en-US')} tokens of text` : 'counting tokens…'}
            </span>
          </div>
          <ol className="flex flex-col gap-2">
            {got.messages.map((message, index) => (
              <li key={index} className="flex flex-col gap-1 rounded-md border border-line p-2">
                <span className="text-xs font-semibold text-muted">
                  #{index + 1} {revealInvisible(message.role)}
                </span>
                {renderBlock(message.content)}
              </li>
            ))}
          </ol>
        </section>
      )}
    </OfferFrame>
  );
}
