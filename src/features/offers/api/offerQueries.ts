// The Prompts and Resources views' reads: each list once per credentials (kept until the server
// says it changed, or Reload), one resource read, and the completions for what is being typed.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import type { McpConnection } from '../../../mcp/connection.ts';
import type { CompletionRef, ResourceReadEnded } from '../../../mcp/serverOffers.ts';
import type { ResourceContents } from '../../../mcp/results.ts';
import { timed, type Timed } from '../timed.ts';

export function usePromptListing(connection: McpConnection, authContext: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.offers(serverKey(connection.url), authContext, 'prompts'),
    queryFn: ({ signal }) => connection.offers.listPrompts(signal),
    staleTime: Infinity,
  });
}

export function useResourceListing(connection: McpConnection, authContext: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.offers(serverKey(connection.url), authContext, 'resources'),
    queryFn: ({ signal }) => connection.offers.listResources(signal),
    staleTime: Infinity,
  });
}

export function useTemplateListing(connection: McpConnection, authContext: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.offers(serverKey(connection.url), authContext, 'templates'),
    queryFn: ({ signal }) => connection.offers.listTemplates(signal),
    staleTime: Infinity,
  });
}

/**
 * How many prompts, resources and resource templates the server lists — each list asked once at
 * connect when the server offers it (the sidebar's tabs and the overview count them); undefined
 * until known, or when not offered.
 */
export function useOfferCounts(connection: McpConnection, authContext: string) {
  const { prompts, resources } = connection.offers;
  const promptList = usePromptListing(connection, authContext, prompts).data;
  const resourceList = useResourceListing(connection, authContext, resources).data;
  const templateList = useTemplateListing(connection, authContext, resources).data;
  return {
    prompts: prompts ? promptList?.items.length : undefined,
    resources: resources ? resourceList?.items.length : undefined,
    templates: resources ? templateList?.items.length : undefined,
  };
}

/**
 * resources/read of one URI, when asked (`enabled`), timed: read as it opens, again on "Read
 * resource" and when the server says it changed; each read's end is reported (History keeps it).
 * A read that failed is said, not retried.
 */
export function useResourceContents(
  connection: McpConnection,
  authContext: string,
  uri: string | undefined,
  onEnded?: (ended: ResourceReadEnded, contents?: ResourceContents[]) => void,
) {
  const report = useRef(onEnded);
  useEffect(() => {
    report.current = onEnded;
  });
  return useQuery({
    queryKey: queryKeys.offerRead(serverKey(connection.url), authContext, uri ?? ''),
    queryFn: async ({ signal }) => {
      const target = uri ?? '';
      const read = await timed(
        () => connection.readResource(target, signal),
        (contents) => contents,
      );
      report.current?.(endedRead(target, read), read.ok ? read.value : undefined);
      return read;
    },
    enabled: uri !== undefined,
    staleTime: 0,
    retry: false,
  });
}

/** What History keeps of a read. */
export const endedRead = (uri: string, read: Timed<ResourceContents[]>): ResourceReadEnded => ({
  uri,
  durationMs: read.durationMs,
  outcome: read.ok ? { contents: read.value.length } : { failure: read.failure },
});

/** Waits until `value` has held still for `ms` (what is typed is asked about once typing pauses). */
function useSettled<Value>(value: Value, ms: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The server's completions for one argument (debounced 250 ms), and the value they are for; never asked of a server without the capability. */
export function useCompletion(
  connection: McpConnection,
  authContext: string,
  ref: CompletionRef,
  argument: string,
  value: string,
  context: Record<string, string>,
  focused: boolean,
) {
  const settled = useSettled(value, 250);
  const others = JSON.stringify(Object.entries(context).filter(([key, other]) => key !== argument && other !== ''));
  const query = useQuery({
    queryKey: queryKeys.completion(
      serverKey(connection.url),
      authContext,
      ref.type === 'ref/prompt' ? `prompt:${ref.name}` : `resource:${ref.uri}`,
      argument,
      settled,
      others,
    ),
    queryFn: ({ signal }) => connection.offers.complete(ref, { name: argument, value: settled }, context, signal),
    enabled: focused && connection.offers.completions,
    staleTime: 30_000,
    retry: false,
  });
  // The value the answer is for (what is typed may have moved on meanwhile).
  return [query, settled] as const;
}
