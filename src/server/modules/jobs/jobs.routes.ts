// The job endpoints of spec §7: the listing and one job by its slug. Both are public and cacheable
// (Cache-Control of 200s through the route's `cache` config; ETag and 304 from http-cache.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '../../../shared/contract/envelope.ts';
import {
  detailMissingResponse,
  detailQuery,
  detailResponse,
  listingQuery,
  listingResponse,
  similarResponse,
} from '../../../shared/contract/jobs.ts';
import { NO_SEARCH_WORDS } from '../../../shared/text.ts';
import { HttpError } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { toPrefixTsquery } from './data/keyword.ts';

export const LISTING_CACHE = 'public, max-age=30, stale-while-revalidate=60';
export const DETAIL_CACHE = 'public, max-age=60, stale-while-revalidate=120';

export const NOT_FOUND_MESSAGE =
  'Oh dear! This job is no longer available. Search other jobs to find your next opening.';
export const INACTIVE_MESSAGE = 'Looks like this job is no longer active.';

export const jobsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/jobs/current-openings',
    {
      config: { cache: LISTING_CACHE },
      schema: {
        tags: ['jobs'],
        summary: 'Active jobs, filtered, sorted and paged (by page or by keyset cursor)',
        querystring: listingQuery,
        response: { 200: listingResponse, 400: errorEnvelope },
      },
    },
    async (request) => {
      // The API says why a keyword finds nothing; a page just shows no matches (the service).
      if (request.query.q !== undefined && toPrefixTsquery(request.query.q) === null) {
        throw new HttpError(400, `Invalid querystring: 'q': ${NO_SEARCH_WORDS}`);
      }
      const content = await services.jobs.list(request.query);
      const message =
        content.noofJobs === 0
          ? 'No jobs match these filters right now. Try clearing a filter.'
          : 'Current openings';
      return { success: true, message, content };
    },
  );

  app.get(
    '/jobs/job-description',
    {
      config: { cache: DETAIL_CACHE },
      schema: {
        tags: ['jobs'],
        summary: 'One job by its page slug; 404 when unknown, 410 when no longer active',
        querystring: detailQuery,
        response: {
          200: detailResponse,
          400: errorEnvelope,
          404: detailMissingResponse,
          410: detailMissingResponse,
        },
      },
    },
    async (request, reply) => {
      const found = await services.jobs.get(request.query.pageUrl);
      if (found.status === 'found') {
        return { success: true, message: 'Job details', content: { jobs: found.job } };
      }
      const missing = { jobs: null, isActive: false };
      if (found.status === 'inactive') {
        return reply
          .code(410)
          .send({ success: false, message: INACTIVE_MESSAGE, content: missing });
      }
      return reply.code(404).send({ success: false, message: NOT_FOUND_MESSAGE, content: missing });
    },
  );

  app.get(
    '/jobs/similar-jobs',
    {
      config: { cache: DETAIL_CACHE },
      schema: {
        tags: ['jobs'],
        summary:
          'Up to six active jobs like one job (same role and city, same role, similar title); the job may be closed',
        querystring: detailQuery,
        response: { 200: similarResponse, 400: errorEnvelope },
      },
    },
    async (request) => {
      const jobs = await services.jobs.similar(request.query.pageUrl);
      return { success: true, message: 'Similar jobs', content: { jobs } };
    },
  );
};
