// Words shared by the alert pages.
import type { AlertFrequency } from '../../../shared/seeker-services.ts';

export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
};

export const BAD_LINK =
  'This link does not open an alert: it was deleted, the request expired after 7 days, or the link is incomplete.';
