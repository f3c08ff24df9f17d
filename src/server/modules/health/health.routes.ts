// /healthz: the process answers. /readyz: the database answers too.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../reliability/database-unavailable.ts';

const status = z.object({
  status: z.string(),
  database: z.string().optional(),
  message: z.string().optional(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: status } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    },
  );
  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: status, 503: status } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok', database: 'up' };
      } catch (err) {
        request.log.warn({ err }, 'database not reachable');
        // Same words as the API's 503s, so an operator reading either sees the same cause.
        return reply
          .code(503)
          .send({ status: 'unavailable', database: 'down', message: DATABASE_UNAVAILABLE_MESSAGE });
      }
    },
  );
};
