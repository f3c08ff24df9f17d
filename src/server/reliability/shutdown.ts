// Graceful stop (SIGTERM / SIGINT) within a deadline: stop taking connections, answer every
// request already sent to us (each with Connection: close), then close the app (which makes a last
// flush of pending views; one that fails loses nothing, as accepted views wait in job_views until
// some server's flusher moves them) and close the database.
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { startDraining } from '../security/limits.ts';
import type { Services } from '../services.ts';

export const SHUTDOWN_DEADLINE_MS = 10_000;
/**
 * How long open connections get to send and finish their requests before idle ones are dropped:
 * as long as the keep-alive timeout, after which Node closes idle ones itself anyway.
 */
const DRAIN_GRACE_MS = 5_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const openConnections = (server: Server) =>
  new Promise<number>((resolve) => server.getConnections((_err, n) => resolve(n ?? 0)));

/**
 * Node's http close() also drops every connection that is not in the middle of a request — among
 * them freshly accepted ones whose request is still unread in the socket buffer when the event
 * loop is busy, which would fail requests clients had already sent. So: stop listening only, let
 * those connections be read and answered for a grace period, and only then drop idle ones.
 */
async function drain(server: Server, deadline: number) {
  NetServer.prototype.close.call(server);
  const graceEnd = Math.min(Date.now() + DRAIN_GRACE_MS, deadline);
  while ((await openConnections(server)) > 0 && Date.now() < graceEnd) await sleep(50);
  while ((await openConnections(server)) > 0 && Date.now() < deadline) {
    server.closeIdleConnections();
    await sleep(50);
  }
}

/** Resolves with the exit code: 0 when the app and the database closed cleanly. */
export async function shutDown(
  app: FastifyInstance,
  _services: Services,
  database: Database,
  deadlineMs = SHUTDOWN_DEADLINE_MS,
): Promise<number> {
  const started = Date.now();
  let ok = true;
  startDraining(app);
  // Leave time for the last flush and the database after the requests.
  await drain(app.server, started + deadlineMs - 3_000);
  try {
    await app.close();
  } catch (err) {
    app.log.error({ err }, 'closing the server failed');
    ok = false;
  }
  try {
    await database.close();
  } catch (err) {
    app.log.error({ err }, 'closing the database failed');
    ok = false;
  }
  return ok ? 0 : 1;
}
