// The workspace: full-height panes that fit common screens, a real dark mode, and a keyboard path.
import { coveredTopBarControls } from './fixtures/layout.ts';
import { expect, test, type Page } from './fixtures/test.ts';
import { pageErrors } from './fixtures/console.ts';
import { openTraffic, openMore } from './fixtures/panes.ts';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';

const shots = process.env.TOOLSCOPE_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};
const tools = (page: Page) => page.getByRole('region', { name: 'Tools' });

test('at 1440×900 the tool list shows at least 12 tools, and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await expect(tools(page).getByText(/^29 tools/)).toBeVisible();
  await shot(page, 'workspace-1440-light');
  const list = page.getByRole('list', { name: 'Tool list' });
  const box = await list.locator('..').boundingBox();
  const rows = list.getByRole('button');
  let fullyVisible = 0;
  for (const row of await rows.all()) {
    const rowBox = await row.boundingBox();
    if (rowBox && box && rowBox.y >= box.y - 1 && rowBox.y + rowBox.height <= box.y + box.height + 1) fullyVisible++;
  }
  expect(fullyVisible).toBeGreaterThanOrEqual(12);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('at 1280×720 search_catalog’s form and “Call tool” are in view without scrolling the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await shot(page, 'workspace-1280');
  const call = page.getByRole('button', { name: 'Call tool' });
  await expect(call).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('form', { name: 'Arguments' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('no horizontal scrollbar at 1024 px (request and response as tabs, the pill in sight after a call); at 390 px one pane at a time', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await expect(page.getByRole('button', { name: 'Call tool' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill('usb');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const pill = page.getByRole('region', { name: 'Result' }).getByRole('status', { name: 'Outcome' });
  await expect(pill).toHaveText(/^Success/);
  await expect(pill).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('tab', { name: 'Response' })).toHaveAttribute('aria-selected', 'true');
  expect(await coveredTopBarControls(page)).toEqual([]);
  await openMore(page);
  await expect(page.getByRole('combobox', { name: 'Theme' })).toBeVisible();
  await page.keyboard.press('Escape');
  await shot(page, 'workspace-1024');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(deepLink(demoMcpUrl()));
  const paneTabs = page.getByRole('tablist', { name: 'Panes' });
  await expect(paneTabs.getByRole('tab')).toHaveText(['Tools', 'Request', 'Response', 'Dock']);
  await tools(page)
    .getByRole('button', { name: /^Search catalog/ })
    .click();
  // The request alone: its form and Call tool in sight, the list out of the way.
  await expect(page.getByRole('form', { name: 'Arguments' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Call tool' })).toBeInViewport();
  await expect(tools(page)).toBeHidden();
  await expect(paneTabs.getByRole('tab', { name: 'Request' })).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'workspace-390');
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill('usb');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await paneTabs.getByRole('tab', { name: 'Response' }).click();
  await expect(pill).toHaveText(/^Success/);
  await expect(pill).toBeInViewport();
  await shot(page, 'workspace-390-response');
  await paneTabs.getByRole('tab', { name: 'Dock' }).click();
  await expect(page.getByRole('tablist', { name: 'Dock' })).toBeVisible();
  await page
    .getByRole('tablist', { name: 'Dock' })
    .getByRole('tab', { name: /^History/ })
    .click();
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  // The dock is the whole pane here: its tab, tapped again, keeps it (it used to leave the pane
  // blank), and there is no "Hide" — leaving is the Panes' job.
  await page
    .getByRole('tablist', { name: 'Dock' })
    .getByRole('tab', { name: /^History/ })
    .click();
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide ▾' })).toHaveCount(0);
  await paneTabs.getByRole('tab', { name: 'Tools' }).click();
  await expect(tools(page)).toBeVisible();
  expect(await coveredTopBarControls(page)).toEqual([]);
  // Connected, the phone's bar is two rows (it was four): the title, Report and Commands; then the
  // chip, instructions and Disconnect. Theme and the saved servers are in the palette.
  const bar = await page.getByRole('banner').boundingBox();
  expect(bar?.height).toBeLessThanOrEqual(80);
  await expect(page.getByRole('banner').getByRole('status', { name: 'Server' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Disconnect' })).toBeInViewport();
  await expect(page.getByRole('combobox', { name: 'Theme' })).toBeHidden();
  await page.getByRole('button', { name: 'Commands' }).click();
  await page.getByRole('combobox', { name: 'Command' }).fill('theme dark');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('Theme: dark applies to every surface and is remembered; light and system too', async ({ page }) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('USB-C');
  const background = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  // Lightness of a computed colour (Chromium reports lab() or oklch()).
  const lightness = async (selector: string) =>
    Number(/\(([\d.]+)/.exec(await background(selector))?.[1]) / ((await background(selector)).startsWith('oklch') ? 0.01 : 1);
  expect(await lightness('body')).toBeGreaterThan(90);

  await openMore(page);
  await page.getByRole('combobox', { name: 'Theme', exact: true }).selectOption('dark');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.keyboard.press('Escape');
  await openTraffic(page);
  for (const surface of ['body', 'header', 'section[aria-label="Traffic"]', 'input[type="search"]'])
    expect(await lightness(surface)).toBeLessThan(25);
  expect(await page.locator('html').evaluate((element) => getComputedStyle(element).colorScheme)).toBe('dark');
  await shot(page, 'workspace-1440-dark');

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await openMore(page);
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('system');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(errors).toEqual([]);
});

test('keyboard: Ctrl+K opens a tool, Ctrl+Enter calls, / searches, ↑/↓ move, ? lists the shortcuts', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'get_current_time'));
  await expect(page.getByRole('button', { name: 'Call tool' })).toBeVisible();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  // Anchored: the input keeps its place while the list below it shrinks.
  const inputY = async () => (await palette.getByRole('combobox').boundingBox())?.y;
  const before = await inputY();
  await palette.getByRole('combobox').fill('search catalog');
  await expect(palette.getByRole('option').first()).toContainText('Search catalog');
  expect(await inputY()).toBe(before);
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  const query = page.getByRole('form', { name: 'Arguments' }).getByLabel('query');
  await query.fill('cable');
  // Ctrl+Enter from the form calls (a read-only tool: no confirmation).
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('USB-C');

  await page.locator('main').click({ position: { x: 900, y: 5 } });
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search tools' })).toBeFocused();

  await tools(page)
    .getByRole('button', { name: /^Current time/ })
    .focus();
  await page.keyboard.press('ArrowDown');
  await expect(tools(page).getByRole('button', { name: /^Create basket/ })).toBeFocused();
  await expect(tools(page).getByRole('button', { name: /^Create basket/ })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(tools(page).getByRole('button', { name: /^Current time/ })).toHaveAttribute('aria-current', 'true');
  // The list is one Tab stop: from the search box one Tab lands on the selected tool, the next leaves the list.
  await page.getByRole('searchbox', { name: 'Search tools' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(tools(page).getByRole('button', { name: /^Current time/ })).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[aria-label="Tool list"]') === null)).toBe(true);

  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toContainText('Ctrl+Enter');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('the tool sidebar resizes by its corner and keeps its width after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  const sidebar = tools(page).locator('..');
  const before = await sidebar.boundingBox();
  if (!before) throw new Error('no sidebar');
  await page.mouse.move(before.x + before.width - 3, before.y + before.height - 3);
  await page.mouse.down();
  await page.mouse.move(before.x + before.width + 97, before.y + before.height - 3, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeGreaterThan(before.width + 60);
  const widened = (await sidebar.boundingBox())?.width ?? 0;
  await page.reload();
  await expect(page.getByRole('button', { name: 'Call tool' })).toBeVisible();
  expect(Math.abs(((await sidebar.boundingBox())?.width ?? 0) - widened)).toBeLessThan(2);
});

test('the splitter between request and response drags, moves with ←/→, and keeps its place after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  const splitter = page.getByRole('separator', { name: 'Resize request and response' });
  await expect(splitter).toBeVisible();
  const start = Number(await splitter.getAttribute('aria-valuenow'));
  const box = await splitter.boundingBox();
  if (!box) throw new Error('no splitter');
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 120, box.y + 200, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => Number(await splitter.getAttribute('aria-valuenow'))).toBeLessThan(start - 100);
  await splitter.focus();
  const dragged = Number(await splitter.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  await expect(splitter).toHaveAttribute('aria-valuenow', String(dragged + 24));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Call tool' })).toBeVisible();
  await expect(splitter).toHaveAttribute('aria-valuenow', String(dragged + 24));
  // The form pane follows the splitter.
  const form = await page.getByRole('form', { name: 'Arguments' }).boundingBox();
  expect(form && form.width < dragged + 24).toBe(true);
});

test('palette: fuzzy letters find a tool with the matched letters marked; what was used comes first, under Recent; Diagnose opens the doctor', async ({
  page,
}) => {
  await page.goto(deepLink(demoMcpUrl(), 'get_current_time'));
  await expect(page.getByRole('button', { name: 'Call tool' })).toBeVisible();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.press('Control+k');
  // Letters in order, not words: "srch ctlg" is Search catalog, its matched letters marked.
  await palette.getByRole('combobox').fill('srch ctlg');
  const first = palette.getByRole('option').first();
  await expect(first).toContainText('Search catalog');
  expect((await first.locator('mark').allTextContents()).join('')).toMatch(/^Srchc?tlg$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('query')).toBeVisible();

  // Opened again with nothing typed: the tool just used is first, under Recent.
  await page.keyboard.press('Control+k');
  await expect(palette.getByRole('option').first()).toContainText('Recent');
  await expect(palette.getByRole('option').first()).toContainText('Search catalog');
  await palette.getByRole('combobox').fill('diagnose');
  await expect(palette.getByRole('option').first()).toContainText('Diagnose the connection');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /^Connection doctor/ }).getByRole('region', { name: 'Connection doctor' })).toBeVisible({
    timeout: 15_000,
  });
});

test('palette: "Run the last call again" repeats it, and a filter by annotation narrows the list', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('USB-C');
  // Move elsewhere first: the command opens the tool again and sends the same arguments.
  await tools(page)
    .getByRole('button', { name: /^Current time/ })
    .click();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('run the last call');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Runs' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('USB-C');

  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox').fill('annotation destructive');
  await page.keyboard.press('Enter');
  await expect(tools(page).getByRole('radiogroup', { name: 'Filter by hint' }).getByRole('radio', { name: 'Destructive' })).toBeChecked();
  await expect(tools(page).getByText(/^\d+ of 29 tools/)).toBeVisible();
  const rows = tools(page).getByRole('list', { name: 'Tool list' }).getByRole('button');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText('Destructive');
});
