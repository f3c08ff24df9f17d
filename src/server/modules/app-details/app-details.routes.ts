// TODO(foundation): the app-details endpoints of spec §7.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.ts';

export const appDetailsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async () => {};
