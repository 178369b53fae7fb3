// The Prompts and Resources work area with the results' renderers and the report's tokenizer (features
// meet here, in the app, and load together on demand: neither is in the first bundle).
import { OfferView, type OfferRecord } from '../../features/offers/OfferView.tsx';
import type { OfferPick } from '../../features/offers/OfferLists.tsx';
import { BlockBody } from '../../features/results/blocks/BlockBody.tsx';
import { ResourceContentsView } from '../../features/results/blocks/ResourceBlocks.tsx';
import type { McpConnection } from '../../mcp/connection.ts';
import type { PromptFill } from '../../mcp/serverOffers.ts';
import { countTokensOffThread } from '../../features/report/api/tokenCounter.ts';

export default function OfferPane(props: {
  connection: McpConnection;
  authContext: string;
  tab: 'prompts' | 'resources';
  pick?: OfferPick;
  fill?: PromptFill;
  record?: OfferRecord;
}) {
  return (
    <OfferView
      {...props}
      renderBlock={(block) => <BlockBody block={block} connection={props.connection} />}
      renderContents={(contents) => <ResourceContentsView contents={contents} />}
      countTokens={countTokensOffThread}
    />
  );
}
