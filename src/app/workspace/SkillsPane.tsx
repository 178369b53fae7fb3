// The Skills view with the results' safe Markdown renderer (two features meet here, in the app,
// and load together on demand: neither is in the first bundle).
import { Markdown } from '../../features/results/Markdown.tsx';
import SkillsView from '../../features/skills/SkillsView.tsx';
import type { McpConnection } from '../../mcp/connection.ts';
import type { Finding } from '../../report/findings.ts';

export default function SkillsPane(props: {
  connection: McpConnection;
  authContext: string;
  findings?: readonly Finding[];
  open?: string;
}) {
  return <SkillsView {...props} renderMarkdown={(text) => <Markdown text={text} />} />;
}
