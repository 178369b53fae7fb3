// Every server Toolscope starts for itself (the tap and its page, the recording proxy, a mock, the
// apps sandbox) listens on 127.0.0.1 only — never all interfaces — and reports the port it got
// (port 0: a free one, as tests and `--listen 0` ask).
import type { Server } from 'node:http';

/** Listens on 127.0.0.1 at `port` (0: any free one); the port it listens on, or the listen error (in use, refused). */
export async function listenLoopback(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}
