// Tasks on both wires: server-everything's simulate-research-query (2025-11-25, by others), the
// demo's build_sales_report (2026-07-28, the tasks extension) and a server whose task never ends.
import { expect, test, type Page } from './fixtures/test.ts';
import { deepLink, demoMcpUrl, everythingMcpUrl, optionalTaskMcpUrl, stuckTasksMcpUrl } from './fixtures/urls.ts';
import { openDock, openTraffic } from './fixtures/panes.ts';

const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const task = (page: Page) => result(page).getByRole('group', { name: 'Task' });

async function open(page: Page, server: string, tool: string) {
  await page.goto(deepLink(server, tool));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
  await expect(page.getByRole('button', { name: 'Call tool' })).toBeVisible();
}

test('2025 wire: a required-task tool runs as a task, survives a reload, and other calls go on meanwhile', async ({ page }) => {
  await open(page, everythingMcpUrl(), 'simulate-research-query');
  await expect(page.getByText('Runs as a task (execution.taskSupport "required")')).toBeVisible();
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('topic').fill('tides');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(task(page)).toContainText('Working');
  await expect(task(page)).toContainText(/polling every 1\.0 s/);

  // Halfway (the task takes four 1 s stages): the page goes away and comes back.
  await page.reload();
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
  await expect(task(page)).toContainText('Working');
  await expect(task(page)).toContainText('resumed after a reload');

  // Another call meanwhile: nothing waits for the task; its result arrives first.
  const pick = async (name: string) => {
    await page.getByPlaceholder('Search name, title, description').fill(name);
    await page.getByRole('region', { name: 'Tools' }).getByText(name, { exact: true }).click();
  };
  await pick('echo');
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('message').fill('meanwhile');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('Echo: meanwhile');

  // The task goes on to its result, recorded in History after the echo (newest first).
  await pick('simulate-research-query');
  await expect(task(page)).toContainText('Completed', { timeout: 15_000 });
  await expect(task(page)).toContainText('resumed after a reload');
  await expect(result(page)).toContainText('Research Report: tides');
  const history = await openDock(page, 'History');
  const calls = history.getByRole('listitem');
  await expect(calls.nth(0)).toContainText('simulate-research-query');
  await expect(calls.nth(1)).toContainText('echo');
  const traffic = await openTraffic(page);
  await expect(traffic).toContainText('tasks/get');
  await expect(traffic).toContainText('tasks/result');
});

test('2026 wire: the demo’s report task says its status, asks once (tasks/update), completes; a second is cancelled', async ({ page }) => {
  await open(page, demoMcpUrl(), 'build_sales_report');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(task(page)).toContainText('Working');
  await expect(task(page)).toContainText(/step \d+ of 10/);
  await expect(task(page)).toContainText(/expires in \d+ min/);
  const ask = page.getByRole('dialog', { name: /asks for input/ });
  await expect(ask).toContainText('Which currency should the sales report use?');
  await ask.getByLabel('Currency').selectOption('USD');
  await ask.getByRole('button', { name: 'Accept' }).click();
  await expect(task(page)).toContainText('Completed', { timeout: 15_000 });
  await expect(result(page)).toContainText('Sales report 2026 (USD)');
  const traffic = await openTraffic(page);
  await expect(traffic).toContainText('tasks/update');

  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(task(page)).toContainText('Working');
  await page.getByRole('button', { name: 'Cancel task' }).click();
  await expect(task(page)).toContainText('Cancelled');
  await expect(result(page)).toContainText('Cancelled at step');
  await expect(traffic).toContainText('tasks/cancel');
});

test('background work has a home: open another tool and the dock strip says “Tasks ● 1” within 1 s; the question names the task’s tool; Open and Cancel from the Tasks tab', async ({
  page,
}) => {
  await open(page, demoMcpUrl(), 'build_sales_report');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(task(page)).toContainText('Working');
  // Another tool opens: the task still has a place on screen.
  await page.getByPlaceholder('Search name, title, description').fill('current time');
  await page.getByRole('region', { name: 'Tools' }).getByText('Current time', { exact: true }).click();
  const strip = page.getByRole('tablist', { name: 'Dock' });
  await expect(strip.getByRole('tab', { name: /^Tasks\s*● 1$/ })).toBeVisible({ timeout: 1000 });
  // Its question does not open over the other tool: a note says which tool and task ask, and
  // Answer leads to the task's pane, where the question opens.
  const ask = page.getByRole('dialog', { name: /asks for input/ });
  const note = page.getByRole('status').filter({ hasText: /asks for input/ });
  await expect(note).toContainText(/^build_sales_report \(task .+\) asks for input/);
  await expect(ask).toBeHidden();
  await note.getByRole('button', { name: 'Answer' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Build sales report' })).toBeVisible();
  await expect(ask.getByRole('heading')).toHaveText(/^build_sales_report \(task .+\) asks for input/);
  await ask.getByRole('button', { name: 'Decline' }).click();
  const tasks = await openDock(page, 'Tasks');
  const row = tasks.getByRole('listitem').first();
  await expect(row).toContainText('build_sales_report');
  await row.getByRole('button', { name: /^Cancel task of build_sales_report/ }).click();
  await expect(row).toContainText('Cancelled', { timeout: 10_000 });
  await expect(strip.getByRole('tab', { name: /^Tasks$/ })).toBeVisible();
  await row.getByRole('button', { name: /^Open build_sales_report/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Build sales report' })).toBeVisible();
  // What the result says was sent on cancel is what Traffic shows: tasks/cancel.
  await expect(result(page)).toContainText('tasks/cancel');
  await expect(result(page)).not.toContainText('notifications/cancelled');
  await expect(await openTraffic(page)).toContainText('tasks/cancel');
});

test('a task that never leaves working is Expired past its TTL, and its wrong fields are named', async ({ page }) => {
  await open(page, stuckTasksMcpUrl(), 'stuck_export');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(task(page)).toContainText('Working');
  await expect(task(page)).toContainText('A task result without resultType');
  await expect(task(page)).toContainText('"ttl" where the 2026-07-28 wire names it "ttlMs"');
  await expect(task(page)).toContainText('Expired', { timeout: 15_000 });
  await expect(result(page).getByRole('status', { name: 'Outcome' })).toContainText('task expired');
  // The report judges the call: the tool's view names the rules.
  await expect(page.getByText(/Report: \d+ findings? for this tool \(.*task-result-type.*task-stuck/)).toBeVisible();
});

test('2025 wire: an optional-task tool runs plainly, or as a task when "Run as task" is ticked', async ({ page }) => {
  await open(page, optionalTaskMcpUrl(), 'export_orders');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('Exported 42 orders (plain call).');
  await expect(task(page)).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Run as task' }).check();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(task(page)).toContainText('Working');
  await expect(task(page)).toContainText('Completed');
  await expect(result(page)).toContainText('Exported 42 orders (as a task).');
});
