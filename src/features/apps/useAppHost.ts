// The host session of the app framed in `frame` (src/apphost/hostSession.ts) for React: a new one
// for each resource, profile and sandbox, the person's choices sent to it, its snapshot read with
// useSyncExternalStore. The page's callbacks are read when used, never kept from the first render.
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AppHostSession, AppHostSnapshot, HostChoices } from '../../apphost/hostSession.ts';
import type { HostProfileId } from '../../mcp/apps/appHosts.ts';
import type { UiResource } from '../../mcp/apps/mcpApps.ts';
import { refused } from '../../lib/refusal.ts';
import { frameApp, type FrameLoad } from './framedApp.ts';

export type AppCallbacks = Pick<
  FrameLoad,
  'input' | 'callFromApp' | 'readResource' | 'open' | 'save' | 'gateAppTool' | 'onViolation' | 'recordApp' | 'serverUrl'
>;

const idle = { subscribe: () => () => undefined, getSnapshot: () => undefined };

export function useAppHost(
  frame: HTMLIFrameElement | null,
  start: { resource: UiResource; profile: HostProfileId; sandboxOrigin: string } | undefined,
  choices: HostChoices,
  callbacks: AppCallbacks,
): { session?: AppHostSession; snapshot?: AppHostSnapshot } {
  const latest = useRef({ choices, callbacks });
  useLayoutEffect(() => {
    latest.current = { choices, callbacks };
  });
  const [session, setSession] = useState<AppHostSession>();
  const { resource, profile, sandboxOrigin } = start ?? {};
  useEffect(() => {
    if (!frame || !resource || !profile || !sandboxOrigin) return;
    const now = () => latest.current.callbacks;
    const framed = frameApp(frame, {
      resource,
      profile,
      sandboxOrigin,
      serverUrl: now().serverUrl,
      input: now().input,
      choices: latest.current.choices,
      callFromApp: (name, args) => now().callFromApp(name, args),
      readResource: (uri) => now().readResource(uri),
      open: (url) => now().open(url),
      save: (items) => now().save(items),
      gateAppTool: (tool, args) =>
        now().gateAppTool?.(tool, args) ?? Promise.resolve({ refused: refused('calling app tools is not wired here.') }),
      onViolation: (directive, blocked) => now().onViolation?.(directive, blocked),
      recordApp: (direction, message) => now().recordApp?.(direction, message),
    });
    setSession(framed.session);
    // Torn down, the session stays readable (its findings, its tools said gone) until another takes its place.
    return framed.close;
  }, [frame, resource, profile, sandboxOrigin]);
  const { theme, width, locale, timeZone } = choices;
  useEffect(() => session?.setChoices({ theme, width, locale, timeZone }), [session, theme, width, locale, timeZone]);
  const snapshot = useSyncExternalStore(session?.subscribe ?? idle.subscribe, session?.getSnapshot ?? idle.getSnapshot);
  return { session, snapshot };
}
