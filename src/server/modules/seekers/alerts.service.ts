// E-mail alerts on a search without an account (DESIGN.md §9, issue 19): double opt-in, one
// signed token per alert (an HMAC of its id and creation time under the server's secret; only its
// SHA-256 is kept) for the confirm, manage and unsubscribe links, the same in every mail so an old
// mail's unsubscribe still works, at most MAX_ALERTS_PER_ADDRESS per address, rate-limited per address and per client.
// Unsubscribing deletes that alert's row; the address is kept nowhere else, so it goes with its
// last alert.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../../shared/constants.ts';
import { type ListingQuery, listingQuery } from '../../../shared/contract/jobs.ts';
import {
  type AlertChange,
  ALERT_CONFIRM_RESEND_MINUTES,
  ALERT_FREQUENCIES,
  type AlertFrequency,
  type AlertsService,
  type AlertView,
  ALERT_WITHOUT_WORDS,
  keywordWithoutWords,
  MAX_ALERTS_PER_ADDRESS,
} from '../../../shared/seeker-services.ts';
import { type Db, queryRows } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Attempts } from '../accounts/attempts.ts';
import { alreadyFollowingMail, confirmAlertMail } from './alert-mails.ts';

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter your e-mail address.')
  .max(254, 'An e-mail address has at most 254 characters.')
  .pipe(z.email('Enter an e-mail address like name@example.com.'));

const frequencyField = z.enum(ALERT_FREQUENCIES, { error: 'Choose daily or weekly.' });

/** Keys of the listing's query that are about the page, not the search. */
const NOT_SEARCH_KEYS = new Set(['page', 'pageSize', 'cursor', 'sortBy']);

/**
 * The search of an address's query string in one canonical spelling (keys sorted), or null when
 * it is not a listing search (the listing's own contract decides, so new filters just work).
 */
export function canonicalQuery(query: string): string | null {
  const params = new URLSearchParams(query);
  const raw: Record<string, string> = {};
  for (const [key, value] of params) {
    if (NOT_SEARCH_KEYS.has(key) || key in raw) return null;
    if (value !== '') raw[key] = value;
  }
  if (!listingQuery.safeParse(raw).success) return null;
  const sorted = Object.keys(raw).sort();
  return new URLSearchParams(sorted.map((key) => [key, raw[key]!])).toString();
}

/** The listing query of a stored alert: its 50 newest matching jobs. */
export function alertListingQuery(query: string): ListingQuery | null {
  const raw = Object.fromEntries(new URLSearchParams(query));
  const parsed = listingQuery.safeParse({
    ...raw,
    sortBy: 'false',
    page: '1',
    pageSize: String(MAX_PAGE_SIZE),
  });
  return parsed.success ? parsed.data : null;
}

/**
 * The alert's token: signed, so it cannot be guessed, and bound to one alert (a deleted and
 * re-made alert has a new id and time, so a new token). `key` comes from the cookie secret.
 */
export function alertToken(key: string, id: number, createdAt: Date | string): string {
  return createHmac('sha256', key)
    .update(`job-alert:${id}:${new Date(createdAt).getTime()}`)
    .digest('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as mailed: 43 base64url characters; anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface AlertRow {
  id: number;
  email: string;
  label: string;
  query: string;
  frequency: AlertFrequency;
  confirmed_at: Date | string | null;
  paused_at: Date | string | null;
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toView(row: AlertRow): AlertView {
  return {
    id: row.id,
    email: row.email,
    label: row.label,
    query: row.query,
    frequency: row.frequency,
    confirmed: row.confirmed_at !== null,
    paused: row.paused_at !== null,
    createdAt: iso(row.created_at),
  };
}

const COLUMNS = sql.raw('id, email, label, query, frequency, confirmed_at, paused_at, created_at');

export interface AlertsCoreOptions {
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  attempts: Attempts;
  /** Signs the tokens (COOKIE_SECRET or the one kept in DATA_DIR). */
  secret: string;
  now?: () => Date;
}

/** A key of its own for alert tokens, so they never equal another use of the secret. */
export function alertTokenKey(secret: string): string {
  return createHmac('sha256', secret).update('openings job alerts').digest('base64url');
}

/** The alerts of one request (its client address counts toward the rate limit). */
export function createAlerts(db: Db, options: AlertsCoreOptions, client: string): AlertsService {
  const now = options.now ?? (() => new Date());
  const ctx = { publicUrl: options.publicUrl };
  const key = alertTokenKey(options.secret);

  async function byHash(token: string): Promise<AlertRow | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const [row] = await queryRows<AlertRow>(
      db,
      sql`select ${COLUMNS} from job_alerts where token_hash = ${hashToken(token)}`,
    );
    return row ?? null;
  }

  /** Changes the frequency or pause of the alert `where` picks, in one statement. */
  async function changeWhere(where: SQL, change: AlertChange): Promise<AlertView | null> {
    const frequency = change.frequency === undefined ? sql`frequency` : sql`${change.frequency}`;
    const paused =
      change.paused === undefined
        ? sql`paused_at`
        : change.paused
          ? sql`coalesce(paused_at, ${now()})`
          : sql`null`;
    const [updated] = await queryRows<AlertRow>(
      db,
      sql`update job_alerts set frequency = ${frequency}, paused_at = ${paused}
          where ${where} returning ${COLUMNS}`,
    );
    return updated ? toView(updated) : null;
  }

  /** Whether the alert's confirmation may be mailed now (counted): once per ALERT_CONFIRM_RESEND_MINUTES. */
  async function confirmationDue(alertId: number) {
    const verdict = await options.attempts.takeKey(`alert-confirm:${alertId}`, {
      max: 1,
      windowMs: ALERT_CONFIRM_RESEND_MINUTES * 60_000,
    });
    return verdict.allowed;
  }

  return {
    async subscribe(input) {
      const email = emailField.safeParse(input.email);
      if (!email.success) {
        return {
          ok: false,
          reason: 'invalid',
          field: 'email',
          message: email.error.issues[0]!.message,
        };
      }
      const frequency = frequencyField.safeParse(input.frequency);
      if (!frequency.success) {
        return {
          ok: false,
          reason: 'invalid',
          field: 'frequency',
          message: frequency.error.issues[0]!.message,
        };
      }
      const query = canonicalQuery(input.query);
      const label = input.label.trim().slice(0, 300);
      if (query === null || label === '') {
        return {
          ok: false,
          reason: 'invalid',
          field: 'search',
          message: 'This search cannot be followed; open it from the jobs page again.',
        };
      }
      if (keywordWithoutWords(new URLSearchParams(query))) {
        return { ok: false, reason: 'invalid', field: 'search', message: ALERT_WITHOUT_WORDS };
      }
      const verdict = await options.attempts.take('alert', email.data, client);
      if (!verdict.allowed) {
        return {
          ok: false,
          reason: 'rate-limited',
          message: `Too many alert requests. Try again in ${Math.ceil(verdict.retryAfterSeconds / 60)} minutes.`,
          retryAfterSeconds: verdict.retryAfterSeconds,
        };
      }
      const [existing] = await queryRows<AlertRow & { confirmed: boolean }>(
        db,
        sql`select ${COLUMNS}, confirmed_at is not null as confirmed from job_alerts
            where email = ${email.data} and query = ${query}`,
      );
      if (existing) {
        const token = alertToken(key, existing.id, existing.created_at);
        if (!existing.confirmed) {
          await db.execute(
            sql`update job_alerts set frequency = ${frequency.data} where id = ${existing.id}`,
          );
          if (!(await confirmationDue(existing.id))) return { ok: true, outcome: 'sent-recently' };
        }
        const mail = existing.confirmed
          ? alreadyFollowingMail(
              ctx,
              email.data,
              {
                label,
                frequency: existing.frequency,
                paused: existing.paused_at !== null,
                asked: frequency.data,
              },
              token,
            )
          : confirmAlertMail(ctx, email.data, { label, frequency: frequency.data }, token);
        await options.mailer.send(mail);
        return { ok: true, outcome: 'sent' };
      }
      // Counted and inserted in one statement, so two requests at once cannot both pass at 9.
      // The token needs the row's id, so a random placeholder holds its unique place first.
      const inserted = await queryRows<{ id: number; created_at: Date | string }>(
        db,
        sql`insert into job_alerts (email, query, label, frequency, token_hash, created_at)
            select ${email.data}, ${query}, ${label}, ${frequency.data},
                   ${randomBytes(32).toString('hex')}, ${now()}
            where (select count(*) from job_alerts where email = ${email.data}) < ${MAX_ALERTS_PER_ADDRESS}
            on conflict do nothing
            returning id, created_at`,
      );
      const row = inserted[0];
      if (!row) {
        return {
          ok: false,
          reason: 'limit',
          field: 'email',
          message: `This address already has ${MAX_ALERTS_PER_ADDRESS} alerts, the most we keep. Delete one through the link in its e-mails first.`,
        };
      }
      const token = alertToken(key, row.id, row.created_at);
      await db.execute(
        sql`update job_alerts set token_hash = ${hashToken(token)} where id = ${row.id}`,
      );
      await confirmationDue(row.id);
      await options.mailer.send(
        confirmAlertMail(ctx, email.data, { label, frequency: frequency.data }, token),
      );
      return { ok: true, outcome: 'sent' };
    },

    async byToken(token) {
      const row = await byHash(token);
      return row ? toView(row) : null;
    },

    async confirm(token) {
      const row = await byHash(token);
      if (!row) return null;
      if (row.confirmed_at !== null) return toView(row);
      const at = now();
      // The high-water mark starts here: the first digest brings only jobs posted after this.
      const [confirmed] = await queryRows<AlertRow>(
        db,
        sql`update job_alerts set confirmed_at = ${at}, sent_up_to = ${at}, last_digest_at = ${at}
            where id = ${row.id} returning ${COLUMNS}`,
      );
      return confirmed ? toView(confirmed) : null;
    },

    async update(token, change) {
      if (!TOKEN_SHAPE.test(token)) return null;
      return changeWhere(sql`token_hash = ${hashToken(token)}`, change);
    },

    async unsubscribe(token) {
      if (!TOKEN_SHAPE.test(token)) return false;
      const rows = await queryRows<{ id: number }>(
        db,
        sql`delete from job_alerts where token_hash = ${hashToken(token)} returning id`,
      );
      return rows.length > 0;
    },

    async forEmail(email) {
      const rows = await queryRows<AlertRow>(
        db,
        sql`select ${COLUMNS} from job_alerts where email = ${email.trim().toLowerCase()}
            order by created_at, id`,
      );
      return rows.map(toView);
    },

    async updateForEmail(email, id, change) {
      return changeWhere(sql`id = ${id} and email = ${email.trim().toLowerCase()}`, change);
    },

    async deleteForEmail(email, id) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`delete from job_alerts where id = ${id} and email = ${email.trim().toLowerCase()}
            returning id`,
      );
      return rows.length > 0;
    },

    async deleteAllForEmail(email) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`delete from job_alerts where email = ${email.trim().toLowerCase()} returning id`,
      );
      return rows.length;
    },
  };
}
