// A browser that asked for a page, or sent a form, and was refused before any page rendered (an
// address that does not decode, a query string or form too large, too many searches, a form from
// another site) gets the reason as a small page with a way back, not the API's JSON envelope.
// Only a browser's navigation or form (Accept: text/html) gets the page; the API, a page's `.data`
// request, the suggestion routes, images and the saved-jobs store keep the JSON.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { APP_NAME } from '../../shared/constants.ts';
import { escapeMarkup } from '../../shared/text.ts';
import { BARE_PAGE_HEADERS } from '../security/headers.ts';
import { isDocument } from '../security/rate-limit.ts';

/** A browser's navigation or form: its Accept names HTML, before any JSON. */
function wantsPage(accept: string | undefined) {
  return accept !== undefined && accept.includes('text/html') && !wantsJson(accept);
}

/** Whether an Accept header names JSON before (or without) HTML. */
export function wantsJson(accept: string | undefined) {
  if (!accept) return false;
  const json = accept.indexOf('application/json');
  const html = accept.indexOf('text/html');
  return json !== -1 && (html === -1 || json < html);
}

const HEADINGS: Record<number, string> = {
  400: 'This request could not be read',
  403: 'This request was refused',
  413: 'That was too much to send',
  414: 'This address is too long',
  429: 'Too many searches',
};

export function refusalPage(status: number, message: string): string {
  const heading = HEADINGS[status] ?? STATUS_CODES[status] ?? 'This request was refused';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeMarkup(heading)} · ${APP_NAME}</title></head><body><main><h1>${escapeMarkup(heading)}</h1><p>${escapeMarkup(message)}</p><p><a href="/">Back to the jobs</a></p></main></body></html>`;
}

/** The envelope's message, or null when the answer is not the JSON envelope. */
function messageOf(payload: unknown): string | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  try {
    const body = JSON.parse(String(payload)) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

/** Call on the root instance, before the routes. */
export function registerRefusalPages(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !wantsPage(request.headers.accept)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      return payload;
    }
    if (!isDocument(request.method, request.url)) return payload;
    const message = messageOf(payload);
    if (message === null) return payload;
    reply.header('content-type', 'text/html; charset=utf-8');
    return refusalPage(reply.statusCode, message);
  });
}

/**
 * Fastify's answer to an address it cannot decode (`/%`), given before any route or hook: the
 * same envelope as every other error, or the page for a browser. No hook has set the security
 * headers, so they are set here.
 */
export function answerBadAddress(error: Error, request: FastifyRequest, reply: FastifyReply) {
  const message = `This address cannot be read: ${error.message.replace(/^'(.*)' is not a valid url component$/, '$1')} is not valid URL encoding.`;
  reply.code(400).header('cache-control', 'no-store').headers(BARE_PAGE_HEADERS);
  if (wantsPage(request.headers.accept) && isDocument(request.method, request.url)) {
    return reply.type('text/html; charset=utf-8').send(refusalPage(400, message));
  }
  return reply.send({ success: false, message, content: null });
}
