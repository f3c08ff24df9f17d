// Counts sign-in, sign-up and reset attempts per e-mail address and per client address in the
// database (better-auth's rate_limit table, keys of our own), so the limits hold across any
// number of servers. A fixed window per key: the first attempt after a window starts a new one.
// Sign-in also counts per address *from one client*, with the tight limit there: someone typing
// wrong passwords for another person's address locks out only their own client, while the
// looser per-address limit still stops guessing spread over many clients. A sign-in that proves
// the password is forgiven afterwards: only failures count, so signing in often locks nobody out.
import { sql } from 'drizzle-orm';
import { MAX_ALERTS_PER_ADDRESS } from '../../../shared/seeker-services.ts';
import { type Db, queryRows } from '../../db/client.ts';

export interface AttemptRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export type AttemptKind = 'sign-in' | 'sign-up' | 'reset' | 'verify-mail' | 'alert';

/**
 * Per typed e-mail address (so per account when it exists), per client address and, where set,
 * per address from one client.
 */
export interface AttemptRules {
  email: AttemptRule;
  client: AttemptRule;
  emailFromClient?: AttemptRule;
}

/** What each kind that sends a mail allows: 5 an hour per address, 20 per client address. */
const MAILING = {
  email: { max: 5, windowMs: 60 * 60_000 },
  client: { max: 20, windowMs: 60 * 60_000 },
};

export const ATTEMPT_RULES: Record<AttemptKind, AttemptRules> = {
  'sign-in': {
    emailFromClient: { max: 10, windowMs: 15 * 60_000 },
    email: { max: 100, windowMs: 15 * 60_000 },
    client: { max: 50, windowMs: 15 * 60_000 },
  },
  'sign-up': MAILING,
  reset: MAILING,
  'verify-mail': MAILING,
  // A job seeker's alert requests (modules/seekers): each one mails the address, so the same
  // guard against mail-bombing, but an address may set up all its alerts in one sitting.
  alert: { ...MAILING, email: { max: MAX_ALERTS_PER_ADDRESS, windowMs: 60 * 60_000 } },
};

export interface AttemptVerdict {
  allowed: boolean;
  /** Seconds until the window of the exhausted key ends. */
  retryAfterSeconds: number;
}

export interface Attempts {
  /** Counts one attempt against each key; refused when any is over its limit. */
  take(kind: AttemptKind, email: string, client: string): Promise<AttemptVerdict>;
  /**
   * Takes back one attempt from each key: the attempt succeeded. An attempt is counted before it
   * is tried (so guesses sent at once are limited too) and forgiven once it proves the password.
   */
  forgive(kind: AttemptKind, email: string, client: string): Promise<void>;
  /**
   * Counts one attempt against a key of the caller's own (`invite:account:<id>`), under its own
   * rule: the same table and fixed window, for limits that are not per typed address and client
   * (an account's invitations, one mail per address and search).
   */
  takeKey(key: string, rule: AttemptRule): Promise<AttemptVerdict>;
}

export function createAttempts(
  db: Db,
  options: { scale?: number; now?: () => number } = {},
): Attempts {
  const scale = options.scale ?? 1;
  const now = options.now ?? Date.now;

  async function count(key: string, rule: AttemptRule): Promise<AttemptVerdict> {
    const at = now();
    const windowStart = at - rule.windowMs;
    const [row] = await queryRows<{ count: number; last_request: string | number }>(
      db,
      sql`insert into rate_limit (id, key, count, last_request)
          values (${key}, ${key}, 1, ${at})
          on conflict (key) do update set
            count = case when rate_limit.last_request <= ${windowStart} then 1
                         else rate_limit.count + 1 end,
            last_request = case when rate_limit.last_request <= ${windowStart} then ${at}
                                else rate_limit.last_request end
          returning count, last_request`,
    );
    const max = Math.max(1, Math.round(rule.max * scale));
    const started = Number(row!.last_request);
    return {
      allowed: row!.count <= max,
      retryAfterSeconds: Math.max(1, Math.ceil((started + rule.windowMs - at) / 1000)),
    };
  }

  /** Takes one back from `key` while its window lasts (a later window did not count it). */
  async function uncount(key: string, rule: AttemptRule): Promise<void> {
    await db.execute(
      sql`update rate_limit set count = greatest(count - 1, 0)
          where key = ${key} and last_request > ${now() - rule.windowMs}`,
    );
  }

  /** The kind's keys for one typed address from one client, each with its rule. */
  function keysOf(kind: AttemptKind, email: string, client: string): [string, AttemptRule][] {
    const rules = ATTEMPT_RULES[kind];
    const address = email.trim().toLowerCase();
    const keys: [string, AttemptRule][] = [
      [`openings:${kind}:email:${address}`, rules.email],
      [`openings:${kind}:client:${client}`, rules.client],
    ];
    if (rules.emailFromClient) {
      keys.push([`openings:${kind}:email-client:${address}|${client}`, rules.emailFromClient]);
    }
    return keys;
  }

  return {
    async take(kind, email, client) {
      if (scale === 0) return { allowed: true, retryAfterSeconds: 0 };
      const verdicts: AttemptVerdict[] = [];
      for (const [key, rule] of keysOf(kind, email, client)) verdicts.push(await count(key, rule));
      const refused = verdicts.filter((v) => !v.allowed);
      if (refused.length === 0) return verdicts[0]!;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(...refused.map((v) => v.retryAfterSeconds)),
      };
    },

    async forgive(kind, email, client) {
      if (scale === 0) return;
      for (const [key, rule] of keysOf(kind, email, client)) await uncount(key, rule);
    },

    async takeKey(key, rule) {
      if (scale === 0) return { allowed: true, retryAfterSeconds: 0 };
      return count(`openings:${key}`, rule);
    },
  };
}
