// TODO(foundation): the filters endpoints of spec §7.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.ts';

export const filtersRoutes: FastifyPluginAsyncZod<{ services: Services }> = async () => {};
