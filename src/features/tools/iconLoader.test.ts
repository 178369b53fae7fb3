import { describe, expect, it } from 'vitest';
import { loadIcon } from './iconLoader.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const serve = (body: BodyInit, type: string) => () => Promise.resolve(new Response(body, { headers: { 'content-type': type } }));

describe('loadIcon', () => {
  it('turns a real remote PNG into a blob: URL', async () => {
    const url = await loadIcon('https://icons.test/ok.png', 'image/png', serve(PNG, 'image/png'));
    expect(url).toMatch(/^blob:/);
  });

  it('refuses bytes that are not an image, oversize icons and failed requests', async () => {
    expect(await loadIcon('https://icons.test/html.png', 'image/png', serve('<script>alert(1)</script>', 'image/png'))).toBeUndefined();
    expect(
      await loadIcon('https://icons.test/big.png', 'image/png', serve(new Uint8Array(300 * 1024).fill(1), 'image/png')),
    ).toBeUndefined();
    expect(
      await loadIcon('https://icons.test/down.png', undefined, () => Promise.reject(new TypeError('Failed to fetch'))),
    ).toBeUndefined();
  });

  it('asks the network once per icon URL', async () => {
    let requests = 0;
    const counting = () => {
      requests++;
      return Promise.resolve(new Response(PNG, { headers: { 'content-type': 'image/png' } }));
    };
    await Promise.all([
      loadIcon('https://icons.test/same.png', undefined, counting),
      loadIcon('https://icons.test/same.png', undefined, counting),
    ]);
    expect(requests).toBe(1);
  });
});
