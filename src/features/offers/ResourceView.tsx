// One resource opened (read as it opens: resources/read has no side effects) or one template, whose
// variables make the URI (RFC 6570, url-template; the URI shown before it is read) — in the tool
// screen's frame: "Read resource" in the Request toolbar, "Outcome" over what was read. What is read
// shows in the results' renderers (text, JSON, images, audio, a blob as a download), untrusted.
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatBytes, type ResourceContents } from '../../mcp/results.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import {
  expandTemplate,
  templateVariables,
  type McpResource,
  type McpResourceTemplate,
  type ResourceReadEnded,
} from '../../mcp/serverOffers.ts';
import { revealInvisible } from '../../lib/text.ts';
import { endedRead, useResourceContents } from './api/offerQueries.ts';
import { OfferArguments } from './OfferArguments.tsx';
import { OfferFrame } from './OfferFrame.tsx';
import { timed } from './timed.ts';

type RenderContents = (contents: ResourceContents) => ReactNode;

function Header({ name, title, description, facts }: { name: string; title?: string; description?: string; facts: string[] }) {
  return (
    <header>
      <h2 className="text-lg font-semibold">{revealInvisible(title ?? name)}</h2>
      {title ? <p className="font-mono text-xs text-muted">{revealInvisible(name)}</p> : null}
      <p className="font-mono text-xs break-all text-subtle">{facts.map(revealInvisible).join(' · ')}</p>
      {description ? <p className="mt-1 text-sm">{revealInvisible(description)}</p> : null}
    </header>
  );
}

function Contents({ contents, renderContents }: { contents: ResourceContents[]; renderContents: RenderContents }) {
  return (
    <section aria-label="Resource contents" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">
        {contents.length} {contents.length === 1 ? 'content' : 'contents'} read
      </h3>
      <ol className="flex flex-col gap-2">
        {contents.map((item, index) => (
          <li key={`${item.uri}:${index}`} className="rounded-md border border-line p-2">
            {renderContents(item)}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Each read's end, for History. */
type OnRead = (ended: ResourceReadEnded, contents?: ResourceContents[]) => void;

export function ResourceView({
  connection,
  authContext,
  resource,
  renderContents,
  onRead,
}: {
  connection: McpConnection;
  authContext: string;
  resource: McpResource;
  renderContents: RenderContents;
  onRead?: OnRead;
}) {
  const read = useResourceContents(connection, authContext, resource.uri, onRead);
  const annotations = resource.annotations;
  const facts = [
    resource.uri,
    resource.mimeType ?? 'no MIME type',
    ...(resource.size !== undefined ? [formatBytes(resource.size)] : []),
    ...(annotations?.audience ? [`for ${annotations.audience.join(' & ')}`] : []),
    ...(annotations?.priority !== undefined ? [`priority ${annotations.priority}`] : []),
    ...(annotations?.lastModified ? [`modified ${annotations.lastModified}`] : []),
  ];
  return (
    <OfferFrame
      label={`Resource: ${revealInvisible(resource.name)}`}
      header={<Header name={resource.name} title={resource.title} description={resource.description} facts={facts} />}
      heading="Resource"
      verb="Read resource"
      onSend={() => void read.refetch()}
      pending={read.isFetching}
      missing={[]}
      tried={false}
      method="resources/read"
      sent={read.data}
      raw={(contents) => contents}
      idle="Reading…"
      request={
        <p className="text-xs text-muted">
          {read.dataUpdatedAt ? `Read at ${new Date(read.dataUpdatedAt).toLocaleTimeString()}. ` : ''}
          {connection.offers.subscribe
            ? 'Subscribed: read again whenever the server says it changed (resources/updated).'
            : 'The server offers no subscription: “Read resource” again to see changes.'}
        </p>
      }
    >
      {(contents) => <Contents contents={contents} renderContents={renderContents} />}
    </OfferFrame>
  );
}

export function TemplateView({
  connection,
  authContext,
  template,
  renderContents,
  onRead,
}: {
  connection: McpConnection;
  authContext: string;
  template: McpResourceTemplate;
  renderContents: RenderContents;
  onRead?: OnRead;
}) {
  const variables = templateVariables(template.uriTemplate);
  const [values, setValues] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const uri = safeExpand(template.uriTemplate, values);
  const read = useMutation({
    mutationFn: async (target: string) => {
      const got = await timed(
        () => connection.readResource(target),
        (contents) => contents,
      );
      onRead?.(endedRead(target, got), got.ok ? got.value : undefined);
      return got;
    },
  });
  const missing = variables.filter((name) => !values[name]);
  const send = () => {
    setTried(true);
    if (!missing.length && uri.ok) read.mutate(uri.uri);
  };
  const schema = {
    type: 'object',
    properties: Object.fromEntries(variables.map((name) => [name, { type: 'string' }])),
    required: variables,
  };
  return (
    <OfferFrame
      label={`Resource template: ${revealInvisible(template.name)}`}
      header={
        <Header
          name={template.name}
          title={template.title}
          description={template.description}
          facts={[template.uriTemplate, template.mimeType ?? 'no MIME type']}
        />
      }
      heading="Variables"
      verb="Read resource"
      onSend={send}
      pending={read.isPending}
      missing={missing}
      tried={tried}
      method="resources/read"
      sent={read.data}
      raw={(contents) => contents}
      idle="Not read yet. Fill in the variables and press “Read resource”."
      request={
        <>
          {variables.length ? (
            <OfferArguments
              label="Template variables"
              schema={schema}
              values={values}
              onChange={setValues}
              onSubmit={send}
              showErrors={tried}
              connection={connection}
              authContext={authContext}
              completionRef={{ type: 'ref/resource', uri: template.uriTemplate }}
            />
          ) : (
            <p className="text-sm text-muted">This template has no variables.</p>
          )}
          <p className="text-sm">
            {uri.ok ? (
              <>
                Reads <code className="font-mono break-all">{revealInvisible(uri.uri)}</code>
              </>
            ) : (
              <span className="text-danger">The template cannot be expanded: {uri.reason}</span>
            )}
          </p>
        </>
      }
    >
      {(contents) => <Contents contents={contents} renderContents={renderContents} />}
    </OfferFrame>
  );
}

/** A template the library cannot parse is said, not thrown at the page. */
function safeExpand(uriTemplate: string, values: Record<string, string>): { ok: true; uri: string } | { ok: false; reason: string } {
  try {
    return { ok: true, uri: expandTemplate(uriTemplate, values) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
