// One resource opened (read as it opens: resources/read has no side effects) or one template, whose
// variables make the URI (RFC 6570, url-template; the URI shown before it is read). What is read
// shows in the results' renderers (text, JSON, images, audio, a blob as a download), untrusted.
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { formatBytes, type ResourceContents } from '../../mcp/results.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import { expandTemplate, templateVariables, type McpResource, type McpResourceTemplate } from '../../mcp/serverOffers.ts';
import { revealInvisible } from '../../lib/text.ts';
import { useResourceContents } from './api/offerQueries.ts';
import { Failed, OfferArguments, SendRow } from './OfferArguments.tsx';
import { CopyJson } from './CopyJson.tsx';

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
      <div className="flex items-baseline gap-2">
        <h3 className="text-sm font-semibold">
          {contents.length} {contents.length === 1 ? 'content' : 'contents'} read
        </h3>
        <CopyJson value={contents} label="Copy as JSON" />
      </div>
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

export function ResourceView({
  connection,
  authContext,
  resource,
  renderContents,
}: {
  connection: McpConnection;
  authContext: string;
  resource: McpResource;
  renderContents: RenderContents;
}) {
  const read = useResourceContents(connection, authContext, resource.uri);
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
    <section aria-label={`Resource: ${revealInvisible(resource.name)}`} className="flex min-w-0 flex-col gap-3">
      <Header name={resource.name} title={resource.title} description={resource.description} facts={facts} />
      <div className="flex items-center gap-2">
        <Button onClick={() => void read.refetch()} disabled={read.isFetching}>
          Read again
        </Button>
        {read.isFetching ? (
          <span className="text-sm text-muted">resources/read…</span>
        ) : read.dataUpdatedAt ? (
          <span className="text-xs text-muted">Read at {new Date(read.dataUpdatedAt).toLocaleTimeString()}</span>
        ) : null}
        <span className="text-xs text-muted">
          {connection.offers.subscribe
            ? 'Subscribed: read again whenever the server says it changed (resources/updated).'
            : 'The server offers no subscription: “Read again” to see changes.'}
        </span>
      </div>
      {read.isError ? <Failed method="resources/read" error={read.error} /> : null}
      {read.data ? <Contents contents={read.data} renderContents={renderContents} /> : null}
    </section>
  );
}

export function TemplateView({
  connection,
  authContext,
  template,
  renderContents,
}: {
  connection: McpConnection;
  authContext: string;
  template: McpResourceTemplate;
  renderContents: RenderContents;
}) {
  const variables = templateVariables(template.uriTemplate);
  const [values, setValues] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const uri = safeExpand(template.uriTemplate, values);
  const read = useMutation({ mutationFn: (target: string) => connection.readResource(target) });
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
    <section aria-label={`Resource template: ${revealInvisible(template.name)}`} className="flex min-w-0 flex-col gap-3">
      <Header
        name={template.name}
        title={template.title}
        description={template.description}
        facts={[template.uriTemplate, template.mimeType ?? 'no MIME type']}
      />
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
      <SendRow label="Read resource" onSend={send} pending={read.isPending} missing={missing} tried={tried} />
      {read.isError ? <Failed method="resources/read" error={read.error} /> : null}
      {read.data ? <Contents contents={read.data} renderContents={renderContents} /> : null}
    </section>
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
