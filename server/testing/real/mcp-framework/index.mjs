// An mcp-framework server as its README and `mcp create` template make it (tools discovered from
// ./tools), run over stdio for `npm run report:real`.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MCPServer } from 'mcp-framework';

const server = new MCPServer({ basePath: dirname(fileURLToPath(import.meta.url)) });
await server.start();
