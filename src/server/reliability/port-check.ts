// Whether the port the server will listen on is free, asked before the database is opened (and a
// new one made and seeded): a taken port then fails in a second, not after the seeding.
import { createServer } from 'node:net';

/** Resolves when `port` can be listened on; rejects with the listen error (EADDRINUSE…). */
export function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
