// Operator endpoints for commands that cannot open the embedded database while the server has it
// (`npm run maintenance`, `npm run db:backup`). Only from this machine, only with the token the
// server wrote to DATA_DIR at start; left out of the OpenAPI document.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX } from '../../../shared/api-paths.ts';
import { envelope } from '../../../shared/contract/envelope.ts';
import { HttpError } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { COMMAND_LINE } from '../moderation/audit.ts';
import { switchMaintenance } from '../moderation/moderation.service.ts';

export const ADMIN_MAINTENANCE_PATH = `${API_PREFIX}/admin/maintenance`;
export const ADMIN_BACKUP_PATH = `${API_PREFIX}/admin/backup`;

const maintenanceBody = z.object({ on: z.boolean() }).strict();
const maintenanceResponse = envelope(z.object({ isUnderMaintenance: z.boolean() }));

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function authorize(request: FastifyRequest, token: string) {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  // One answer for both failures: a caller learns nothing about which check failed.
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || !sameToken(given, token)) {
    throw new HttpError(403, 'Forbidden');
  }
}

export interface AdminOptions {
  services: Services;
  /** Where the maintenance switch is audited (the primary). */
  db: Db;
  token: string;
  /** The embedded database's consistent copy (Database.dumpDataDir); no backup route without. */
  backup?: (() => Promise<Uint8Array>) | undefined;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminOptions> = async (
  app,
  { services, db, token, backup },
) => {
  app.addHook('onRequest', async (request) => authorize(request, token));

  app.get(
    ADMIN_MAINTENANCE_PATH,
    { schema: { hide: true, response: { 200: maintenanceResponse } } },
    async () => {
      // The primary's answer: a replica may not have replayed a switch made a moment ago.
      const { isUnderMaintenance } = await services.appDetails.getFromPrimary();
      return { success: true, message: 'Maintenance status', content: { isUnderMaintenance } };
    },
  );

  if (backup) {
    app.get(ADMIN_BACKUP_PATH, { schema: { hide: true } }, async (_request, reply) => {
      const copy = await backup();
      return reply
        .type('application/gzip')
        .header('cache-control', 'no-store')
        .send(Buffer.from(copy.buffer, copy.byteOffset, copy.byteLength));
    });
  }

  app.post(
    ADMIN_MAINTENANCE_PATH,
    { schema: { hide: true, body: maintenanceBody, response: { 200: maintenanceResponse } } },
    async (request) => {
      // `npm run maintenance` while the server runs: in the audit log as the command line's.
      await switchMaintenance(db, services.appDetails, COMMAND_LINE, request.body.on);
      return {
        success: true,
        message: `Maintenance is ${request.body.on ? 'on' : 'off'}`,
        content: { isUnderMaintenance: request.body.on },
      };
    },
  );
};
