// Logos companies uploaded (re-encoded to a fixed-size PNG when stored, employer/logo-image.ts):
// /logos/u/<companyId>-<version>.png. The version changes with each upload, so an address
// always names the same image and may be cached for a long time.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client.ts';
import { companyLogoImages } from '../db/schema.ts';
import { HttpError } from '../errors.ts';

export const uploadedLogoRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<{ Params: { file: string } }>(
    '/logos/u/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^([1-9]\d{0,8})-[0-9a-z]{1,12}\.png$/.exec(request.params.file);
      if (!match) throw new HttpError(404, `No such logo: ${request.params.file}`);
      const [row] = await db
        .select({ png: companyLogoImages.png })
        .from(companyLogoImages)
        .where(eq(companyLogoImages.companyId, Number(match[1])));
      if (!row) throw new HttpError(404, `No such logo: ${request.params.file}`);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type('image/png')
        .send(Buffer.from(row.png));
    },
  );
};
