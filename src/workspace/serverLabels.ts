// Names for the servers of a set, so that no two rows of a list read alike.
/**
 * Each server's name in lists (the Servers list, Traffic's rows): its title, else its name — and,
 * for two servers that call themselves the same, its address too, so no two rows read alike.
 */
export function serverLabels(servers: readonly { url: string; name: string; title?: string }[]): Map<string, string> {
  const base = (server: { name: string; title?: string }) => server.title?.trim() || server.name;
  const counts = new Map<string, number>();
  for (const server of servers) counts.set(base(server), (counts.get(base(server)) ?? 0) + 1);
  return new Map(
    servers.map((server) => {
      const name = base(server);
      if ((counts.get(name) ?? 0) < 2) return [server.url, name];
      let where = server.url;
      try {
        const parsed = new URL(server.url);
        where = `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
      } catch {
        // Not a URL: the text as it is.
      }
      return [server.url, `${name} (${where})`];
    }),
  );
}
