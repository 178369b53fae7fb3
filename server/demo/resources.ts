// Resources the demo tools link to or embed; every resource_link the tools emit is readable here.
import { gzipSync } from 'node:zlib';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { PRODUCTS, catalogCsv, findProduct, formatPrice } from './catalog.ts';
import { drawBarChart } from './demoMedia.ts';

const RETURNS_POLICY = `# Returns policy

- Unused items can be returned within **30 days**.
- Opened audio products are exchanged, not refunded.
- Refunds are issued to the original payment method within 5 business days.
`;

export const STATIC_RESOURCES: readonly Resource[] = [
  { uri: 'demo://catalog/products.csv', name: 'products.csv', title: 'Product catalog (CSV)', mimeType: 'text/csv' },
  { uri: 'demo://docs/returns-policy.md', name: 'returns-policy.md', title: 'Returns policy', mimeType: 'text/markdown' },
  ...PRODUCTS.map((product) => ({
    uri: `demo://products/${product.id}`,
    name: `${product.id}.json`,
    title: `${product.name} (product record)`,
    mimeType: 'application/json',
  })),
];

export function readResource(uri: string): ReadResourceResult | undefined {
  if (uri === 'demo://catalog/products.csv') {
    return { contents: [{ uri, mimeType: 'text/csv', text: catalogCsv() }] };
  }
  if (uri === 'demo://catalog/products.csv.gz') {
    return { contents: [{ uri, mimeType: 'application/gzip', blob: gzipSync(catalogCsv()).toString('base64') }] };
  }
  if (uri === 'demo://docs/returns-policy.md') {
    return { contents: [{ uri, mimeType: 'text/markdown', text: RETURNS_POLICY }] };
  }
  const product = /^demo:\/\/products\/([\w-]+)(\/sales\.png)?$/.exec(uri);
  const found = product?.[1] ? findProduct(product[1]) : undefined;
  if (!found) return undefined;
  if (product?.[2]) {
    return { contents: [{ uri, mimeType: 'image/png', blob: drawBarChart(found.monthlySales).toString('base64') }] };
  }
  const record = { ...found, price: formatPrice(found.priceCents) };
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(record, null, 2) }] };
}
