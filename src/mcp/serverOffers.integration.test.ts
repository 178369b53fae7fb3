// Prompts, resources, templates and completion against server-everything (written by others),
// through McpConnection's one request path; the template expansion against RFC 6570's own examples.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverything, type RunningServer } from '../../server/testing/testServers.ts';
import { McpConnection } from './connection.ts';
import { expandTemplate, promptArgumentsSchema, templateVariables } from './serverOffers.ts';

describe('server offers on server-everything', () => {
  let everything: RunningServer;
  let connection: McpConnection;
  beforeAll(async () => {
    everything = await startEverything();
    connection = await McpConnection.connect({ url: everything.url });
  }, 60_000);
  afterAll(async () => {
    await connection.close();
    await everything.stop();
  });

  it('says what the server declares', () => {
    expect([connection.offers.prompts, connection.offers.resources, connection.offers.completions, connection.offers.subscribe]).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('lists the four prompts with their arguments, and gets args-prompt with its city', async () => {
    const listing = await connection.offers.listPrompts();
    expect(listing.items.map((prompt) => prompt.name)).toEqual(['simple-prompt', 'args-prompt', 'completable-prompt', 'resource-prompt']);
    const args = listing.items.find((prompt) => prompt.name === 'args-prompt')!;
    expect(args.arguments).toEqual([
      { name: 'city', description: 'Name of the city', required: true, title: undefined },
      { name: 'state', required: false, title: undefined, description: undefined },
    ]);
    expect(promptArgumentsSchema(args)).toMatchObject({ required: ['city'], properties: { city: { type: 'string' } } });
    const got = await connection.offers.getPrompt('args-prompt', { city: 'Paris' });
    expect(got.messages).toEqual([{ role: 'user', content: { type: 'text', text: expect.stringContaining('Paris') } }]);
  });

  it('completes an argument, the other arguments as context', async () => {
    const department = await connection.offers.complete(
      { type: 'ref/prompt', name: 'completable-prompt' },
      { name: 'department', value: 'E' },
      {},
    );
    expect(department.values).toContain('Engineering');
    const names = await connection.offers.complete(
      { type: 'ref/prompt', name: 'completable-prompt' },
      { name: 'name', value: '' },
      { department: 'Engineering' },
    );
    expect(names.values.length).toBeGreaterThan(0);
  });

  it('lists resources and templates, and reads one of each', async () => {
    const resources = await connection.offers.listResources();
    expect(resources.items.length).toBeGreaterThan(0);
    expect(resources.items[0]).toMatchObject({ uri: expect.stringMatching(/^demo:\/\//), mimeType: expect.any(String) });
    const read = await connection.readResource(resources.items[0]!.uri);
    expect(read[0]).toMatchObject({ kind: 'text' });
    const templates = await connection.offers.listTemplates();
    const text = templates.items.find((template) => template.uriTemplate.includes('/text/'))!;
    expect(templateVariables(text.uriTemplate)).toEqual(['resourceId']);
    const uri = expandTemplate(text.uriTemplate, { resourceId: '7' });
    expect(uri).toBe('demo://resource/dynamic/text/7');
    expect((await connection.readResource(uri))[0]).toMatchObject({ kind: 'text', uri });
  });
});

describe('RFC 6570 expansion (url-template) and variables', () => {
  // RFC 6570 §3.2 examples: var = "value", hello = "Hello World!", path = "/foo/bar", list = red,green,blue.
  it.each([
    ['{var}', { var: 'value' }, 'value'],
    ['{hello}', { hello: 'Hello World!' }, 'Hello%20World%21'],
    ['{+path}/here', { path: '/foo/bar' }, '/foo/bar/here'],
    ['X{.var}', { var: 'value' }, 'X.value'],
    ['{/var}', { var: 'value' }, '/value'],
    ['{?x,y}', { x: '1024', y: '768' }, '?x=1024&y=768'],
    ['file/{id}', { id: 'a/b c' }, 'file/a%2Fb%20c'],
  ])('%s', (template, values, expected) => {
    expect(expandTemplate(template, values)).toBe(expected);
  });

  it('names each variable once, modifiers dropped', () => {
    expect(templateVariables('db://{table}/{id}{?fields*,limit:3}{&id}')).toEqual(['table', 'id', 'fields', 'limit']);
  });
});
