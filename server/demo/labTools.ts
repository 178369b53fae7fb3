// Diagnostic tools of the demo server: the awkward paths a real server produces (very long
// jobs, silence, a cut stream, mislabeled media, huge text, Markdown, unknown block types,
// multi-round questions), so every one of Toolscope's call and result paths can be seen.
// (Unknown content block types come from the hostile test server: this SDK refuses to send them.)
import { acceptedContent, inputRequired } from '@modelcontextprotocol/server';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { drawBarChart } from './demoMedia.ts';
import { sleep, type DemoTool, type ToolContext } from './demoTools.ts';

const text = (value: string) => ({ type: 'text' as const, text: value });
const noArguments = { type: 'object', additionalProperties: false } as const;
const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

const MARKDOWN = `# Returns at a glance

| Item | Window | Refund |
|---|---|---|
| Unopened | 30 days | full |
| Opened audio | 14 days | exchange only |

1. Start a return with **create_return** (coming soon).
2. Pack the item; print the label.

See the [full policy](https://example.com/returns) — and note that \`<b>raw HTML</b>\` is shown as text.`;

function bigText(megabytes: number): string {
  const line = 'Inventory line 000000: USB-C cable 2 m · warehouse A · shelf 12 · count 310\n';
  const lines = Math.ceil((megabytes * 1024 * 1024) / line.length);
  return Array.from({ length: lines }, (_, index) => line.replace('000000', String(index).padStart(6, '0'))).join('');
}

async function longJob({ duration_s, interval_ms }: Record<string, unknown>, ctx: ToolContext): Promise<CallToolResult> {
  const durationMs = (typeof duration_s === 'number' ? duration_s : 90) * 1000;
  const interval = typeof interval_ms === 'number' ? interval_ms : 3000;
  const steps = Math.max(1, Math.ceil(durationMs / interval));
  for (let step = 1; step <= steps; step++) {
    await sleep(Math.min(interval, durationMs - (step - 1) * interval), ctx.signal);
    await ctx.progress(step, steps, `Compiled section ${step} of ${steps}`);
  }
  return { content: [text(`Annual report compiled in ${Math.round(durationMs / 1000)} s (${steps} sections).`)] };
}

export function createLabTools(): DemoTool[] {
  return [
    {
      definition: {
        name: 'compile_annual_report',
        title: 'Compile annual report',
        description: 'A long job: about 90 seconds by default, reporting progress every few seconds. Stops when cancelled.',
        inputSchema: {
          type: 'object',
          properties: {
            duration_s: { type: 'number', minimum: 0.1, maximum: 600, default: 90, description: 'How long the job runs, in seconds.' },
            interval_ms: { type: 'integer', minimum: 100, maximum: 60000, default: 3000, description: 'Time between progress reports.' },
          },
          additionalProperties: false,
        },
        annotations: readOnly,
      },
      run: longJob,
    },
    {
      definition: {
        name: 'wait_for_supplier',
        title: 'Wait for supplier',
        description: 'Asks a supplier system that never answers: no result and no progress, ever (for timeouts). Stops when cancelled.',
        inputSchema: noArguments,
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
      run: async (_args, ctx) => {
        await sleep(10 * 60_000, ctx.signal);
        return { isError: true, content: [text('The supplier did not answer within 10 minutes.')] };
      },
    },
    {
      definition: {
        name: 'stream_price_feed',
        title: 'Stream price feed',
        description: 'Streams progress, then the connection is cut mid-call (simulating a proxy dropping the stream).',
        inputSchema: noArguments,
        annotations: readOnly,
      },
      run: async (_args, ctx) => {
        for (let step = 1; step <= 10; step++) {
          await ctx.progress(step, 10, `Price batch ${step}`);
          await sleep(200, ctx.signal);
        }
        return { content: [text('unreachable: the HTTP layer cuts this stream')] };
      },
    },
    {
      definition: {
        name: 'get_product_photo',
        title: 'Product photo (mislabeled)',
        description: 'Returns a product photo whose mimeType says JPEG although the bytes are PNG — a common server bug.',
        inputSchema: noArguments,
        annotations: readOnly,
      },
      run: () => ({ content: [{ type: 'image', mimeType: 'image/jpeg', data: drawBarChart([3, 1, 2]).toString('base64') }] }),
    },
    {
      definition: {
        name: 'export_inventory_log',
        title: 'Export inventory log',
        description: 'Returns the inventory log as one large text block (5 MB by default).',
        inputSchema: {
          type: 'object',
          properties: { size_mb: { type: 'number', minimum: 0.01, maximum: 20, default: 5, description: 'Size of the log in megabytes.' } },
          additionalProperties: false,
        },
        annotations: readOnly,
      },
      run: ({ size_mb }) => ({ content: [text(bigText(typeof size_mb === 'number' ? size_mb : 5))] }),
    },
    {
      definition: {
        name: 'get_returns_summary',
        title: 'Returns summary (Markdown)',
        description:
          'Returns the returns policy as Markdown, marked text/markdown in an embedded resource, plus the same text as a plain text block.',
        inputSchema: noArguments,
        annotations: readOnly,
      },
      run: () => ({
        content: [
          text(MARKDOWN),
          { type: 'resource', resource: { uri: 'demo://docs/returns-summary.md', mimeType: 'text/markdown', text: MARKDOWN } },
        ],
      }),
    },
    {
      definition: {
        name: 'plan_delivery',
        title: 'Plan delivery',
        description:
          'Plans a delivery in two questions: first the speed, then — for express — confirming the surcharge. 2026 era (input_required).',
        inputSchema: {
          type: 'object',
          properties: { order_id: { type: 'string', default: 'ord_demo', description: 'The order to deliver, from checkout.' } },
          additionalProperties: false,
        },
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      run: ({ order_id }, ctx) => {
        const order = typeof order_id === 'string' ? order_id : 'ord_demo';
        // requestState comes back from the client: trust only the one value this tool mints.
        const speed = acceptedContent(ctx.inputResponses, 'speed')?.speed ?? (ctx.requestState === 'express' ? 'express' : undefined);
        if (ctx.inputResponses && 'speed' in ctx.inputResponses && speed === undefined) {
          return { isError: true, content: [text('Delivery planning stopped: no speed was chosen.')] };
        }
        if (speed === undefined) {
          return inputRequired({
            inputRequests: {
              speed: inputRequired.elicit({
                mode: 'form',
                message: `How fast should order ${order} arrive?`,
                requestedSchema: {
                  type: 'object',
                  properties: { speed: { type: 'string', title: 'Speed', enum: ['standard', 'express'] } },
                  required: ['speed'],
                },
              }),
            },
          });
        }
        if (speed === 'express') {
          const confirm = acceptedContent(ctx.inputResponses, 'surcharge');
          if (!confirm) {
            if (ctx.inputResponses && 'surcharge' in ctx.inputResponses)
              return { content: [text(`Order ${order}: express declined, shipping standard.`)] };
            return inputRequired({
              requestState: 'express',
              inputRequests: {
                surcharge: inputRequired.elicit({
                  mode: 'form',
                  message: 'Express costs €9.90 extra. Accept the surcharge?',
                  requestedSchema: {
                    type: 'object',
                    properties: { accept: { type: 'boolean', title: 'Accept €9.90 surcharge' } },
                    required: ['accept'],
                  },
                }),
              },
            });
          }
          return {
            content: [
              text(
                confirm.accept === true
                  ? `Order ${order}: express delivery booked (+€9.90).`
                  : `Order ${order}: surcharge refused, shipping standard.`,
              ),
            ],
          };
        }
        return { content: [text(`Order ${order}: standard delivery booked (free).`)] };
      },
    },
  ];
}

export const SEASONAL_TOOL = 'get_seasonal_offer';

/** A tool that adds or removes another tool, so hosts can show `list_changed` live. */
export function createSeasonalTools(state: { on: boolean }, toolsChanged: () => void): DemoTool[] {
  return [
    {
      definition: {
        name: 'toggle_seasonal_offer',
        title: 'Toggle seasonal offer',
        description: `Adds the ${SEASONAL_TOOL} tool when it is absent and removes it when present, then tells clients the tool list changed.`,
        inputSchema: noArguments,
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      run: async (_args, ctx) => {
        state.on = !state.on;
        toolsChanged(); // 2026 era: to subscriptions/listen streams
        await ctx.notify('notifications/tools/list_changed'); // 2025 era: on this call's stream
        return { content: [text(state.on ? `Added ${SEASONAL_TOOL}.` : `Removed ${SEASONAL_TOOL}.`)] };
      },
    },
    {
      definition: {
        name: SEASONAL_TOOL,
        title: 'Seasonal offer',
        description: 'This season’s discount code. Only listed while the offer runs (see toggle_seasonal_offer).',
        inputSchema: noArguments,
        annotations: readOnly,
      },
      run: () => ({ content: [text('Use code WINTER26 for 10% off cables.')] }),
    },
  ];
}

/** A Pydantic/FastMCP-shaped schema: $defs, an enum behind $ref, nullable, nested defaults, a union. */
const ORDER_PREVIEW_SCHEMA: Tool['inputSchema'] = {
  type: 'object',
  title: 'preview_orderArguments',
  $defs: {
    Speed: { type: 'string', enum: ['standard', 'express'], title: 'Speed' },
    Line: {
      type: 'object',
      title: 'Line',
      properties: {
        product_id: { type: 'string', title: 'Product Id' },
        quantity: { type: 'integer', minimum: 1, default: 1, title: 'Quantity' },
      },
      required: ['product_id'],
    },
    Address: {
      type: 'object',
      title: 'Address',
      properties: { street: { type: 'string', title: 'Street' }, city: { type: 'string', title: 'City' } },
      required: ['street', 'city'],
    },
  },
  properties: {
    customer: { type: 'string', title: 'Customer', minLength: 1, description: 'Who the order is for.' },
    lines: { type: 'array', items: { $ref: '#/$defs/Line' }, title: 'Lines', description: 'The products and quantities.' },
    speed: { $ref: '#/$defs/Speed', default: 'standard', description: 'Delivery speed.' },
    gift_note: {
      anyOf: [{ type: 'string', maxLength: 200 }, { type: 'null' }],
      default: null,
      title: 'Gift Note',
      description: 'A note printed on the packing slip.',
    },
    deliver_after: {
      anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }],
      title: 'Deliver After',
      description: 'The earliest delivery date.',
    },
    // Pydantic's `billing_address: Address | None = None`.
    billing_address: {
      anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }],
      default: null,
      title: 'Billing Address',
      description: 'Where the invoice goes; none for the delivery address.',
    },
    options: {
      type: 'object',
      title: 'Options',
      description: 'Extras for the parcel.',
      properties: { insured: { type: 'boolean', default: false, title: 'Insured' }, signature: { type: 'boolean', title: 'Signature' } },
    },
  },
  required: ['customer'],
  additionalProperties: false,
};

/** Every shape the argument editor must handle, in one echo tool (nested, arrays of objects,
 * nullable enum behind $ref, a variant, a map, a file, a date). */
const RETURN_SCHEMA: Tool['inputSchema'] = {
  type: 'object',
  title: 'file_returnArguments',
  $defs: {
    Condition: { type: 'string', enum: ['unopened', 'used', 'damaged'], title: 'Condition' },
    Item: {
      type: 'object',
      title: 'Item',
      properties: {
        sku: { type: 'string', title: 'SKU', pattern: '^[A-Z]{3}-\\d{3}$' },
        quantity: { type: 'integer', minimum: 1, title: 'Quantity' },
      },
      required: ['sku', 'quantity'],
    },
  },
  properties: {
    customer: {
      type: 'object',
      title: 'Customer',
      description: 'Who returns the items.',
      properties: {
        name: { type: 'string', title: 'Name', minLength: 1 },
        contact: {
          type: 'object',
          title: 'Contact',
          properties: {
            email: { type: 'string', format: 'email', title: 'Email' },
            phone: { anyOf: [{ type: 'string' }, { type: 'null' }], title: 'Phone' },
          },
        },
      },
      required: ['name'],
    },
    items: { type: 'array', items: { $ref: '#/$defs/Item' }, minItems: 1, title: 'Items', description: 'What comes back.' },
    condition: { anyOf: [{ $ref: '#/$defs/Condition' }, { type: 'null' }], title: 'Condition', description: 'The state the items are in.' },
    refund: {
      title: 'Refund',
      description: 'How the money goes back.',
      oneOf: [
        {
          type: 'object',
          title: 'Card refund',
          properties: {
            method: { const: 'card', title: 'Method' },
            last4: { type: 'string', pattern: '^\\d{4}$', title: 'Last 4 digits' },
          },
          required: ['method', 'last4'],
        },
        {
          type: 'object',
          title: 'Store credit',
          properties: {
            method: { const: 'credit', title: 'Method' },
            expires_days: { type: 'integer', minimum: 30, title: 'Expires after (days)' },
          },
          required: ['method'],
        },
      ],
    },
    tags: { type: 'object', title: 'Tags', additionalProperties: { type: 'integer' }, description: 'Counts per tag.' },
    photo: {
      type: 'string',
      contentEncoding: 'base64',
      contentMediaType: 'image/png',
      title: 'Photo',
      description: 'A PNG photo of the items.',
    },
    received_on: { type: 'string', format: 'date', title: 'Received on', description: 'The day the parcel arrived.' },
    refund_share: { type: 'number', minimum: 0, maximum: 1, title: 'Refund share', description: 'Part of the price to refund, 0 to 1.' },
  },
  required: ['customer', 'items'],
  additionalProperties: false,
};

/** A read-only tool that returns exactly the arguments it received, as structured content. */
function echoTool(name: string, title: string, description: string, inputSchema: Tool['inputSchema']): DemoTool {
  return {
    definition: {
      name,
      title,
      description,
      inputSchema,
      outputSchema: { type: 'object', properties: { received: { type: 'object' } }, required: ['received'] },
      annotations: readOnly,
    },
    run: (args) => ({ content: [text(JSON.stringify({ received: args }))], structuredContent: { received: args } }),
  };
}

export function createSchemaLabTools(): DemoTool[] {
  return [
    echoTool(
      'file_return',
      'File a return (echo)',
      'Takes a return request with every common schema shape (nested objects, a list of items, a nullable enum, a refund variant, a tag map, a photo file) and echoes exactly what it received.',
      RETURN_SCHEMA,
    ),
    echoTool(
      'preview_order',
      'Preview order (echo)',
      'Checks an order request against its schema and returns exactly the arguments it received, as structured content — use it to see what a client really sends.',
      ORDER_PREVIEW_SCHEMA,
    ),
  ];
}
