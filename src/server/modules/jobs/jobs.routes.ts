// TODO(foundation): the jobs endpoints of spec §7.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.ts';

export const jobsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async () => {};
