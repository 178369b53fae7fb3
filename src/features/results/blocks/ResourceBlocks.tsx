import { useMemo } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import type { McpConnection } from '../../../mcp/connection.ts';
import { describeFailure, failureOf } from '../../../mcp/errors.ts';
import { base64Size, base64ToBytes, formatBytes, type ContentBlock, type ResourceContents } from '../../../mcp/results.ts';
import { downloadBytes } from '../../../web/download.ts';
import { safeFileName } from '../../../lib/fileName.ts';
import { useResourceRead } from '../api/useResourceRead.ts';
import { ImageBlock } from './MediaBlock.tsx';
import { TextBlock } from './TextBlock.tsx';

function BlobDownload({ blob, mimeType, uri }: { blob: string; mimeType: string; uri: string }) {
  const bytes = useMemo(() => {
    try {
      return base64ToBytes(blob);
    } catch {
      return undefined;
    }
  }, [blob]);
  if (!bytes) return <p className="text-sm text-warn">The blob is not valid base64.</p>;
  return (
    <p className="flex items-center gap-2 text-sm">
      <Button onClick={() => downloadBytes(bytes, mimeType, safeFileName(uri, 'resource'))}>Download</Button>
      <span className="text-xs text-muted">
        {mimeType} · {formatBytes(bytes.length)}
      </span>
    </p>
  );
}

/** The contents of a resource (embedded or read), rendered with the same renderers as results. */
export function ResourceContentsView({ contents }: { contents: ResourceContents }) {
  const mimeType = contents.mimeType ?? 'application/octet-stream';
  return (
    <div className="flex flex-col gap-1">
      <p className="font-mono text-xs break-all text-muted">{contents.uri}</p>
      {contents.kind === 'text' ? (
        <TextBlock text={contents.text} markdown={mimeType === 'text/markdown'} />
      ) : mimeType.startsWith('image/') && base64Size(contents.blob) < 5_000_000 ? (
        <ImageBlock data={contents.blob} mimeType={mimeType} />
      ) : (
        <BlobDownload blob={contents.blob} mimeType={mimeType} uri={contents.uri} />
      )}
    </div>
  );
}

export function ResourceLinkBlock({
  block,
  connection,
}: {
  block: Extract<ContentBlock, { type: 'resource_link' }>;
  connection: McpConnection;
}) {
  const { query, read } = useResourceRead(connection, block.uri);
  const label = block.title ?? block.name;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={read} disabled={query.isFetching} title={`Read ${block.uri} with resources/read`}>
          {label}
        </Button>
        <span className="font-mono text-xs break-all text-muted">{block.uri}</span>
        {block.mimeType ? <span className="text-xs text-muted">{block.mimeType}</span> : null}
        {block.size !== undefined ? <span className="text-xs text-muted">{formatBytes(block.size)}</span> : null}
      </div>
      {block.description ? <p className="text-xs text-subtle">{block.description}</p> : null}
      {query.isFetching ? <p className="text-xs text-muted">Reading…</p> : null}
      {query.isError && !query.isFetching ? (
        <p role="alert" className="text-sm text-danger">
          Reading the resource failed: {describeFailure(failureOf(query.error))}
        </p>
      ) : null}
      {query.isSuccess ? (
        <div className="ml-3 border-l-2 border-line pl-3">
          {query.data.length === 0 ? <p className="text-sm text-muted">The server returned no contents.</p> : null}
          {query.data.map((contents, index) => (
            <ResourceContentsView key={index} contents={contents} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
