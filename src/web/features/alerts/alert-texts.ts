// Words shared by the alert pages.
import type { AlertFrequency } from '../../../shared/seeker-services.ts';

export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
};

/** A confirm or manage link that opens no alert (bad-alert-link.tsx). */
export const BAD_LINK = {
  title: 'This link is not valid or has expired',
  lead: 'It opens no alert: the alert was deleted, it was not confirmed within 7 days, or the link is incomplete.',
  what: 'To get the new jobs of a search by e-mail, open the search on the jobs page and choose Follow this search, then Get these jobs by e-mail. If you have other alerts, each of their e-mails has its own link.',
} as const;

/** An unsubscribe link that cannot be an alert's (cut short or changed on the way). */
export const UNSUBSCRIBE_NOT_VALID = {
  title: 'This unsubscribe link is not valid',
  lead: 'It is incomplete or was changed on the way, so nothing was unsubscribed. To stop an alert, use the Unsubscribe link in its newest e-mail.',
} as const;

/**
 * A well-formed link that opens no alert: most likely one already used, but a deleted alert's
 * token is not kept, so it cannot be told from a changed link, and the page must not claim either.
 */
export const UNSUBSCRIBE_NO_ALERT = {
  title: 'No alert at this link',
  lead: 'If you already unsubscribed with it, the alert is deleted and nothing more is sent from it. If its e-mails still come, this link is not valid: use the Unsubscribe link in the newest one.',
} as const;

/** "1 other alert", "3 other alerts". */
export const otherAlerts = (n: number) => `${n} other alert${n === 1 ? '' : 's'}`;

/**
 * An address's other alerts as the pages name them: confirmed ones go on (paused ones resume),
 * and requests not confirmed yet are named apart, as they send nothing. `requests` is among
 * `others`. "1 other alert, which goes on, and 2 requests not confirmed yet".
 */
export function othersWords({ others, requests }: { others: number; requests: number }) {
  const alerts = others - requests;
  const on = alerts > 0 ? `${otherAlerts(alerts)}, which ${alerts === 1 ? 'goes' : 'go'} on` : '';
  const waiting =
    requests > 0 ? `${requests} request${requests === 1 ? '' : 's'} not confirmed yet` : '';
  return [on, waiting].filter(Boolean).join(', and ');
}

/** What an unsubscribe or a delete did: one alert (and how many the address still has), or all. */
export type Unsubscribed =
  | { deleted: 'one'; others: number; requests: number; email?: string }
  | { deleted: 'all'; count: number; email?: string };

/** The words of the page after an unsubscribe or delete: exactly what was deleted and what goes on. */
export function unsubscribedWords(done: Unsubscribed): { title: string; lead: string } {
  const address = done.email ?? 'this address';
  if (done.deleted === 'all') {
    const alerts = done.count === 1 ? 'The alert' : `All ${done.count} alerts`;
    return {
      title: 'You are unsubscribed from all alerts',
      lead: `${alerts} for ${address} and the address itself are deleted. No more alert e-mails go to it.`,
    };
  }
  if (done.others === 0) {
    return {
      title: 'You are unsubscribed',
      lead: `The alert is deleted, and with it ${done.email ?? 'your address'}: it was its only alert. No more alert e-mails go to it.`,
    };
  }
  return {
    title: 'You are unsubscribed from this alert',
    lead: `This alert is deleted. ${address === 'this address' ? 'This address' : address} still has ${othersWords(done)}. Every alert e-mail has its own links to change, pause or stop its alert.`,
  };
}
