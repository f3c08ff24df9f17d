// The running server's local endpoints for `npm run tasks` and `npm run operator` on the embedded
// database (which admits one process): only from this machine, only with the admin token the
// server wrote to DATA_DIR (like modules/admin's); left out of the OpenAPI document.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX } from '../../../shared/api-paths.ts';
import { HttpError } from '../../errors.ts';
import { OperatorError, type Operators } from '../moderation/operators.service.ts';
import type { TaskRunner } from './task-runner.ts';

export const ADMIN_TASKS_PATH = `${API_PREFIX}/admin/tasks`;
export const ADMIN_OPERATORS_PATH = `${API_PREFIX}/admin/operators`;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function authorize(request: FastifyRequest, token: string) {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  const sameToken = given.length === expected.length && timingSafeEqual(given, expected);
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || !sameToken) {
    throw new HttpError(403, 'Forbidden');
  }
}

export interface LocalAdminOptions {
  token: string;
  tasks: TaskRunner;
  operators: Operators;
}

export const localAdminRoutes: FastifyPluginAsyncZod<LocalAdminOptions> = async (
  app,
  { token, tasks, operators },
) => {
  app.addHook('onRequest', async (request) => authorize(request, token));

  app.get(ADMIN_TASKS_PATH, { schema: { hide: true } }, async () => ({
    success: true,
    message: 'Task runs',
    content: { names: tasks.names(), runs: await tasks.overview() },
  }));

  app.post(
    `${ADMIN_TASKS_PATH}/run`,
    { schema: { hide: true, body: z.object({ name: z.string().min(1).max(100) }).strict() } },
    async (request) => {
      if (!tasks.names().includes(request.body.name)) {
        throw new HttpError(
          400,
          `Unknown task "${request.body.name}"; the tasks are: ${tasks.names().join(', ')}`,
        );
      }
      const run = await tasks.runNow(request.body.name);
      return { success: true, message: `Ran ${run.name}`, content: run };
    },
  );

  app.get(ADMIN_OPERATORS_PATH, { schema: { hide: true } }, async () => ({
    success: true,
    message: 'Operators',
    content: await operators.list(),
  }));

  app.post(
    ADMIN_OPERATORS_PATH,
    {
      schema: {
        hide: true,
        body: z.object({ command: z.enum(['add', 'remove']), email: z.string().max(254) }).strict(),
      },
    },
    async (request) => {
      const { command, email } = request.body;
      try {
        const changed =
          command === 'add' ? await operators.add(email) : await operators.remove(email);
        return { success: true, message: command, content: { changed } };
      } catch (err) {
        if (err instanceof OperatorError) throw new HttpError(400, err.message);
        throw err;
      }
    },
  );
};
