// The running server's local endpoint for `npm run jobs:import` on the embedded database (which
// admits one process): only from this machine, only with the admin token in DATA_DIR, like the
// other local admin endpoints (modules/tasks/local-admin.routes.ts); left out of the OpenAPI document.
// It answers as a stream of JSON lines (ImportLine): progress while the rows go in, then the report.
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX } from '../../../shared/api-paths.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../errors.ts';
import type { EmployerJobsServiceImpl } from '../employer/employer-jobs.service.ts';
import { authorize } from '../tasks/local-admin.routes.ts';
import {
  IMPORT_MAX_BYTES,
  ImportError,
  type ImportReport,
  prepareImport,
  runImport,
} from './job-import.ts';

export const ADMIN_JOBS_IMPORT_PATH = `${API_PREFIX}/admin/jobs-import`;

export const importBody = z
  .object({
    company: z.string().min(1).max(200),
    text: z.string().max(IMPORT_MAX_BYTES),
    dryRun: z.boolean(),
  })
  .strict();

/** One line of the import's answer (NDJSON): progress while it runs, then the report or the error. */
export type ImportLine =
  | { type: 'progress'; done: number; total: number }
  | { type: 'report'; report: ImportReport }
  | { type: 'error'; message: string; done: number; total: number };

/** A progress line at every this many rows. */
export const PROGRESS_EVERY_ROWS = 1_000;

export const jobsImportRoutes: FastifyPluginAsyncZod<{
  token: string;
  db: Db;
  jobs: EmployerJobsServiceImpl;
}> = async (app, { token, db, jobs }) => {
  app.addHook('onRequest', async (request) => authorize(request, token));
  // The server closes a socket idle for connectionTimeout (security/limits.ts, 30 s), and an
  // import of a few thousand rows takes longer: the answer streams a line at least three times
  // within it, so the command sees progress and the socket never idles.
  const idle = app.initialConfig.connectionTimeout || 30_000;
  const heartbeatMs = Math.max(50, Math.min(10_000, Math.floor(idle / 3)));
  app.post(
    ADMIN_JOBS_IMPORT_PATH,
    { bodyLimit: IMPORT_MAX_BYTES * 2, schema: { hide: true, body: importBody } },
    async (request, reply) => {
      const { company, text, dryRun } = request.body;
      // A file or company it cannot take at all is refused before the answer starts (400).
      let plan;
      try {
        plan = await prepareImport(db, company, text);
      } catch (err) {
        if (err instanceof ImportError) throw new HttpError(400, err.message);
        throw err;
      }
      const total = plan.rows.length;
      let done = 0;
      let last = Date.now();
      const out = new PassThrough();
      const write = (line: ImportLine) => {
        last = Date.now();
        out.write(`${JSON.stringify(line)}\n`);
      };
      // The first line at once: it sends the answer's head, which the command waits for.
      write({ type: 'progress', done, total });
      const timer = setInterval(() => {
        if (Date.now() - last >= heartbeatMs) write({ type: 'progress', done, total });
      }, heartbeatMs);
      void (async () => {
        try {
          const report = await runImport({ db, jobs, dryRun }, plan, (n) => {
            done = n;
            if (n % PROGRESS_EVERY_ROWS === 0 && n < total)
              write({ type: 'progress', done, total });
          });
          write({ type: 'report', report });
        } catch (err) {
          request.log.error({ err }, 'jobs import stopped');
          write({ type: 'error', message: (err as Error).message, done, total });
        } finally {
          clearInterval(timer);
          out.end();
        }
      })();
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
};
