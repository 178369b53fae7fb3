// The demo server's tools: a realistic shop that exercises every path Toolscope renders.
// Each tool follows the MCP "Tools" rules: clear names, descriptions that say what is
// returned, tight schemas, and execution errors that state the constraint and the bad value.
import { acceptedContent, inputRequired, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { CallToolResult, InputRequiredResult, Tool } from '@modelcontextprotocol/server';
import type { Basket, BasketStore } from './catalog.ts';
import { CATEGORIES, PRODUCTS, basketTotalCents, catalogCsv, findProduct, formatPrice, searchProducts } from './catalog.ts';
import { drawBarChart, squareIcon, synthesizeTone } from './demoMedia.ts';
import { gzipSync } from 'node:zlib';

export interface ToolContext {
  era: 'legacy' | 'modern';
  signal: AbortSignal;
  progress: (progress: number, total: number | undefined, message: string) => Promise<void>;
  /** Sends a notification related to this call (on its response stream). */
  notify: (method: 'notifications/tools/list_changed') => Promise<void>;
  inputResponses: Record<string, unknown> | undefined;
  /** The echoed requestState of a multi-round call (2026), as the server minted it. */
  requestState: string | undefined;
  /** The caller's authorization context (its OAuth client, or the bearer-token holder); undefined when anonymous. */
  owner: string | undefined;
}

export type ToolOutcome = CallToolResult | InputRequiredResult;

export interface DemoTool {
  definition: Tool;
  run: (args: Record<string, unknown>, ctx: ToolContext) => Promise<ToolOutcome> | ToolOutcome;
}

const text = (value: string) => ({ type: 'text' as const, text: value });
const toolError = (message: string): CallToolResult => ({ isError: true, content: [text(message)] });
const structured = (value: Record<string, unknown>): CallToolResult => ({
  content: [text(JSON.stringify(value))],
  structuredContent: value,
});

const PNG_ICON = `data:image/png;base64,${squareIcon([37, 99, 235]).toString('base64')}`;
const SVG_ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="8" width="3" height="7" fill="#16a34a"/><rect x="6" y="4" width="3" height="11" fill="#2563eb"/><rect x="11" y="1" width="3" height="14" fill="#ea580c"/></svg>',
).toString('base64')}`;

const basketIdSchema = {
  type: 'string',
  description: 'Handle returned by create_basket, e.g. "bsk_…".',
  pattern: '^bsk_[A-Za-z0-9_-]{10,64}$',
};

const noArguments = { type: 'object', additionalProperties: false } as const;

/** A list of products as structured content (search_catalog, browse_products). */
export const PRODUCT_LIST_SCHEMA = {
  type: 'object' as const,
  properties: {
    total: { type: 'integer', description: 'Number of matching products' },
    products: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, name: { type: 'string' }, price: { type: 'string' }, in_stock: { type: 'integer' } },
        required: ['id', 'name', 'price', 'in_stock'],
      },
    },
  },
  required: ['total', 'products'],
};

function basketView(basket: Basket) {
  return {
    basket_id: basket.id,
    lines: basket.lines.map((line) => {
      const product = findProduct(line.productId);
      return { product_id: line.productId, name: product?.name ?? line.productId, quantity: line.quantity };
    }),
    total: formatPrice(basketTotalCents(basket)),
    expires_at: new Date(basket.expiresAt).toISOString(),
    checked_out: basket.checkedOut,
  };
}

function withBasket(store: BasketStore, id: unknown, owner: string | undefined, use: (basket: Basket) => CallToolResult): CallToolResult {
  const found = store.get(String(id), owner);
  if (found.ok) return use(found.basket);
  const minutes = Math.round(store.lifetimeMs / 60_000);
  return toolError(
    found.reason === 'expired'
      ? `Basket ${String(id)} has expired (baskets live ${minutes} minutes after their last change). Call create_basket to start a new basket and add the items again.`
      : `No basket with id ${String(id)} exists${owner ? ' for this client' : ''}. Basket ids come from create_basket; call it to get a new one.`,
  );
}

/** Waits, or rejects as soon as the call is cancelled. */
export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new Error('cancelled'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('cancelled'));
    };
    // A loop of sleeps on one call's signal must not pile up listeners.
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

export function createDemoTools(store: BasketStore): DemoTool[] {
  const lifetimeMinutes = Math.round(store.lifetimeMs / 60_000);
  return [
    {
      definition: {
        name: 'search_catalog',
        title: 'Search catalog',
        description:
          'Search the product catalog by words in the product name or category (all words must match). Returns up to `limit` products with id, name, price and stock, as structured content. Use a product id with add_item.',
        icons: [{ src: PNG_ICON, mimeType: 'image/png', sizes: ['16x16'] }],
        inputSchema: {
          type: 'object',
          properties: {
            query: { type: 'string', title: 'Query', description: 'Words to look for, e.g. "usb cable".', minLength: 1 },
            limit: {
              type: 'integer',
              title: 'Limit',
              description: 'Maximum number of products to return.',
              minimum: 1,
              maximum: 50,
              default: 10,
            },
          },
          required: ['query'],
          additionalProperties: false,
        },
        outputSchema: PRODUCT_LIST_SCHEMA,
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      },
      run: ({ query, limit }) => {
        const matches = searchProducts(String(query));
        if (matches.length === 0) {
          return toolError(
            `No products match "${String(query)}". The catalog has ${PRODUCTS.length} products in these categories: ${CATEGORIES.join(', ')}. Try fewer words or a category name.`,
          );
        }
        const products = matches.slice(0, typeof limit === 'number' ? limit : 10).map((product) => ({
          id: product.id,
          name: product.name,
          price: formatPrice(product.priceCents),
          in_stock: product.stock,
        }));
        return structured({ total: matches.length, products });
      },
    },
    {
      definition: {
        name: 'get_current_time',
        title: 'Current time',
        description: 'Returns the server’s current date and time in ISO 8601 (UTC) and its time zone. Takes no arguments.',
        inputSchema: noArguments,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      run: () => ({
        content: [text(`${new Date().toISOString()} (UTC, server time zone ${Intl.DateTimeFormat().resolvedOptions().timeZone})`)],
      }),
    },
    {
      definition: {
        name: 'create_basket',
        title: 'Create basket',
        description: `Creates an empty shopping basket and returns its handle as structuredContent.basket_id. Pass that id to add_item, get_basket, checkout and delete_basket. Baskets expire ${lifetimeMinutes} minutes after their last change; an expired basket must be created again. A basket created with authorization (a bearer token or an OAuth sign-in) belongs to that client: other clients cannot see or use it, even with its id.`,
        inputSchema: noArguments,
        outputSchema: {
          type: 'object',
          properties: { basket_id: { type: 'string' }, expires_at: { type: 'string', format: 'date-time' } },
          required: ['basket_id', 'expires_at'],
        },
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      run: (_args, ctx) => {
        const basket = store.create(ctx.owner);
        return structured({ basket_id: basket.id, expires_at: new Date(basket.expiresAt).toISOString() });
      },
    },
    {
      definition: {
        name: 'add_item',
        title: 'Add item to basket',
        description: 'Adds a quantity of one product to a basket. Product ids come from search_catalog. Returns the updated basket.',
        inputSchema: {
          type: 'object',
          properties: {
            basket_id: basketIdSchema,
            product_id: { type: 'string', description: 'A product id from search_catalog, e.g. "prd_cab_001".' },
            quantity: { type: 'integer', minimum: 1, maximum: 99, default: 1, description: 'How many to add (1–99).' },
          },
          required: ['basket_id', 'product_id'],
          additionalProperties: false,
        },
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      run: ({ basket_id, product_id, quantity }, ctx) =>
        withBasket(store, basket_id, ctx.owner, (basket) => {
          const product = findProduct(String(product_id));
          if (!product) {
            return toolError(
              `Unknown product_id "${String(product_id)}". Use search_catalog to find product ids (they look like "prd_cab_001").`,
            );
          }
          if (basket.checkedOut) return toolError(`Basket ${basket.id} is already checked out; create a new basket.`);
          const wanted = typeof quantity === 'number' ? quantity : 1;
          const line = basket.lines.find((entry) => entry.productId === product.id);
          const total = (line?.quantity ?? 0) + wanted;
          if (total > product.stock) {
            return toolError(
              `Only ${product.stock} × ${product.name} in stock; the basket would hold ${total}. Lower quantity to at most ${Math.max(0, product.stock - (line?.quantity ?? 0))}.`,
            );
          }
          if (line) line.quantity = total;
          else basket.lines.push({ productId: product.id, quantity: wanted });
          return structured(basketView(basket));
        }),
    },
    {
      definition: {
        name: 'get_basket',
        title: 'Get basket',
        description: 'Returns the lines, total and expiry of a basket.',
        inputSchema: { type: 'object', properties: { basket_id: basketIdSchema }, required: ['basket_id'], additionalProperties: false },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      run: ({ basket_id }, ctx) => withBasket(store, basket_id, ctx.owner, (basket) => structured(basketView(basket))),
    },
    {
      definition: {
        name: 'checkout',
        title: 'Check out basket',
        description: 'Places an order for everything in the basket and returns an order number. The basket cannot be changed afterwards.',
        inputSchema: { type: 'object', properties: { basket_id: basketIdSchema }, required: ['basket_id'], additionalProperties: false },
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      },
      run: ({ basket_id }, ctx) =>
        withBasket(store, basket_id, ctx.owner, (basket) => {
          if (basket.lines.length === 0)
            return toolError(`Basket ${basket.id} is empty; add at least one item with add_item before checkout.`);
          if (basket.checkedOut) return toolError(`Basket ${basket.id} was already checked out.`);
          basket.checkedOut = true;
          return structured({ order_id: `ord_${basket.id.slice(4, 14)}`, total: formatPrice(basketTotalCents(basket)) });
        }),
    },
    {
      definition: {
        name: 'delete_basket',
        title: 'Delete basket',
        description: 'Permanently deletes a basket and its contents. Deleting an already-deleted basket reports that it does not exist.',
        inputSchema: { type: 'object', properties: { basket_id: basketIdSchema }, required: ['basket_id'], additionalProperties: false },
        annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      },
      run: ({ basket_id }, ctx) =>
        withBasket(store, basket_id, ctx.owner, (basket) => {
          store.delete(basket.id);
          return { content: [text(`Deleted basket ${basket.id}.`)] };
        }),
    },
    {
      definition: {
        // Titled only through annotations.title, so display-name fallback shows.
        name: 'render_sales_chart',
        description: 'Draws a PNG bar chart of the last six months of unit sales for one product. Returns an image block.',
        icons: [{ src: SVG_ICON, mimeType: 'image/svg+xml', sizes: ['any'] }],
        inputSchema: {
          type: 'object',
          properties: {
            product_id: { type: 'string', description: 'Product id, e.g. "prd_aud_001".', enum: PRODUCTS.map((product) => product.id) },
          },
          required: ['product_id'],
          additionalProperties: false,
        },
        annotations: { title: 'Sales chart', readOnlyHint: true, openWorldHint: false },
      },
      run: ({ product_id }) => {
        const product = findProduct(String(product_id));
        if (!product) return toolError(`Unknown product_id "${String(product_id)}".`);
        return {
          content: [
            text(`Monthly unit sales for ${product.name}: ${product.monthlySales.join(', ')}.`),
            { type: 'image', mimeType: 'image/png', data: drawBarChart(product.monthlySales).toString('base64') },
          ],
        };
      },
    },
    {
      definition: {
        name: 'synthesize_tone',
        title: 'Synthesize tone',
        description: 'Synthesizes a sine tone as a 16-bit mono WAV file (the shop’s doorbell chime). Returns an audio block.',
        inputSchema: {
          type: 'object',
          properties: {
            frequency_hz: { type: 'number', minimum: 50, maximum: 4000, default: 440, description: 'Pitch in hertz (440 is concert A).' },
            duration_ms: { type: 'integer', minimum: 50, maximum: 5000, default: 600, description: 'Length of the tone in milliseconds.' },
          },
          additionalProperties: false,
        },
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      },
      run: ({ frequency_hz, duration_ms }) => {
        const frequency = typeof frequency_hz === 'number' ? frequency_hz : 440;
        const duration = typeof duration_ms === 'number' ? duration_ms : 600;
        return {
          content: [
            { type: 'audio', mimeType: 'audio/wav', data: synthesizeTone(frequency, duration).toString('base64') },
            text(`${frequency} Hz tone, ${duration} ms, 16 kHz mono WAV.`),
          ],
        };
      },
    },
    {
      definition: {
        name: 'get_product_docs',
        title: 'Product documents',
        description:
          'Lists documents about a product as resource links (product record, sales chart, returns policy). Read them with resources/read.',
        inputSchema: {
          type: 'object',
          properties: { product_id: { type: 'string', description: 'Product id, e.g. "prd_aud_001".' } },
          required: ['product_id'],
          additionalProperties: false,
        },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      run: ({ product_id }) => {
        const product = findProduct(String(product_id));
        if (!product) return toolError(`Unknown product_id "${String(product_id)}". Use search_catalog to find product ids.`);
        return {
          content: [
            text(`${product.name} has 3 documents.`),
            {
              type: 'resource_link',
              uri: `demo://products/${product.id}`,
              name: `${product.id}.json`,
              title: `${product.name} record`,
              description: 'Product record as JSON',
              mimeType: 'application/json',
            },
            {
              type: 'resource_link',
              uri: `demo://products/${product.id}/sales.png`,
              name: 'sales.png',
              title: `${product.name} sales chart`,
              mimeType: 'image/png',
            },
            {
              type: 'resource_link',
              uri: 'demo://docs/returns-policy.md',
              name: 'returns-policy.md',
              title: 'Returns policy',
              mimeType: 'text/markdown',
            },
          ],
        };
      },
    },
    {
      definition: {
        name: 'export_catalog',
        title: 'Export catalog',
        description: 'Exports the whole catalog as an embedded CSV resource and a gzip-compressed copy (embedded blob).',
        inputSchema: noArguments,
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      },
      run: () => {
        const csv = catalogCsv();
        return {
          content: [
            { type: 'resource', resource: { uri: 'demo://catalog/products.csv', mimeType: 'text/csv', text: csv } },
            {
              type: 'resource',
              resource: { uri: 'demo://catalog/products.csv.gz', mimeType: 'application/gzip', blob: gzipSync(csv).toString('base64') },
            },
          ],
        };
      },
    },
    {
      definition: {
        name: 'get_stock_report',
        title: 'Stock report',
        description:
          'Summarises stock levels: a short note for the user, details for the assistant, and the numbers as structured content.',
        inputSchema: noArguments,
        outputSchema: {
          type: 'object',
          properties: {
            out_of_stock: { type: 'array', items: { type: 'string' } },
            low_stock: { type: 'array', items: { type: 'string' } },
            units_total: { type: 'integer' },
          },
          required: ['out_of_stock', 'low_stock', 'units_total'],
        },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      run: () => {
        const out = PRODUCTS.filter((product) => product.stock === 0).map((product) => product.id);
        const low = PRODUCTS.filter((product) => product.stock > 0 && product.stock < 20).map((product) => product.id);
        const units = PRODUCTS.reduce((sum, product) => sum + product.stock, 0);
        const report = { out_of_stock: out, low_stock: low, units_total: units };
        return {
          content: [
            {
              type: 'text',
              text: `${out.length} product(s) out of stock, ${low.length} low.`,
              annotations: { audience: ['user'], priority: 1 },
            },
            {
              type: 'text',
              text: `Out of stock: ${out.join(', ') || 'none'}. Low (<20): ${low.join(', ') || 'none'}. Suggest restock_product for these ids.`,
              annotations: { audience: ['assistant'], priority: 0.4, lastModified: '2026-11-01T09:30:00Z' },
            },
            { type: 'text', text: JSON.stringify(report), annotations: { audience: ['assistant'], priority: 0.1 } },
          ],
          structuredContent: report,
        };
      },
    },
    {
      definition: {
        // Deliberately unannotated: a host must assume the spec defaults.
        name: 'sync_inventory',
        title: 'Sync inventory',
        description: 'Re-counts stock in every warehouse. Slow: reports progress after each warehouse and stops at once when cancelled.',
        inputSchema: {
          type: 'object',
          properties: {
            warehouses: { type: 'integer', minimum: 1, maximum: 20, default: 5, description: 'How many warehouses to re-count.' },
            delay_ms: { type: 'integer', minimum: 0, maximum: 10000, default: 800, description: 'Time spent per warehouse.' },
          },
          additionalProperties: false,
        },
      },
      run: async ({ warehouses, delay_ms }, ctx) => {
        const total = typeof warehouses === 'number' ? warehouses : 5;
        const delay = typeof delay_ms === 'number' ? delay_ms : 800;
        for (let step = 1; step <= total; step++) {
          await sleep(delay, ctx.signal);
          await ctx.progress(step, total, `Warehouse ${step} of ${total} counted`);
        }
        return { content: [text(`Synced ${total} warehouses; stock levels unchanged.`)] };
      },
    },
    {
      definition: {
        name: 'purge_catalog_cache',
        title: 'Purge catalog cache',
        description:
          'Drops every cached search result. Asks the user to confirm first (an elicitation); returns how many entries were dropped.',
        inputSchema: noArguments,
        annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      },
      run: (_args, ctx) => {
        const confirmed = acceptedContent(ctx.inputResponses, 'confirm');
        if (!confirmed) {
          if (ctx.inputResponses && 'confirm' in ctx.inputResponses) return toolError('Purge not confirmed; nothing was dropped.');
          return inputRequired({
            inputRequests: {
              confirm: inputRequired.elicit({
                mode: 'form',
                message: 'Drop every cached search result?',
                requestedSchema: {
                  type: 'object',
                  properties: { confirm: { type: 'boolean', title: 'Yes, purge the cache' } },
                  required: ['confirm'],
                },
              }),
            },
          });
        }
        if (confirmed.confirm !== true) return toolError('Purge not confirmed; nothing was dropped.');
        return { content: [text('Purged 128 cached search results.')] };
      },
    },
    {
      definition: {
        name: 'lookup_legacy_price',
        title: 'Legacy price lookup',
        description:
          'Looks up a price in the old pricing system. Known defects kept for demonstration: it returns price as a string although its output schema says number, and a product_id with a character outside printable ASCII fails with an internal error (-32603).',
        inputSchema: {
          type: 'object',
          properties: { product_id: { type: 'string', description: 'A product id from search_catalog, e.g. "prd_cab_001".' } },
          required: ['product_id'],
          additionalProperties: false,
        },
        outputSchema: {
          type: 'object',
          properties: { product_id: { type: 'string' }, price: { type: 'number' } },
          required: ['product_id', 'price'],
        },
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
      run: ({ product_id }) => {
        // The second defect, for "Fuzz" to find (docs/fuzz.md): the old system's encoder knows ASCII only.
        if (!/^[\x20-\x7E]*$/.test(String(product_id))) throw new ProtocolError(ProtocolErrorCode.InternalError, 'Legacy encoder failed.');
        const product = findProduct(String(product_id));
        if (!product) return toolError(`Unknown product_id "${String(product_id)}".`);
        return structured({ product_id: product.id, price: (product.priceCents / 100).toFixed(2) });
      },
    },
    {
      definition: {
        name: 'restock_product',
        title: 'Restock product',
        description: 'Sets the stock level of a product to an absolute quantity (running it twice has the same effect).',
        inputSchema: {
          type: 'object',
          properties: {
            product_id: { type: 'string', description: 'A product id from search_catalog, e.g. "prd_cab_001".' },
            quantity: { type: 'integer', minimum: 0, maximum: 100000, description: 'The new stock level (not an amount to add).' },
          },
          required: ['product_id', 'quantity'],
          additionalProperties: false,
        },
        annotations: { idempotentHint: true },
      },
      run: ({ product_id, quantity }) => {
        const product = findProduct(String(product_id));
        if (!product) return toolError(`Unknown product_id "${String(product_id)}".`);
        return { content: [text(`Stock of ${product.name} set to ${String(quantity)} (demo: not persisted).`)] };
      },
    },
    {
      definition: {
        name: 'report_price_issue',
        title: 'Report price issue',
        description: 'Sends a price complaint to the external pricing team’s tracker and returns its ticket number.',
        inputSchema: {
          type: 'object',
          properties: {
            product_id: { type: 'string', description: 'The product whose price is wrong, e.g. "prd_cab_001".' },
            details: { type: 'string', minLength: 10, maxLength: 2000, description: 'What is wrong with the price.' },
          },
          required: ['product_id', 'details'],
          additionalProperties: false,
        },
        annotations: { openWorldHint: true, destructiveHint: false },
      },
      run: ({ product_id }) => ({ content: [text(`Ticket PRC-${String(product_id).length * 97} filed (demo: not sent anywhere).`)] }),
    },
  ];
}

/** Generated tools for scale testing (DEMO_EXTRA_TOOLS=N): the list must stay smooth with thousands. */
export function generatedTools(count: number): DemoTool[] {
  return Array.from({ length: count }, (_, index) => {
    const id = String(index + 1).padStart(5, '0');
    return {
      definition: {
        name: `bulk.tool_${id}`,
        title: `Bulk tool ${id}`,
        description: `Generated tool number ${index + 1}; echoes its argument.`,
        inputSchema: { type: 'object', properties: { value: { type: 'string' } }, additionalProperties: false },
        annotations: { readOnlyHint: index % 2 === 0 },
      },
      run: ({ value }) => ({ content: [text(`bulk.tool_${id}: ${typeof value === 'string' ? value : ''}`)] }),
    };
  });
}
