// The prompt and resource rules, each with what it flags and what it leaves alone (shapes from
// server-everything and fastmcp's README, and RFC 6570's own examples).
import { describe, expect, it } from 'vitest';
import type { McpPrompt, McpResource, McpResourceTemplate } from '../mcp/serverOffers.ts';
import { offerFindings, templateProblem } from './offerRules.ts';

const prompt = (name: string, extra: Partial<McpPrompt> = {}): McpPrompt => ({ name, arguments: [], icons: [], ...extra });
const resource = (uri: string, mimeType?: string): McpResource => ({ uri, name: uri, icons: [], ...(mimeType ? { mimeType } : {}) });
const template = (uriTemplate: string, mimeType = 'text/plain'): McpResourceTemplate => ({ uriTemplate, name: 'T', icons: [], mimeType });
const listing = <Item>(items: Item[]) => ({ items, pages: 1, refused: 0 });
const rules = (input: Parameters<typeof offerFindings>[0]) => offerFindings(input).map((finding) => `${finding.severity} ${finding.rule}`);

describe('templateProblem (RFC 6570)', () => {
  it('accepts the RFC’s level 1–4 forms and the templates servers publish', () => {
    for (const ok of [
      'file:///logs/{name}.log',
      'demo://resource/dynamic/text/{resourceId}',
      '{+path}/here',
      'map{?x,y}',
      '{/list*}',
      '{var:3}',
      'X{.keys*}',
      '{#path:6}/here',
      'repo://{owner}/{repo}{/path*}{?ref}',
      'docs://{a.b}/{%20x}',
      'static://no-variables',
    ])
      expect(templateProblem(ok), ok).toBeUndefined();
  });

  it('says what breaks the grammar', () => {
    expect(templateProblem('file:///{name.log')).toContain('braces do not pair');
    expect(templateProblem('file:///name}.log')).toContain('braces do not pair');
    expect(templateProblem('users/{}')).toContain('an empty variable');
    expect(templateProblem('users/{user-id}')).toContain('"user-id"');
    expect(templateProblem('users/{id:0}')).toContain('"id:0"');
    expect(templateProblem('users/{=id}')).toContain('reserved');
    expect(templateProblem('users/{a,,b}')).toContain('an empty variable');
  });
});

describe('offerFindings', () => {
  it('is silent on a server whose prompts and resources say what they are (fastmcp README’s examples)', () => {
    expect(
      offerFindings({
        completions: true,
        prompts: listing([
          prompt('git-commit', {
            description: 'Generate a Git commit message',
            arguments: [{ name: 'changes', description: 'Git diff or description of changes', required: true }],
          }),
        ]),
        resources: listing([resource('file:///logs/app.log', 'text/plain')]),
        templates: listing([template('file:///logs/{name}.log')]),
      }),
    ).toEqual([]);
  });

  it('says a list the server declared but would not give, or gave entries a client must drop, as errors', () => {
    expect(rules({ completions: false, prompts: { failed: 'MCP error -32601: Method not found' } })).toEqual(['error offers-list-failed']);
    const [failed] = offerFindings({ completions: false, resources: { failed: 'timed out' }, templates: listing([]) });
    expect(failed?.message).toBe('The server declares resources, but resources/list failed: timed out');
    expect(offerFindings({ completions: false, templates: { items: [], pages: 1, refused: 2 } })[0]?.message).toContain(
      'sent 2 entries without the uriTemplate',
    );
  });

  it('names the prompts and arguments without descriptions (info: a person, not a model, fills them)', () => {
    const findings = offerFindings({
      completions: true,
      prompts: listing([
        prompt('simple'),
        prompt('args-prompt', {
          description: 'A prompt with arguments',
          arguments: [
            { name: 'city', description: 'Name of the city', required: true },
            { name: 'state', required: false },
          ],
        }),
      ]),
    });
    expect(findings.map((finding) => [finding.rule, finding.severity, finding.message])).toEqual([
      ['prompt-description-missing', 'info', expect.stringContaining('The prompt "simple" has no description')],
      ['prompt-argument-undescribed', 'info', expect.stringContaining('"args-prompt" asks for "state" without a description')],
    ]);
  });

  it('names resources without a MIME type (five at most, the rest counted), and an invalid template as an error', () => {
    const resources = Array.from({ length: 7 }, (_, index) => resource(`mem://${index}`));
    const findings = offerFindings({
      completions: true,
      resources: listing([...resources, resource('mem://typed', 'application/json')]),
      templates: listing([template('mem://{id'), template('mem://{id}', '')]),
    });
    expect(findings.map((finding) => `${finding.severity} ${finding.rule}`)).toEqual([
      'info resource-mime-missing',
      'error resource-template-invalid',
    ]);
    expect(findings[0]?.message).toMatch(/^8 resources and templates "mem:\/\/0", .* and 3 more declare no MIME type/);
    expect(findings[1]?.message).toContain('"mem://{id" ("T") is not an RFC 6570 URI template: its braces do not pair');
  });

  it('says templates with variables on a server without completions, and only then', () => {
    const templates = listing([template('file:///logs/{name}.log'), template('static://plain')]);
    expect(rules({ completions: false, templates })).toEqual(['info template-completion-missing']);
    expect(offerFindings({ completions: false, templates })[0]?.message).toContain('The template "file:///logs/{name}.log" takes values');
    expect(rules({ completions: true, templates })).toEqual([]);
    expect(rules({ completions: false, templates: listing([template('static://plain')]) })).toEqual([]);
  });
});
