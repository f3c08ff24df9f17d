// The company endpoints: the index by name and one company's page (profile and live jobs, paged
// like the listing). Public and cacheable like the job endpoints.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companiesIndexQuery,
  companiesIndexResponse,
  companyJobsQuery,
  companyPageResponse,
  companySlugParams,
} from '../../../shared/contract/companies.ts';
import { errorEnvelope } from '../../../shared/contract/envelope.ts';
import type { Services } from '../../services.ts';
import { DETAIL_CACHE, LISTING_CACHE } from '../jobs/jobs.routes.ts';

export const COMPANY_NOT_FOUND = 'No company has this address.';

export const companiesRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/companies',
    {
      config: { cache: LISTING_CACHE },
      schema: {
        tags: ['companies'],
        summary: 'Companies on the board by name, paged',
        querystring: companiesIndexQuery,
        response: { 200: companiesIndexResponse, 400: errorEnvelope },
      },
    },
    async (request) => {
      const content = await services.companies.search(request.query);
      return { success: true, message: 'Companies', content };
    },
  );

  app.get(
    '/companies/:slug',
    {
      config: { cache: DETAIL_CACHE },
      schema: {
        tags: ['companies'],
        summary: "One company's profile and its live jobs (the listing's sort and paging)",
        params: companySlugParams,
        querystring: companyJobsQuery,
        response: { 200: companyPageResponse, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      let lookup = await services.companies.get(request.params.slug);
      // A merged company answers as the one it was merged into.
      if (lookup.status === 'moved') lookup = await services.companies.get(lookup.slug);
      if (lookup.status !== 'found') {
        return reply.code(404).send({ success: false, message: COMPANY_NOT_FOUND, content: null });
      }
      const listing = await services.jobs.list({
        ...request.query,
        company: Number(lookup.company._id),
      });
      return {
        success: true,
        message: lookup.company.companyName,
        content: { company: lookup.company, ...listing },
      };
    },
  );
};
