import { appUrl, newPage, record, root } from './harness.ts';
import { FIRST_SCREEN_BUDGET_KB, firstScreenScripts } from './firstScreen.ts';

// ---- first screen: JavaScript loaded before the person does anything ----------------------
export async function benchFirstScreenBytes(): Promise<void> {
  const page = await newPage();
  const { bytes, files } = await firstScreenScripts(page, appUrl, `${root}/dist`);
  const inline = [...files.keys()].filter((name) => name.startsWith('inline')).length;
  record({
    figure: `first screen JavaScript (${files.size - inline} files + ${inline} inline, incl. warm-ups)`,
    toolscope: bytes / 1024,
    unit: 'KB gzip',
    target: `≤ ${FIRST_SCREEN_BUDGET_KB} KB`,
    judge: 'value',
    limit: FIRST_SCREEN_BUDGET_KB,
  });
  await page.close();
}
