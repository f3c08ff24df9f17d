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

/** Links in e-mails carry the token; nothing on these pages may leak it to another site. */
export const TOKEN_PAGE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
} as const;
