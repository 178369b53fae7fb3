// What the workspace holds for a server while the page lives, so a reconnect to the same server
// (Retry after it stopped answering, an OAuth sign-in, a stdio restart) keeps the open tool and
// everything typed. Nothing is stored: a reload starts afresh (History keeps the calls).
import type { ArgumentsDraft } from '../../schema/argumentsDraft.ts';

export interface WorkspaceMemory {
  selected?: string;
  drafts: ReadonlyMap<string, ArgumentsDraft>;
}

const memory = new Map<string, WorkspaceMemory>();

export const rememberedWorkspace = (serverUrl: string): WorkspaceMemory | undefined => memory.get(serverUrl);

export function rememberWorkspace(serverUrl: string, workspace: WorkspaceMemory): void {
  memory.set(serverUrl, workspace);
}

export function forgetWorkspace(serverUrl: string): void {
  memory.delete(serverUrl);
}
