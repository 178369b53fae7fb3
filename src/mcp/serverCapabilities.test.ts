import { describe, expect, it } from 'vitest';
import { offersSkills, offersToolTasks } from './serverCapabilities.ts';
import { SKILLS_EXTENSION } from './skills.ts';
import { TASKS_EXTENSION } from './tasks/tasks.ts';

describe('what declared capabilities offer', () => {
  it('tool calls as tasks: the 2025 capability path, the 2026 extension', () => {
    expect(offersToolTasks({ tasks: { requests: { tools: { call: {} } } } }, 'legacy')).toBe(true);
    expect(offersToolTasks({ tasks: { requests: {} } }, 'legacy')).toBe(false);
    expect(offersToolTasks({ extensions: { [TASKS_EXTENSION]: {} } }, 'modern')).toBe(true);
    expect(offersToolTasks({ tasks: { requests: { tools: { call: {} } } } }, 'modern')).toBe(false);
    expect(offersToolTasks(undefined, 'legacy')).toBe(false);
  });

  it('the Skills extension, by the id skills.ts names', () => {
    expect(offersSkills({ extensions: { [SKILLS_EXTENSION]: {} } })).toBe(true);
    expect(offersSkills({ extensions: { [SKILLS_EXTENSION]: true } })).toBe(false);
    expect(offersSkills({})).toBe(false);
  });
});
