// The running server's local endpoint for `npm run jobs:import` on the embedded database (which
// admits one process): only from this machine, only with the admin token in DATA_DIR, like the
// other local admin endpoints (modules/tasks/local-admin.routes.ts); left out of the OpenAPI document.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX } from '../../../shared/api-paths.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../errors.ts';
import type { EmployerJobsServiceImpl } from '../employer/employer-jobs.service.ts';
import { authorize } from '../tasks/local-admin.routes.ts';
import { IMPORT_MAX_BYTES, ImportError, importJobs } from './job-import.ts';

export const ADMIN_JOBS_IMPORT_PATH = `${API_PREFIX}/admin/jobs-import`;

export const importBody = z
  .object({
    company: z.string().min(1).max(200),
    text: z.string().max(IMPORT_MAX_BYTES),
    dryRun: z.boolean(),
  })
  .strict();

export const jobsImportRoutes: FastifyPluginAsyncZod<{
  token: string;
  db: Db;
  jobs: EmployerJobsServiceImpl;
}> = async (app, { token, db, jobs }) => {
  app.addHook('onRequest', async (request) => authorize(request, token));
  app.post(
    ADMIN_JOBS_IMPORT_PATH,
    { bodyLimit: IMPORT_MAX_BYTES * 2, schema: { hide: true, body: importBody } },
    async (request) => {
      try {
        const report = await importJobs({
          db,
          jobs,
          companySlug: request.body.company,
          text: request.body.text,
          dryRun: request.body.dryRun,
        });
        return { success: true, message: 'Imported', content: report };
      } catch (err) {
        if (err instanceof ImportError) throw new HttpError(400, err.message);
        throw err;
      }
    },
  );
};
