// What a server's declared capabilities say it offers, read one way for every caller (the
// connection's getters, the report): tool calls as tasks (2025-11-25 `tasks.requests.tools.call`;
// 2026-07-28 the tasks extension), the Skills extension (SEP-2640), its own spans (SEP-2448 lives
// with the spans, ./recording/serverSpans.ts). Pure.
import { isRecord, own } from './guards.ts';
import { TASKS_EXTENSION } from './tasks/tasks.ts';
import type { Era } from './era.ts';

// The same id as ./skills.ts's SKILLS_EXTENSION: that module loads the SDK's host side, kept off the first screen.
const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills';

const extensionsOf = (capabilities: unknown) => (isRecord(capabilities) ? own(capabilities, 'extensions') : undefined);

/** Whether the server runs tool calls as tasks (without it a 2025 client must not ask for one). */
export function offersToolTasks(capabilities: unknown, era: Era): boolean {
  if (!isRecord(capabilities)) return false;
  if (era === 'modern') {
    const extensions = extensionsOf(capabilities);
    return isRecord(extensions) && own(extensions, TASKS_EXTENSION) !== undefined;
  }
  const tasks = own(capabilities, 'tasks');
  const requests = isRecord(tasks) ? own(tasks, 'requests') : undefined;
  const tools = isRecord(requests) ? own(requests, 'tools') : undefined;
  return isRecord(tools) && own(tools, 'call') !== undefined;
}

/** Whether the server declared the Skills extension. */
export function offersSkills(capabilities: unknown): boolean {
  const extensions = extensionsOf(capabilities);
  return isRecord(extensions) && isRecord(own(extensions, SKILLS_EXTENSION_ID));
}
