// One content block in the renderer for its type — a tool's result and a prompt's messages alike.
import type { McpConnection } from '../../../mcp/connection.ts';
import type { ContentBlock } from '../../../mcp/results.ts';
import { JsonTree } from '../JsonTree.tsx';
import { AudioBlock, ImageBlock } from './MediaBlock.tsx';
import { ResourceContentsView, ResourceLinkBlock } from './ResourceBlocks.tsx';
import { TextBlock } from './TextBlock.tsx';

export function BlockBody({ block, connection }: { block: ContentBlock; connection: McpConnection }) {
  switch (block.type) {
    case 'text':
      return <TextBlock text={block.text} />;
    case 'image':
      return <ImageBlock data={block.data} mimeType={block.mimeType} />;
    case 'audio':
      return <AudioBlock data={block.data} mimeType={block.mimeType} />;
    case 'resource_link':
      return <ResourceLinkBlock block={block} connection={connection} />;
    case 'resource':
      return <ResourceContentsView contents={block.resource} />;
    case 'unknown':
      return (
        <div className="text-sm">
          <p className="text-warn">{block.reason} Shown raw:</p>
          <JsonTree value={block.raw} label="block" />
        </div>
      );
  }
}
