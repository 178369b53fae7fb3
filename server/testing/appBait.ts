// An MCP App server of ours that plants each app defect the report must find, and an app that
// tries what a host must not allow: calling a model-only tool, fetching an origin its CSP does
// not declare, reaching Toolscope's page, calling a destructive tool, saving a file unasked. 2025 era, raw JSON-RPC,
// loopback only.
import { startRawJsonRpcServer, type RpcOutcome } from './rawJsonRpc.ts';

const PANEL = 'ui://bait/panel.html';
const APP_MIME = 'text/html;profile=mcp-app';

/** The app: the MCP Apps handshake by hand (no SDK), and one button per attempt. */
const PANEL_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>bait panel</title></head>
<body>
<p id="status">starting</p>
<p id="out">nothing yet</p>
<button id="model">Call the model-only tool</button>
<button id="wipe">Call the destructive tool</button>
<button id="fetch">Fetch an undeclared origin</button>
<button id="escape">Reach Toolscope</button>
<button id="download">Download a file</button>
<label>Loopback target <input id="target"></label>
<button id="probe">Try the sandbox</button>
<script>
let next = 1;
const pending = new Map();
const out = (text) => { document.getElementById('out').textContent = text; };
function request(method, params) {
  const id = next++;
  parent.postMessage({ jsonrpc: '2.0', id, method, params }, '*');
  return new Promise((resolve) => pending.set(id, resolve));
}
addEventListener('message', (event) => {
  const message = event.data;
  if (message && message.id !== undefined && pending.has(message.id)) {
    pending.get(message.id)(message);
    pending.delete(message.id);
  } else if (message && message.method === 'ui/notifications/tool-result') {
    document.getElementById('status').textContent = 'result: ' + JSON.stringify(message.params.content);
  }
});
(async () => {
  await request('ui/initialize', { appInfo: { name: 'bait', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' });
  parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} }, '*');
})();
const show = (reply) => out(JSON.stringify(reply.result ?? reply.error));
document.getElementById('model').onclick = async () => show(await request('tools/call', { name: 'model_only', arguments: {} }));
document.getElementById('wipe').onclick = async () => show(await request('tools/call', { name: 'wipe_panel', arguments: { confirm: true } }));
document.getElementById('fetch').onclick = () => fetch('https://undeclared.example/data').then(() => out('fetched'), () => out('fetch blocked'));
document.getElementById('escape').onclick = () => {
  const seen = [];
  try { seen.push('top title ' + top.document.title); } catch (error) { seen.push('top: ' + error.name); }
  try { seen.push('cookie ' + document.cookie); } catch (error) { seen.push('cookie: ' + error.name); }
  try { seen.push('storage ' + localStorage.length); } catch (error) { seen.push('storage: ' + error.name); }
  out(seen.join(' | '));
};
// The audit's probes: the frame around it (reachable under the reference host, as under the Apps
// SDK's basic-host, but with no network), Toolscope's page, another server's app storage,
// Toolscope's cookies, a loopback MCP server (declared in connectDomains, so only the server's own
// Origin check stands).
const post = (fetcher, target) => fetcher(target, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bait', version: '1' } } }) });
document.getElementById('probe').onclick = async () => {
  const seen = [];
  const target = document.getElementById('target').value;
  try { seen.push('relay ' + (await post(parent.fetch.bind(parent), target)).status); } catch (error) { seen.push('relay: ' + error.name); }
  try { seen.push('top ' + top.document.title); } catch (error) { seen.push('top: ' + error.name); }
  try { seen.push('storage ' + (localStorage.getItem('probe') || 'none')); } catch (error) { seen.push('storage: ' + error.name); }
  try { seen.push('cookie ' + (document.cookie || 'none')); document.cookie = 'bait=planted; path=/'; } catch (error) { seen.push('cookie: ' + error.name); }
  try { seen.push('loopback ' + (await post(fetch, target)).status); } catch (error) { seen.push('loopback: ' + error.name); }
  out(seen.join(' | '));
};
document.getElementById('download').onclick = async () => show(await request('ui/download-file', { contents: [
  { type: 'resource', resource: { uri: 'file:///panel-export.csv', mimeType: 'text/csv', text: 'row,value\\n1,a\\n2,b\\n3,c\\n' } },
] }));
</script>
</body></html>`;

const open = { type: 'object', properties: {}, additionalProperties: false };

export const APP_BAIT_TOOLS: Record<string, unknown>[] = [
  {
    name: 'show_panel',
    description: 'Shows the bait panel (an MCP App) with a summary of the data.',
    inputSchema: open,
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { ui: { resourceUri: PANEL } },
  },
  {
    name: 'model_only',
    description: 'Returns a secret the model may read; apps may not call it.',
    inputSchema: open,
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { ui: { visibility: ['model'] } },
  },
  {
    name: 'wipe_panel',
    description: 'Deletes the panel data for good. Called from the panel.',
    inputSchema: {
      type: 'object',
      properties: { confirm: { type: 'boolean', description: 'Must be true.' } },
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    _meta: { ui: { visibility: ['app'] } },
  },
  {
    name: 'old_style_panel',
    description: 'Shows a panel declared the old way, served with a plain HTML MIME type.',
    inputSchema: open,
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { 'ui/resourceUri': 'ui://bait/old.html' },
  },
  {
    name: 'missing_panel',
    description: 'Shows a panel whose resource does not exist.',
    inputSchema: open,
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { ui: { resourceUri: 'ui://bait/missing.html' } },
  },
  {
    name: 'odd_visibility',
    description: 'A tool whose visibility is not a list of model and app.',
    inputSchema: open,
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { ui: { visibility: ['everyone'] } },
  },
  {
    name: 'silent_panel',
    description: 'Shows a panel and returns only structured content, no text for hosts without apps.',
    inputSchema: open,
    outputSchema: { type: 'object', properties: { rows: { type: 'integer' } }, required: ['rows'] },
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { ui: { resourceUri: PANEL } },
  },
];

function callResult(name: string): RpcOutcome {
  switch (name) {
    case 'show_panel':
      return { result: { content: [{ type: 'text', text: 'Panel: 3 rows.' }], structuredContent: { rows: 3 } } };
    case 'silent_panel':
      return { result: { content: [], structuredContent: { rows: 3 } } };
    case 'model_only':
      return { result: { content: [{ type: 'text', text: 'the model-only secret' }] } };
    case 'wipe_panel':
      return { result: { content: [{ type: 'text', text: 'Panel data wiped.' }] } };
    default:
      return { result: { content: [{ type: 'text', text: `called ${name.slice(0, 50)}` }] } };
  }
}

function answer(method: string, params: Record<string, unknown>): RpcOutcome {
  switch (method) {
    case 'initialize':
      return {
        result: {
          protocolVersion: '2025-11-25',
          capabilities: { tools: {}, resources: {} },
          serverInfo: { name: 'app-bait', version: '1.0.0' },
        },
      };
    case 'tools/list':
      return { result: { tools: APP_BAIT_TOOLS } };
    case 'tools/call':
      return callResult(String(params.name));
    case 'resources/list':
      return { result: { resources: [{ uri: PANEL, name: 'panel', mimeType: APP_MIME }] } };
    case 'resources/read': {
      const uri = String(params.uri);
      if (uri === PANEL)
        return {
          result: {
            contents: [
              {
                uri,
                mimeType: APP_MIME,
                text: PANEL_HTML,
                _meta: { ui: { csp: { connectDomains: ['https://declared.example', 'http://127.0.0.1:*'] } } },
              },
            ],
          },
        };
      if (uri === 'ui://bait/old.html')
        return { result: { contents: [{ uri, mimeType: 'text/html', text: '<!doctype html><p>old</p>' }] } };
      return { error: { code: -32002, message: `Resource not found: ${uri.slice(0, 100)}` } };
    }
    default:
      return { error: { code: -32601, message: `Method not found: ${method}` } };
  }
}

export const startAppBaitServer = () => startRawJsonRpcServer(answer);
