import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on now, as the kernel hands it out: for the servers a test starts
 * itself. A fixed port breaks the run when a process an earlier, interrupted run left behind still holds it.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
