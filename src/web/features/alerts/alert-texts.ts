// Words shared by the alert pages.
import type { AlertFrequency } from '../../../shared/seeker-services.ts';

export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
};

export const BAD_LINK =
  'This link does not open an alert: it was deleted, the request expired after 7 days, or the link is incomplete.';

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
  lead: 'If you already unsubscribed with it, the alert and your address are deleted and nothing more is sent. If e-mails still come, this link is not valid: use the Unsubscribe link in the newest one.',
} as const;
