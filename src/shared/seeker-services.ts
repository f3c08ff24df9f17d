// A job seeker's services as route loaders and actions see them (React Router's load context):
// e-mail alerts on a search (no account; double opt-in; links by token) and saved and hidden
// jobs and companies of a signed-in seeker. The server implements these.
import { NO_SEARCH_WORDS, searchWords } from './text.ts';

export const ALERT_FREQUENCIES = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** True when the search's keyword has no word search can match ("नौकरी"): its alert would never send a job. */
export function keywordWithoutWords(query: URLSearchParams): boolean {
  const q = query.get('q');
  return q !== null && q.trim() !== '' && searchWords(q).length === 0;
}

/** Why such a search cannot become an alert: the listing's explanation, then what to do. */
export const ALERT_WITHOUT_WORDS = `${NO_SEARCH_WORDS}, so its alert would never send a job. Change the keyword on the jobs page to a job title or a skill, such as accountant or React.`;

/** At most this many alerts per e-mail address. */
export const MAX_ALERTS_PER_ADDRESS = 10;
/**
 * An alert waiting for its confirmation is mailed its link at most once in these minutes: asking
 * again at once (a double click, an impatient reload, someone filling a stranger's inbox) sends
 * nothing new, and the page says the e-mail went a moment ago.
 */
export const ALERT_CONFIRM_RESEND_MINUTES = 5;

export interface AlertView {
  id: number;
  email: string;
  /** The search in words. */
  label: string;
  /** The listing's query string it follows ("role=3&q=react", no leading "?"). */
  query: string;
  frequency: AlertFrequency;
  confirmed: boolean;
  paused: boolean;
  createdAt: string;
}

export type SubscribeResult =
  /** 'sent-recently': the alert waits for its confirmation, mailed minutes ago; none sent now. */
  | { ok: true; outcome: 'sent' | 'sent-recently' }
  | {
      ok: false;
      reason: 'invalid' | 'limit' | 'rate-limited';
      message: string;
      field?: 'email' | 'frequency' | 'search';
      retryAfterSeconds?: number;
    };

/** What the manage page (or /account) changes of an alert: how often, and paused or not. */
export interface AlertChange {
  frequency?: AlertFrequency;
  paused?: boolean;
}

export interface AlertsService {
  /** Mails a confirmation link (or, for an address that already follows the search, a manage link). */
  subscribe(input: {
    email: string;
    query: string;
    label: string;
    frequency: string;
  }): Promise<SubscribeResult>;
  /** The alert of a mailed link's token, or null (unknown or deleted). */
  byToken(token: string): Promise<AlertView | null>;
  confirm(token: string): Promise<AlertView | null>;
  update(token: string, change: AlertChange): Promise<AlertView | null>;
  /**
   * Deletes this alert only (the address is kept nowhere else once its last alert goes); false
   * when the token is unknown.
   */
  unsubscribe(token: string): Promise<boolean>;
  /** A signed-in seeker's alerts, by their verified address. */
  forEmail(email: string): Promise<AlertView[]>;
  /**
   * Changes one of a signed-in seeker's alerts (by their verified address), as `update` does by
   * token; null when the address has no alert of that id (another's, or deleted).
   */
  updateForEmail(email: string, id: number, change: AlertChange): Promise<AlertView | null>;
  /** Deletes one of a signed-in seeker's alerts (by their verified address). */
  deleteForEmail(email: string, id: number): Promise<boolean>;
  /** Deletes every alert of the address, and so the address, in one statement: how many. */
  deleteAllForEmail(email: string): Promise<number>;
}

export const MARK_KINDS = ['saved', 'hidden-job', 'hidden-company'] as const;
export type MarkKind = (typeof MARK_KINDS)[number];

/** Ids by kind: saved jobs, hidden jobs, hidden companies. */
export type Marks = Record<MarkKind, number[]>;

export interface SavedJob {
  id: number;
  title: string;
  pageUrl: string;
  companyName: string;
  location: string;
  /** live: on the board; closed: closed, expired, hidden or in review (the page says so). */
  status: 'live' | 'closed';
}

export interface MarksService {
  list(userId: string): Promise<Marks>;
  /** Sets or clears one mark. */
  set(userId: string, kind: MarkKind, itemId: number, on: boolean): Promise<void>;
  /** Adds the browser's marks to the account's (a union; called after sign-in). */
  merge(userId: string, marks: Partial<Marks>): Promise<Marks>;
  /** The jobs of these ids with their current status, in the order given; unknown ids left out. */
  jobs(ids: number[]): Promise<SavedJob[]>;
}

export interface SeekerServices {
  alerts: AlertsService;
  marks: MarksService;
}
