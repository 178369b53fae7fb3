// "Model" (issue 66) in the page: your own model asked with exactly the server's tools, against
// loopback fakes of the providers' APIs (their published wire formats; no provider runs here). A
// refused direct call (no CORS) says what to set; an allowed one shows the choice beside BM25, the
// key travels in its header only and lives in memory only, and "Run it" goes through the call gate.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startFakeModel, type FakeChoice } from '../server/testing/modelFakes.ts';
import { expect, test } from './fixtures/test.ts';
import { addServer, openFindATool } from './fixtures/panes.ts';
import { deepLink, demoMcpUrl, everythingMcpUrl } from './fixtures/urls.ts';

const KEY = 'sk-page-model-key-0123456789';
const choose = (question: string): FakeChoice =>
  /lamp/.test(question) ? { tool: 'search_catalog', args: { query: 'lamp' }, text: 'Let me search.' } : { text: 'No tool for that.' };

async function openModel(page: Page) {
  const find = await openFindATool(page);
  await find.getByRole('button', { name: 'Model', exact: true }).click();
  return page.getByRole('region', { name: 'Model', exact: true });
}

test('a provider that refuses a direct call from the page: said, with what to set; through Toolscope’s proxy it answers', async ({
  page,
}) => {
  const fake = await startFakeModel({ provider: 'openai', choose });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(deepLink(demoMcpUrl()));
    const panel = await openModel(page);
    await panel.getByRole('textbox', { name: 'Base URL' }).fill(fake.url);
    await panel.getByRole('textbox', { name: 'Model name' }).fill('fake-llama');
    await panel.getByRole('textbox', { name: 'Ask the model' }).fill('find me a lamp');
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
    const alert = panel.getByRole('alert');
    await expect(alert).toContainText('refused a direct call from this page (no CORS)');
    await expect(alert).toContainText(`OLLAMA_ORIGINS=${new URL(page.url()).origin}`);
    // The proxy relays to the base URL typed here (server to server: no CORS needed).
    await panel.getByRole('checkbox', { name: /^Through Toolscope’s proxy/ }).check();
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(page.getByRole('region', { name: "Model's choice" })).toContainText('fake-llama would call search_catalog');
    await expect(alert).toHaveCount(0);
    expect(fake.requests.at(-1)?.path).toBe('/v1/chat/completions');
  } finally {
    await fake.stop();
  }
});

test('the model’s choice beside BM25, the key in its header and in memory only, and Run it through the gate', async ({ page }) => {
  const fake = await startFakeModel({ provider: 'openai', choose, key: KEY, cors: true });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(deepLink(demoMcpUrl()));
    const panel = await openModel(page);
    await panel.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'OpenAI-compatible' });
    await panel.getByRole('textbox', { name: 'Base URL' }).fill(fake.url);
    await panel.getByRole('textbox', { name: 'Model name' }).fill('fake-llama');
    await panel.getByLabel('API key').fill(KEY);
    await panel.getByRole('textbox', { name: 'Ask the model' }).fill('find me a lamp');
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
    const choice = page.getByRole('region', { name: "Model's choice" });
    await expect(choice).toContainText('fake-llama would call search_catalog');
    await expect(choice).toContainText('✓ The arguments match the tool’s input schema.');
    await expect(choice).toContainText('BM25 for the same words');
    await expect(choice).toContainText('Let me search.');
    // The tools sent are the demo's, as the model sees them; the key only in its header.
    const [request] = fake.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    const names = (request?.body.tools as { function: { name: string } }[]).map((tool) => tool.function.name);
    expect(names).toContain('search_catalog');
    expect(names.length).toBeGreaterThan(20);
    expect(JSON.stringify(request?.body)).not.toContain(KEY);

    // A question with no tool, then the table exports as a queries file.
    await panel.getByRole('textbox', { name: 'Ask the model' }).fill('tell me a joke');
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(choice).toContainText('fake-llama called no tool');
    const asked = panel.getByRole('region', { name: 'Questions asked' });
    await expect(asked.getByRole('row')).toHaveCount(3);

    // The key was written nowhere.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(KEY);

    // Run it: the first question's choice, through the one call path.
    await panel.getByRole('textbox', { name: 'Ask the model' }).fill('find me a lamp');
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(choice).toContainText('would call search_catalog');
    const sent = page.waitForRequest((call) => (call.postData() ?? '').includes('"tools/call"'));
    await choice.getByRole('button', { name: 'Run it' }).click();
    expect((await sent).postData()).toContain('"query":"lamp"');
    await expect(page.getByRole('region', { name: 'Result' })).toContainText(/lamp/i);

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const results = await new AxeBuilder({ page }).include('main').analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    }

    // Gone on reload.
    await page.reload();
    const again = await openModel(page);
    await expect(again.getByLabel('API key')).toHaveValue('');
  } finally {
    await fake.stop();
  }
});

test('with several servers the model gets the tools as the chosen host names them, and a choice on another server opens there', async ({
  page,
}) => {
  // The scripted model picks the offered name that ends with the tool it wants.
  const fake = await startFakeModel({
    provider: 'openai',
    cors: true,
    choose: (_question, names) => ({ tool: names.find((name) => name.endsWith('search_catalog')), args: { query: 'lamp' } }),
  });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(deepLink(demoMcpUrl()));
    await addServer(page, everythingMcpUrl());
    await expect(page.getByRole('banner').getByRole('status', { name: 'Server' })).toContainText('2 servers');
    const panel = await openModel(page);
    await panel.getByRole('combobox', { name: 'Host profile' }).selectOption({ label: 'Claude Code' });
    await panel.getByRole('textbox', { name: 'Base URL' }).fill(fake.url);
    await panel.getByRole('textbox', { name: 'Model name' }).fill('fake-llama');
    await panel.getByRole('textbox', { name: 'Ask the model' }).fill('find me a lamp');
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
    const choice = page.getByRole('region', { name: "Model's choice" });
    await expect(choice).toContainText('fake-llama would call mcp__toolscope-demo__search_catalog');
    const names = (fake.requests[0]?.body.tools as { function: { name: string } }[]).map((tool) => tool.function.name);
    expect(names).toContain('mcp__everything__echo');
    expect(names.every((name) => name.startsWith('mcp__'))).toBe(true);
    await choice.getByRole('button', { name: 'Open on Toolscope demo shop' }).click();
    await expect(page.getByRole('banner').getByRole('status', { name: 'Server' })).toContainText('Toolscope demo shop');
    await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('Query')).toBeVisible();
  } finally {
    await fake.stop();
  }
});
