// The job seeker's services from the load context (app.ts puts them there), for alert and
// saved-jobs loaders and actions.
import type { SeekerServices } from '../../../shared/seeker-services.ts';
import type { AppLoadContext } from '../../../shared/services.ts';

export function seekerServices(context: AppLoadContext): SeekerServices {
  const seeker = context.seeker as SeekerServices | undefined;
  if (!seeker) throw new Error('The load context has no seeker services (app.ts)');
  return seeker;
}

/** A form field as a string ('' when missing or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * Links in e-mails carry the token; nothing on these pages may leak it to another site. Not
 * 'no-referrer': under it Chromium posts these pages' forms with "Origin: null", which the
 * server's origin check refuses (accounts.routes.ts), so without JavaScript (or before it loads)
 * an alert could never be confirmed or managed. 'same-origin' still sends nothing to another site;
 * the reset and invitation pages keep the site's 'strict-origin-when-cross-origin', which sends
 * other sites the origin only, never the path and its token.
 */
export const TOKEN_PAGE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'same-origin',
} as const;

/** A token as mailed (alerts.service.ts): anything else never opened an alert. */
export function looksLikeAlertToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
