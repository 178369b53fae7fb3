// A resource link read through a result is cached per server *and* credentials (habit 5): two
// connections to one server with other credentials never share an answer.
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningServer } from '../../../../server/testing/testServers.ts';
import { McpConnection } from '../../../mcp/connection.ts';
import { resourceReadOptions } from './useResourceRead.ts';

describe('resource link reads', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startDemoServer();
  });
  afterAll(() => server.stop());

  it('keys each read by the credentials it was made with', async () => {
    const queryClient = new QueryClient();
    const anonymous = await McpConnection.connect({ url: server.url });
    const team = await McpConnection.connect({ url: server.url, customHeaders: { 'X-Team': 'blue-team' } });
    try {
      const uri = 'demo://docs/returns-policy.md';
      const [a, b] = [resourceReadOptions(anonymous, uri), resourceReadOptions(team, uri)];
      expect(a.queryKey).not.toEqual(b.queryKey);
      expect(a.queryKey).toContain('anonymous');
      expect(JSON.stringify(b.queryKey)).not.toContain('blue-team');
      await queryClient.fetchQuery(a);
      expect(queryClient.getQueryData(b.queryKey)).toBeUndefined();
      await queryClient.fetchQuery(b);
      expect(queryClient.getQueryCache().findAll({ queryKey: ['resource'] })).toHaveLength(2);
    } finally {
      await Promise.all([anonymous.close(), team.close()]);
    }
  });
});
