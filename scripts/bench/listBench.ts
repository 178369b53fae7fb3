// `npm run bench` — list: 10,000 tools in pages of 100 and of 10, against the bare SDK and the browser's floor.
import { startScaleServer } from '../../server/testing/scale.ts';
import { bareListMedian, floorList, listTimes, record } from './harness.ts';

export async function benchList(): Promise<void> {
  for (const pageSize of [100, 10]) {
    const server = await startScaleServer({ tools: 10_000, pageSize });
    const pages = 10_000 / pageSize;
    const reference = await bareListMedian(server.url);
    const toolscope = await listTimes(server.url, reference.count, pages);
    const floor = await floorList(server.url);
    record({
      figure: `10,000 tools in ${pages} pages of ${pageSize}: deep link → full count`,
      toolscope: toolscope.total,
      reference: reference.total,
      unit: 'ms',
      target: '≤ 1.5× bare SDK',
      judge: 'ratio',
      limit: 1.5,
    });
    record({
      figure: `  the browser's floor: the same pages by a bare fetch loop in Chromium`,
      toolscope: floor,
      reference: reference.total,
      unit: 'ms',
      target: '(context)',
      judge: 'context',
      limit: 0,
    });
    record({
      figure: `  first tools visible after the first page's response`,
      toolscope: toolscope.firstRow,
      unit: 'ms',
      target: '≤ 100 ms',
      judge: 'value',
      limit: 100,
    });
    record({
      figure: `  longest main-thread task while pages stream in`,
      toolscope: toolscope.longestTask,
      unit: 'ms',
      target: '≤ 100 ms',
      judge: 'value',
      limit: 100,
    });
    await server.stop();
  }
}
