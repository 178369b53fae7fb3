// The sidebar's tabs besides Tools — Skills, Prompts, Resources, each when the server offers it —
// and which one the workspace's view makes current (the work area shows what the tab is about).
import type { ReactNode } from 'react';
import { PromptList, ResourceList, type OfferPick } from '../../features/offers/OfferLists.tsx';
import { SkillList } from '../../features/skills/SkillList.tsx';
import { ToolIcon } from '../../features/tools/ToolIcon.tsx';
import type { ToolIcon as ToolIconType } from '../../mcp/tools.ts';
import type { Finding } from '../../report/findings.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import { panes } from '../../web/panesStore.ts';
import type { SidebarTab } from './ToolSidebar.tsx';
import type { MainView } from './useWorkspaceState.ts';

interface Options {
  connection: McpConnection;
  authContext: string;
  view: MainView;
  setView: (view: MainView) => void;
  /** Each tab's last pick: coming back to the tab opens it again. */
  picks: Partial<Record<'prompts' | 'resources', OfferPick>>;
  /** The report's findings (the skill list counts each skill's). */
  findings?: readonly Finding[];
  /** How many prompts, resources and templates the server lists (the tabs say so). */
  counts: { prompts?: number; resources?: number; templates?: number };
}

export function sidebarTabs({ connection, authContext, view, setView, picks, findings, counts }: Options) {
  const tab: SidebarTab = view.kind === 'skills' ? 'skills' : view.kind === 'offers' ? view.tab : 'tools';
  // A pick opens in the work area; on a phone that is the request pane's: show it.
  const open = (next: MainView) => {
    setView(next);
    panes.show('request');
  };
  const others: { id: Exclude<SidebarTab, 'tools'>; label: string; count?: number; panel: ReactNode }[] = [];
  if (connection.offersSkills) {
    others.push({
      id: 'skills',
      label: 'Skills',
      panel: (
        <SkillList
          connection={connection}
          authContext={authContext}
          findings={findings}
          open={view.kind === 'skills' ? view.skill : undefined}
          onOpen={(skill) => open({ kind: 'skills', skill })}
        />
      ),
    });
  }
  const pick = view.kind === 'offers' ? view.pick : undefined;
  const renderIcon = (icons: readonly ToolIconType[]) => <ToolIcon tool={{ icons: [...icons] }} serverUrl={connection.url} size={20} />;
  if (connection.offers.prompts) {
    others.push({
      id: 'prompts',
      label: 'Prompts',
      count: counts.prompts,
      panel: (
        <PromptList
          connection={connection}
          authContext={authContext}
          open={pick}
          onOpen={(next) => open({ kind: 'offers', tab: 'prompts', pick: next })}
        />
      ),
    });
  }
  if (connection.offers.resources) {
    others.push({
      id: 'resources',
      label: 'Resources',
      // Resources and templates: what the tab lists.
      count:
        counts.resources === undefined && counts.templates === undefined ? undefined : (counts.resources ?? 0) + (counts.templates ?? 0),
      panel: (
        <ResourceList
          connection={connection}
          authContext={authContext}
          open={pick}
          onOpen={(next) => open({ kind: 'offers', tab: 'resources', pick: next })}
          renderIcon={renderIcon}
        />
      ),
    });
  }
  const onTab = (next: SidebarTab) =>
    setView(
      next === 'tools' ? { kind: 'tool' } : next === 'skills' ? { kind: 'skills' } : { kind: 'offers', tab: next, pick: picks[next] },
    );
  return { tab, onTab, others };
}
