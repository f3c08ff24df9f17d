// POST /auth/jobs/add-one-view-to-a-view-jd: counts a view of a job (spec §7, DESIGN.md §4).
// "Authenticated" means the signed visitor cookie (visitor-cookie.ts), which POST /auth/visitor
// hands out: without a valid one a view is refused with 401 (and the answer sets one), so only a
// client that keeps cookies is counted (scripts that drop them never are). Like any
// state-changing request both must come from the site's own pages (security/own-origin.ts:
// PUBLIC_URL's origin, or the one the request was addressed to), or 403, and a 403 issues no
// cookie.
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import { z } from 'zod';
import { envelope, errorEnvelope } from '../../../shared/contract/envelope.ts';
import { addViewBody, addViewResponse } from '../../../shared/contract/jobs.ts';
import { HttpError } from '../../errors.ts';
import { isOwnOrigin } from '../../security/own-origin.ts';
import type { Services } from '../../services.ts';
import { issueVisitor, readVisitor } from './visitor-cookie.ts';

export interface ViewsRoutesOptions {
  services: Services;
  /** The site's address (PUBLIC_URL); only its origin may post views. */
  publicUrl: string;
  /** Views one client address may post per minute. */
  perMinute?: number;
}

const visitorResponse = envelope(z.object({ issued: z.boolean() }));

/** Refuses a request that did not come from the site's own pages (403). */
function checkOrigin(request: FastifyRequest, siteOrigin: string, what: string) {
  if (isOwnOrigin(request, siteOrigin)) return;
  const origin = request.headers.origin;
  throw new HttpError(
    403,
    origin === undefined
      ? `${what} only from the site's own pages: the Origin header is missing (expected ${siteOrigin})`
      : `${what} only from the site's own pages: Origin '${origin.slice(0, 100)}' is not ${siteOrigin}`,
  );
}

const messages = {
  counted: 'View counted',
  repeat: 'Already counted for this visitor in the last 24 hours',
  inactive: 'This job is no longer active; views are not counted',
  bot: 'Views from bots are not counted',
} as const;

export const viewsRoutes: FastifyPluginAsyncZod<ViewsRoutesOptions> = async (app, options) => {
  const siteOrigin = new URL(options.publicUrl).origin;
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many views from this address: try again in ${context.after}`),
  });

  app.post(
    '/jobs/add-one-view-to-a-view-jd',
    {
      config: { rateLimit: { max: options.perMinute ?? 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['jobs'],
        summary: 'Count one view of a job (one per visitor per job per 24 hours)',
        description:
          "Needs the signed visitor cookie and the site's own Origin; without the cookie it answers 401 and sets one (send the view again). Bots are answered counted=false.",
        body: addViewBody,
        response: {
          200: addViewResponse,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      checkOrigin(request, siteOrigin, 'Views are counted');
      const visitor = readVisitor(request);
      if (!visitor) {
        issueVisitor(request, reply);
        throw new HttpError(
          401,
          'A visitor cookie is required: this answer sets one, send the view again with it',
        );
      }
      const agent = request.headers['user-agent'];
      if (!agent || isbot(agent)) {
        return { success: true, message: messages.bot, content: { counted: false } };
      }
      const outcome = await options.services.views.record(request.body.pageUrl, visitor);
      if (outcome === 'not-found') {
        throw new HttpError(404, `No job has the pageUrl '${request.body.pageUrl}'`);
      }
      return {
        success: true,
        message: messages[outcome],
        content: { counted: outcome === 'counted' },
      };
    },
  );

  app.post(
    '/visitor',
    {
      config: { rateLimit: { max: options.perMinute ?? 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['jobs'],
        summary: 'Hand out the visitor cookie that counting views needs',
        description:
          "Sets the signed, HttpOnly visitor cookie (and a readable mark of it) unless the request has a valid one; needs the site's own Origin. Pages set no cookie, so a client calls this before its first view.",
        response: { 200: visitorResponse, 403: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      checkOrigin(request, siteOrigin, 'Visitor cookies are handed out');
      reply.header('cache-control', 'no-store');
      const has = readVisitor(request) !== undefined;
      issueVisitor(request, reply, has);
      return {
        success: true,
        message: has ? 'This visitor already has a cookie' : 'Visitor cookie set',
        content: { issued: !has },
      };
    },
  );
};
