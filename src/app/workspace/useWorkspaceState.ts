// What the connected workspace shows: the open tool (or the report, or the app resources), each
// tool's draft, the run to open, the focus request — remembered per server, so a reconnect (Retry,
// a sign-in) finds the open tool and the drafts as they were. View state only: calls are the
// session's (src/session).
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { writeDeepLink } from '../../features/connection/deepLink.ts';
import { rememberRecentTool } from '../../features/connection/api/recentServers.ts';
import { panes } from '../../web/panesStore.ts';
import type { OfferPick } from '../../features/offers/OfferLists.tsx';
import type { McpTool } from '../../mcp/tools.ts';
import type { PromptFill } from '../../mcp/serverOffers.ts';
import { endPreview } from '../../prefetch/index.ts';
import { applyFormValue, draftFrom, type ArgumentsDraft } from '../../schema/argumentsDraft.ts';
import { withoutKey } from '../../schema/hiddenKeys.ts';
import { rememberWorkspace, rememberedWorkspace } from './workspaceMemory.ts';

export type MainView =
  | { kind: 'tool' }
  | { kind: 'report'; tab: 'findings' | 'model' | 'find' }
  | { kind: 'app-resources' }
  | { kind: 'hosts' }
  /** "Model": ask your own model which tool it picks. */
  | { kind: 'model' }
  /** The sidebar's Skills tab: the skill picked in its list (the first until one is). */
  | { kind: 'skills'; skill?: string }
  /** The sidebar's Prompts or Resources tab, and the entry picked in its list. */
  | { kind: 'offers'; tab: 'prompts' | 'resources'; pick?: OfferPick; fill?: PromptFill };

export function useWorkspaceState(
  serverUrl: string,
  tools: readonly McpTool[],
  initialTool?: string,
  initialArgs?: Record<string, unknown>,
  /** A tool picked from another server's group: it opens whatever was open here last time. */
  openTool?: string,
) {
  const [remembered] = useState(() => rememberedWorkspace(serverUrl));
  const [selected, setSelected] = useState(openTool ?? (remembered ? remembered.selected : initialTool));
  const [drafts, setDrafts] = useState<ReadonlyMap<string, ArgumentsDraft>>(
    () => remembered?.drafts ?? new Map(initialTool && initialArgs ? [[initialTool, draftFrom(initialArgs)]] : []),
  );
  useEffect(() => rememberWorkspace(serverUrl, { selected, drafts }), [serverUrl, selected, drafts]);
  // The start screen's "Recent servers" reopens the tool last open here.
  useEffect(() => rememberRecentTool(serverUrl, selected), [serverUrl, selected]);
  const [view, setView] = useState<MainView>({ kind: 'tool' });
  // A run to show when its tool opens (a saved call's verdict opens the result it judged).
  const [openRun, setOpenRun] = useState<{ tool: string; runId: number; nonce: number }>();
  // Each opening of a tool (but ↑/↓ in the list, a replay) asks its form to take the focus.
  const [focusRequest, setFocusRequest] = useState(initialTool || openTool ? 1 : 0);

  const select = useCallback(
    (name: string, options?: { keepFocus?: boolean }) => {
      setView({ kind: 'tool' });
      setSelected(name);
      if (!options?.keepFocus || panes.getSnapshot().pane === 'tools') panes.show('request');
      if (!options?.keepFocus) setFocusRequest((count) => count + 1);
      window.history.replaceState(null, '', writeDeepLink(window.location.search, { server: serverUrl, tool: name }));
    },
    [serverUrl],
  );

  // The first tools a deep link showed before the app had loaded (src/prefetch/) give way to the
  // list (before this first paint); a tool picked there opens once it is listed.
  const previewPick = useRef<string>(undefined);
  useLayoutEffect(() => {
    previewPick.current = endPreview();
  }, []);
  useEffect(() => {
    const picked = previewPick.current;
    if (picked && tools.some((candidate) => candidate.name === picked)) {
      previewPick.current = undefined;
      select(picked);
    }
  }, [tools, select]);

  const setDraft = (name: string, draft: ArgumentsDraft) => setDrafts((previous) => new Map(previous).set(name, draft));
  return {
    /** A link's arguments are not the person's (a reconnect's remembered drafts are). */
    fromLink: !remembered && initialTool && initialArgs ? initialTool : undefined,
    selected,
    select,
    view,
    setView,
    drafts,
    setDraft,
    /** Opens a tool with these arguments in its form (History's Edit). */
    edit: (name: string, args: Record<string, unknown>) => {
      select(name);
      setDraft(name, draftFrom(args));
    },
    /** "Use in": opens a tool with one argument set from a result. */
    useIn: (name: string, key: string, value: unknown) => {
      select(name);
      setDrafts((previous) => {
        const current = previous.get(name);
        return new Map(previous).set(
          name,
          current ? applyFormValue(current, { ...current.value, [key]: value }) : draftFrom({ [key]: value }),
        );
      });
    },
    /** Drops an argument a link set that the form would not show. */
    removeKey: (name: string, path: string) =>
      setDrafts((previous) => {
        const current = previous.get(name);
        return current ? new Map(previous).set(name, draftFrom(withoutKey(current.value, path))) : previous;
      }),
    openRun,
    showRun: (tool: string, runId: number) => {
      select(tool, { keepFocus: true });
      setOpenRun((previous) => ({ tool, runId, nonce: (previous?.nonce ?? 0) + 1 }));
    },
    focusRequest,
  };
}
