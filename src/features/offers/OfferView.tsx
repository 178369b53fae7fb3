// The work area for the Prompts and Resources tabs: the entry picked in the sidebar (looked up in
// the same listing the sidebar shows), or what to do when nothing is picked yet.
import type { ReactNode } from 'react';
import type { McpConnection } from '../../mcp/connection.ts';
import type { ContentBlock, ResourceContents } from '../../mcp/results.ts';
import type { PromptFill, PromptGetEnded, ResourceReadEnded } from '../../mcp/serverOffers.ts';
import { usePromptListing, useResourceListing, useTemplateListing } from './api/offerQueries.ts';
import type { OfferPick } from './OfferLists.tsx';
import { PromptView } from './PromptView.tsx';
import { ResourceView, TemplateView } from './ResourceView.tsx';

/** Where each get and read goes as it ends (History keeps them). */
export interface OfferRecord {
  prompt: (ended: PromptGetEnded, raw?: unknown) => void;
  read: (ended: ResourceReadEnded, contents?: unknown) => void;
}

interface Props {
  connection: McpConnection;
  authContext: string;
  pick?: OfferPick;
  /** Which tab this is (what to say while nothing is picked). */
  tab: 'prompts' | 'resources';
  renderBlock: (block: ContentBlock) => ReactNode;
  renderContents: (contents: ResourceContents) => ReactNode;
  countTokens: (texts: readonly string[]) => Promise<number[]>;
  /** History's replay of a prompt: its arguments, and whether to get it at once. */
  fill?: PromptFill;
  record?: OfferRecord;
}

export function OfferView({ connection, authContext, pick, tab, renderBlock, renderContents, countTokens, fill, record }: Props) {
  const prompts = usePromptListing(connection, authContext);
  const resources = useResourceListing(connection, authContext);
  const templates = useTemplateListing(connection, authContext);
  const key = JSON.stringify(pick);
  if (pick?.kind === 'prompt') {
    const prompt = prompts.data?.items.find((candidate) => candidate.name === pick.name);
    if (prompt)
      return (
        <PromptView
          key={fill ? `${key}:${fill.at}` : key}
          fill={fill}
          onEnded={record?.prompt}
          connection={connection}
          authContext={authContext}
          prompt={prompt}
          renderBlock={renderBlock}
          countTokens={countTokens}
        />
      );
  } else if (pick?.kind === 'resource') {
    // A URI the list does not hold (History's read of a template's URI) is read as asked.
    const resource =
      resources.data?.items.find((candidate) => candidate.uri === pick.uri) ??
      (resources.data
        ? { uri: pick.uri, name: pick.uri, icons: [], description: 'Not in the server’s resource list now: read by its URI.' }
        : undefined);
    if (resource)
      return (
        <ResourceView
          key={key}
          connection={connection}
          authContext={authContext}
          resource={resource}
          renderContents={renderContents}
          onRead={record?.read}
        />
      );
  } else if (pick?.kind === 'template') {
    const template = templates.data?.items.find((candidate) => candidate.uriTemplate === pick.uriTemplate);
    if (template)
      return (
        <TemplateView
          key={key}
          connection={connection}
          authContext={authContext}
          template={template}
          renderContents={renderContents}
          onRead={record?.read}
        />
      );
  }
  return (
    <p className="text-sm text-muted">
      {pick
        ? 'The server no longer lists this entry.'
        : tab === 'prompts'
          ? 'Pick a prompt in the list to fill in its arguments and get its messages.'
          : 'Pick a resource to read it, or a template to fill in its variables.'}
    </p>
  );
}
