// TODO(foundation): the views endpoints of spec §7.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.ts';

export const viewsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async () => {};
