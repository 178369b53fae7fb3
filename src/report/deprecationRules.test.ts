import { describe, expect, it } from 'vitest';
import { deprecationFindings } from './deprecationRules.ts';
import type { CallRecord } from './callRules.ts';

const failed = (tool: string, message: string): CallRecord => ({ tool, failure: { kind: 'protocol', message } as CallRecord['failure'] });
const text = (tool: string, words: string): CallRecord => ({
  tool,
  result: { content: [{ type: 'text', text: words }], isError: true } as unknown as CallRecord['result'],
});

describe('what 2026-07-28 deprecates (SEP-2577), as info', () => {
  it('deprecated-logging: a server that declares logging; none for one that does not', () => {
    expect(deprecationFindings({ logging: {}, tools: {} }, [])).toEqual([
      expect.objectContaining({ rule: 'deprecated-logging', severity: 'info' }),
    ]);
    expect(deprecationFindings({ tools: {} }, [])).toEqual([]);
    expect(deprecationFindings(undefined, [])).toEqual([]);
  });

  it('deprecated-sampling and deprecated-roots: a call that needed them, once per tool; other calls left alone', () => {
    const found = deprecationFindings({}, [
      failed('summarize', "Cannot fulfil input request 'llm': no handler is registered for 'sampling/createMessage' on this client."),
      failed('summarize', 'no handler is registered for sampling/createMessage'),
      text('open_folder', 'The client does not support roots/list, so no folder is known.'),
      text('echo', 'hello'),
    ]);
    expect(found.map((finding) => [finding.rule, finding.tool, finding.severity])).toEqual([
      ['deprecated-sampling', 'summarize', 'info'],
      ['deprecated-roots', 'open_folder', 'info'],
    ]);
  });
});
