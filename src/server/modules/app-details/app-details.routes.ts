// The app-details endpoints (spec §7): branding, links and the maintenance flag; public figures.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appDetailsResponse, ourAppDetailsResponse } from '../../../shared/contract/app-details.ts';
import { emptyQuery } from '../../../shared/contract/filters.ts';
import { cachePolicy } from '../../http-cache.ts';
import type { Services } from '../../services.ts';

export const appDetailsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/app-details/get-app-details',
    {
      // The maintenance switch must show at once, so caches revalidate (cheap with the ETag).
      config: { cache: cachePolicy.revalidate },
      schema: {
        tags: ['app-details'],
        summary: 'App name, description, support e-mail, social links and the maintenance flag',
        querystring: emptyQuery,
        response: { 200: appDetailsResponse },
      },
    },
    async () => ({
      success: true,
      message: 'App details',
      content: await services.appDetails.get(),
    }),
  );

  app.get(
    '/app-details/our-app-details',
    {
      config: { cache: cachePolicy.reference },
      schema: {
        tags: ['app-details'],
        summary: 'Public figures: current openings, companies, cities, countries',
        querystring: emptyQuery,
        response: { 200: ourAppDetailsResponse },
      },
    },
    async () => ({
      success: true,
      message: 'Our figures',
      content: await services.appDetails.figures(),
    }),
  );
};
