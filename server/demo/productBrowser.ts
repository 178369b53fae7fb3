// The demo's MCP App: browse_products returns the matching products as text (for hosts without
// apps) and names a ui:// resource; a host that renders apps shows a small product browser that
// searches again through search_catalog, over the host's own connection. Both eras, no external
// origins (its CSP declares none), no dependency: the MCP Apps handshake is written out below.
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { PRODUCTS, formatPrice, searchProducts } from './catalog.ts';
import { PRODUCT_LIST_SCHEMA, type DemoTool } from './demoTools.ts';

export const PRODUCT_BROWSER_URI = 'ui://demo/product-browser.html';
const APP_MIME = 'text/html;profile=mcp-app';

const BROWSER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Product browser</title>
<style>
:root { color-scheme: light; --bg: #ffffff; --fg: #111827; --muted: #4b5563; --line: #d1d5db; --accent: #1d4ed8; }
:root[data-theme="dark"] { color-scheme: dark; --bg: #111827; --fg: #f3f4f6; --muted: #9ca3af; --line: #374151; --accent: #93c5fd; }
body { margin: 0; padding: 12px; font: 14px/1.4 system-ui, sans-serif; background: var(--bg); color: var(--fg); }
form { display: flex; gap: 8px; margin-bottom: 8px; }
input { flex: 1; min-width: 0; padding: 4px 8px; border: 1px solid var(--line); border-radius: 4px; background: var(--bg); color: var(--fg); }
button { padding: 4px 12px; border: 1px solid var(--accent); border-radius: 4px; background: var(--accent); color: var(--bg); cursor: pointer; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid var(--line); }
td.num, th.num { text-align: right; }
#status { color: var(--muted); margin: 0 0 8px; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
</style></head>
<body>
<form id="search"><label for="query">Search products</label><input id="query" name="query" autocomplete="off"><button type="submit">Search</button></form>
<p id="status" role="status">Waiting for the tool result…</p>
<table><caption class="sr">Products</caption><thead><tr><th>Product</th><th class="num">Price</th><th class="num">In stock</th></tr></thead><tbody id="rows"></tbody></table>
<script>
let next = 1;
const pending = new Map();
const status = (text) => { document.getElementById('status').textContent = text; };
const send = (message) => parent.postMessage(Object.assign({ jsonrpc: '2.0' }, message), '*');
function request(method, params) {
  const id = next++;
  send({ id, method, params });
  return new Promise((resolve) => pending.set(id, resolve));
}
function applyContext(context) {
  if (context && (context.theme === 'light' || context.theme === 'dark')) document.documentElement.dataset.theme = context.theme;
}
function reportSize() {
  send({ method: 'ui/notifications/size-changed', params: { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight } });
}
function showResult(result, query) {
  const rows = document.getElementById('rows');
  rows.textContent = '';
  const products = (result && result.structuredContent && result.structuredContent.products) || [];
  for (const product of products) {
    const row = rows.insertRow();
    row.insertCell().textContent = product.name;
    const price = row.insertCell(); price.className = 'num'; price.textContent = product.price;
    const stock = row.insertCell(); stock.className = 'num'; stock.textContent = String(product.in_stock);
  }
  if (result && result.isError) {
    const first = (result.content || []).find((item) => item.type === 'text');
    status(first ? first.text : 'The search failed.');
  } else {
    status(products.length + ' of ' + ((result.structuredContent && result.structuredContent.total) || products.length) + ' products' + (query ? ' matching "' + query + '"' : '') + '.');
  }
  reportSize();
}
addEventListener('message', (event) => {
  if (event.source !== parent) return;
  const message = event.data;
  if (!message || message.jsonrpc !== '2.0') return;
  if (message.id !== undefined && !message.method && pending.has(message.id)) {
    pending.get(message.id)(message);
    pending.delete(message.id);
  } else if (message.method === 'ui/notifications/tool-input') {
    const query = message.params && message.params.arguments && message.params.arguments.query;
    if (typeof query === 'string') document.getElementById('query').value = query;
  } else if (message.method === 'ui/notifications/tool-result') {
    showResult(message.params, document.getElementById('query').value);
  } else if (message.method === 'ui/notifications/tool-cancelled') {
    status('The call was cancelled.');
  } else if (message.method === 'ui/notifications/host-context-changed') {
    applyContext(message.params);
  } else if (message.method === 'ui/resource-teardown' && message.id !== undefined) {
    send({ id: message.id, result: {} });
  }
});
document.getElementById('search').addEventListener('submit', async (event) => {
  event.preventDefault();
  const query = document.getElementById('query').value.trim();
  if (!query) { status('Type a word to search for, e.g. "cable".'); return; }
  status('Searching…');
  const reply = await request('tools/call', { name: 'search_catalog', arguments: { query, limit: 20 } });
  if (reply.error) status('The host refused the search: ' + reply.error.message);
  else showResult(reply.result, query);
});
(async () => {
  const reply = await request('ui/initialize', {
    appInfo: { name: 'demo-product-browser', version: '1.0.0' },
    appCapabilities: { availableDisplayModes: ['inline'] },
    protocolVersion: '2026-01-26',
  });
  applyContext(reply.result && reply.result.hostContext);
  send({ method: 'ui/notifications/initialized', params: {} });
  reportSize();
})();
</script>
</body></html>`;

export const PRODUCT_BROWSER_RESOURCE: Resource = {
  uri: PRODUCT_BROWSER_URI,
  name: 'product-browser.html',
  title: 'Product browser (MCP App)',
  mimeType: APP_MIME,
};

export function readProductBrowser(uri: string): ReadResourceResult | undefined {
  if (uri !== PRODUCT_BROWSER_URI) return undefined;
  // No csp: the app loads nothing from anywhere; the host's strict default is all it needs.
  return { contents: [{ uri, mimeType: APP_MIME, text: BROWSER_HTML, _meta: { ui: { prefersBorder: true } } }] };
}

export function createProductBrowserTool(): DemoTool {
  return {
    definition: {
      name: 'browse_products',
      title: 'Browse products',
      description:
        'Opens an interactive product browser (an MCP App) on the products matching `query`, or on the whole catalog. Returns the same products as text and as structured content (id, name, price, stock), so hosts without apps get them too.',
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', title: 'Query', description: 'Words to look for, e.g. "cable". Leave out to list every product.' },
        },
        additionalProperties: false,
      },
      outputSchema: PRODUCT_LIST_SCHEMA,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      _meta: { ui: { resourceUri: PRODUCT_BROWSER_URI } },
    },
    run: ({ query }) => {
      const words = typeof query === 'string' ? query.trim() : '';
      const matches = words ? searchProducts(words) : [...PRODUCTS];
      const products = matches.map((product) => ({
        id: product.id,
        name: product.name,
        price: formatPrice(product.priceCents),
        in_stock: product.stock,
      }));
      const lines = products.map((product) => `- ${product.name} (${product.id}): ${product.price}, ${product.in_stock} in stock`);
      const heading = words ? `${products.length} products match "${words}".` : `${products.length} products in the catalog.`;
      return { content: [{ type: 'text', text: [heading, ...lines].join('\n') }], structuredContent: { total: products.length, products } };
    },
  };
}
