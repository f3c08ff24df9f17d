// The job seeker's services from the load context (app.ts puts them there), for alert and
// saved-jobs loaders and actions.
import { data } from 'react-router';
import type { AlertsService, SeekerServices } from '../../../shared/seeker-services.ts';
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

/**
 * The answer of a confirm or manage link that opens no alert: its own page (bad-alert-link.tsx),
 * 404 since a deleted alert's token is not kept and nothing can tell it from a made-up one.
 */
export function badAlertLink() {
  return data({ state: 'bad-link' as const }, { status: 404, headers: TOKEN_PAGE_HEADERS });
}

/** A token as mailed (alerts.service.ts): anything else never opened an alert. */
export function looksLikeAlertToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** How many alerts the address of `email` has besides the one of `id`. */
/** How many other alerts the address has, and how many of them are requests not confirmed yet. */
export async function otherAlertsOf(alerts: AlertsService, email: string, id: number) {
  const others = (await alerts.forEmail(email)).filter((alert) => alert.id !== id);
  return { others: others.length, requests: others.filter((alert) => !alert.confirmed).length };
}

/**
 * Deletes the alert of a mailed link, and only it: the address stays while it has other alerts
 * (each mail's one-click unsubscribe stops that mail's alert). Null when the token opens none.
 */
export async function unsubscribeOne(alerts: AlertsService, token: string) {
  const alert = await alerts.byToken(token);
  if (!alert || !(await alerts.unsubscribe(token))) return null;
  const { others, requests } = await otherAlertsOf(alerts, alert.email, alert.id);
  return { deleted: 'one' as const, others, requests, email: alert.email };
}

/**
 * Deletes every alert of the address of a mailed link, and so the address: the link proves the
 * mailbox, as it does for the one alert. Null when the token opens none.
 */
export async function unsubscribeAll(alerts: AlertsService, token: string) {
  const alert = await alerts.byToken(token);
  if (!alert) return null;
  const count = await alerts.deleteAllForEmail(alert.email);
  return { deleted: 'all' as const, count, email: alert.email };
}

/** The unsubscribe page's address that says what a manage page's delete did (no address in it). */
export function unsubscribedSearch(
  done: { deleted: 'one'; others: number; requests: number } | { deleted: 'all'; count: number },
) {
  if (done.deleted === 'all') return `?deleted=all&count=${done.count}`;
  return `?deleted=one&others=${done.others}${done.requests > 0 ? `&requests=${done.requests}` : ''}`;
}

/** What `unsubscribedSearch` wrote, read back; null when the address says nothing valid. */
export function readUnsubscribed(params: URLSearchParams) {
  const n = (key: string) => {
    const raw = params.get(key);
    const value = raw === null || raw === '' ? NaN : Number(raw);
    return Number.isInteger(value) && value >= 0 && value <= 100 ? value : null;
  };
  const deleted = params.get('deleted');
  const others = n('others');
  const requests = params.has('requests') ? n('requests') : 0;
  const count = n('count');
  if (deleted === 'one' && others !== null && requests !== null && requests <= others) {
    return { deleted: 'one' as const, others, requests };
  }
  if (deleted === 'all' && count !== null && count > 0) return { deleted: 'all' as const, count };
  return null;
}
