// "Export as queries.json": the questions asked, each with the tool the person expects, as the
// `toolscope report --queries` file reads them. With several servers the names are the host's:
// the file names each as server/tool (the server's config name).
import { unionKeys } from '../../report/hosts.ts';
import type { Asked, Origin } from './ModelChoice.tsx';

export function queriesFile(
  asked: readonly Asked[],
  servers: Parameters<typeof unionKeys>[0],
  origin: ReadonlyMap<string, Origin>,
): Uint8Array<ArrayBuffer> {
  const keys = unionKeys(servers);
  const expectOf = (name: string) => {
    const from = origin.get(name);
    return servers.length > 1 && from ? `${keys.get(from.url) ?? from.url}/${from.tool}` : name;
  };
  const file = asked.map((entry) => ({ query: entry.question, expect: expectOf(entry.expected), mode: 'model' }));
  return new TextEncoder().encode(`${JSON.stringify(file, null, 2)}\n`);
}
