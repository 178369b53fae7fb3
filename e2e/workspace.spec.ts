// One calm workspace (the fourth design review's target): what fills the work area when no tool is
// open, badges that fit their rows, and the controls a person faces on the tool screen.
import { expect, test, type Page } from './fixtures/test.ts';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';
import { openFindATool, openServerDetails } from './fixtures/panes.ts';

const shots = process.env.TOOLSCOPE_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};
const chipScore = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Report \d+$/ });

test('connected with no tool open: a Server overview — name, version, era, tools, the report’s score (the chip’s) and its worst findings, one button to start', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl()));
  const overview = page.getByRole('region', { name: 'Server overview' });
  await expect(overview.getByRole('heading', { level: 2 })).toHaveText('Toolscope demo shop');
  await expect(overview).toContainText('version 0.1.0');
  await expect(overview).toContainText('protocol 2026-07-28');
  await expect(overview).toContainText('29 tools · 15 resources · 3 templates · offers skills');
  await expect(chipScore(page)).toBeVisible();
  const score = (await chipScore(page).textContent())?.replace('Report', '').trim();
  await expect(overview.getByRole('region', { name: 'Report summary' })).toContainText(`${score} / 100`);
  await expect(overview.getByRole('region', { name: 'Report summary' }).getByRole('listitem')).toHaveCount(3);
  await expect(overview.getByRole('region', { name: 'Report summary' }).getByRole('listitem').first()).toContainText(/^error/);
  await shot(page, 'overview-1440');
  await overview.getByRole('button', { name: 'Open Search catalog' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Search catalog' })).toBeVisible();
  await expect(overview).toHaveCount(0);
});

test('each tool row shows one badge (the hint that matters most) and “+N” for the rest: none is clipped at 1440 or 390', async ({
  page,
}) => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(deepLink(demoMcpUrl()));
    const tools = page.getByRole('region', { name: 'Tools' });
    await expect(tools.getByText(/^29 tools/)).toBeVisible();
    const list = tools.getByRole('list', { name: 'Tool list' });
    // Delete basket: destructive first; idempotent stands behind “+1”, named so.
    const remove = list.getByRole('listitem').filter({ hasText: 'Delete basket' });
    await remove.scrollIntoViewIfNeeded();
    await expect(remove.getByLabel('Destructive', { exact: true })).toBeVisible();
    await expect(remove.getByLabel('Idempotent', { exact: true })).toHaveText('+1');
    const clipped = await list.evaluate((element) =>
      [...element.querySelectorAll('li span[aria-label]')]
        .filter(
          (badge) =>
            badge.scrollWidth > badge.clientWidth + 1 ||
            badge.getBoundingClientRect().right > badge.closest('li')!.getBoundingClientRect().right + 1,
        )
        .map((badge) => `${badge.closest('li')?.textContent}: ${badge.getAttribute('aria-label')}`),
    );
    expect(clipped).toEqual([]);
    // The chip names the server whole, on a phone too (its protocol revision gives way first).
    const name = page
      .getByRole('banner')
      .getByRole('status', { name: 'Server' })
      .locator('summary')
      .first()
      .getByText('Toolscope demo shop', { exact: true });
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await shot(page, `badges-${width}`);
    // Server details opens inside the screen at either width (on a phone it spans it).
    const details = await openServerDetails(page);
    const panel = await details.locator(':scope > summary + div').boundingBox();
    expect(panel && panel.x >= 0 && panel.x + panel.width <= width).toBe(true);
    await page.keyboard.press('Escape');
  }
});

/** The focus ring an element draws when reached by keyboard: style, width and colour. */
async function ring(page: Page, locator: ReturnType<Page['locator']>): Promise<string> {
  await page.keyboard.press('Shift');
  await locator.focus();
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
  });
}

test('one focus ring: a <summary>, the Query field and “Search the registry” draw the buttons’ ring', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  const button = await ring(page, page.getByRole('button', { name: 'Call tool' }));
  expect(button).toMatch(/^solid 2px /);
  expect(await ring(page, page.locator('summary').filter({ hasText: 'What the badges mean' }))).toBe(button);
  await openFindATool(page);
  expect(await ring(page, page.getByRole('searchbox', { name: 'Query' }))).toBe(button);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  // A returning person's start screen: Find a server is one button, its view a dialog.
  await page.getByRole('button', { name: 'Find a server…' }).click();
  expect(await ring(page, page.getByRole('searchbox', { name: 'Search the registry' }))).toBe(button);
});

test('at 1280×720 the dock opens no taller than its one History row needs, and the response row is one line', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  const form = page.getByRole('form', { name: 'Arguments' });
  const result = page.getByRole('region', { name: 'Result' });
  // History with its first row: the dock is as tall as that (≤ 120 px), and the form stays in sight.
  await form.getByLabel('query').fill('usb');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result).toContainText('USB');
  await page
    .getByRole('tablist', { name: 'Dock' })
    .getByRole('tab', { name: /^History/ })
    .click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  const panel = await history.locator('xpath=ancestor::*[@role="tabpanel"][1]').boundingBox();
  await shot(page, 'dock-1280');
  expect(panel?.height ?? 999).toBeLessThanOrEqual(120);
  await expect(form.getByLabel('query')).toBeInViewport();
  await expect(form.getByLabel('limit')).toBeInViewport();
  await page
    .getByRole('tablist', { name: 'Dock' })
    .getByRole('tab', { name: /^History/ })
    .click();

  // A second call: Compare is offered, and the outcome, Copy as, Save and Compare share one line.
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('list', { name: 'Runs' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Compare with previous' })).toBeEnabled();
  const tops = await Promise.all(
    [
      result.getByRole('status', { name: 'Outcome' }),
      result.getByRole('button', { name: 'Copy as' }),
      result.getByRole('button', { name: 'Compare with previous' }),
    ].map(async (locator) => (await locator.boundingBox())?.y ?? -1),
  );
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(6);
  await shot(page, 'toolbar-1280');
});

test('the tool screen with a result at 1440: one filled button, and at most 24 controls besides the tool rows (the review counted 39)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('USB-C');
  const controls = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="tab"], [role="switch"], [role="separator"][tabindex]',
      ),
    ]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || element.closest('.sr-only')) return false;
        // Inside a closed popover nothing is on screen but its own summary.
        const closed =
          element.tagName === 'SUMMARY'
            ? element.parentElement?.parentElement?.closest('details:not([open])')
            : element.closest('details:not([open])');
        if (closed) return false;
        // A tablist or radio group is one control (one tab stop; arrows move inside it): its other items are not counted.
        if (element.tabIndex < 0 && !(element as HTMLButtonElement).disabled) return false;
        // The tool rows, and the JSON tree's rows (the result's content, not the screen's controls).
        return !element.closest('[aria-label="Tool list"], [aria-label="structured content tree"]');
      })
      .map((element) => ({
        name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40),
        filled: element.classList.contains('bg-blue-600'),
      })),
  );
  console.log(`${controls.length} controls: ${controls.map((control) => control.name).join(' | ')}`);
  expect(controls.filter((control) => control.filled).map((control) => control.name)).toEqual([expect.stringMatching(/^Call tool/)]);
  // Review 4 counted 39. The top bar of six, one schema disclosure, the sidebar's tablist (Find a tool
  // is the report's tab), Call settings in Server details and one Form|JSON switch make 24.
  expect(controls.length).toBeLessThanOrEqual(24);
});
