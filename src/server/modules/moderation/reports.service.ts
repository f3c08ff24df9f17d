// Seekers' reports of a job (no account): one per visitor and job, rate-limited per visitor and
// per network; "scam" reports from three networks hide the job until an operator decides
// (moderation.service.ts decideReports). A visitor cookie costs nothing, so the networks are what
// count: one machine, or one office, cannot hide a job alone. Reporters are kept only as hashes
// and never shown.
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { REPORT_REASONS, type ReportsService } from '../../../shared/operator-services.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { SCAM_REASON } from './moderation.service.ts';

export const SCAM_REPORTS_TO_HIDE = 3;
/** Reports one visitor, and one network, may send per hour. */
export const REPORTS_PER_HOUR = { visitor: 5, address: 20 };
const DETAILS_MAX = 1000;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The network a client address belongs to: its /24 for IPv4 (IPv4-mapped IPv6 included) and its
 * /64 for IPv6, the block one subscriber or one cloud machine usually holds.
 */
export function networkOf(address: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/i.exec(address);
  if (v4?.[1] && isIPv4(address.replace(/^::ffff:/i, ''))) return `${v4[1]}.0/24`;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface Reporter {
  /** The visitor cookie's id; a report without one is refused (cookies are needed). */
  visitorId: string | undefined;
  address: string;
}

export function createReports(
  db: Db,
  reporter: Reporter,
  options: { now?: () => Date; onPublicChange?: () => unknown } = {},
): ReportsService {
  const now = options.now ?? (() => new Date());
  return {
    async report({ pageUrl, reason, details }) {
      if (!REPORT_REASONS.some((r) => r.value === reason)) {
        return { ok: false, reason: 'invalid', message: 'Choose a reason from the list.' };
      }
      if (details.length > DETAILS_MAX) {
        return {
          ok: false,
          reason: 'invalid',
          message: `Keep the details under ${DETAILS_MAX} characters.`,
        };
      }
      if (!reporter.visitorId) {
        return {
          ok: false,
          reason: 'invalid',
          message: 'Your browser sent no cookie: allow cookies for this site, then report again.',
        };
      }
      const visitorHash = hash(`visitor:${reporter.visitorId}`);
      const addressHash = hash(`network:${networkOf(reporter.address)}`);
      const at = now();
      const hourAgo = new Date(at.getTime() - 3_600_000);
      const [recent] = await queryRows<{ by_visitor: number; by_address: number }>(
        db,
        sql`select count(*) filter (where visitor_hash = ${visitorHash})::int as by_visitor,
                   count(*) filter (where address_hash = ${addressHash})::int as by_address
            from job_reports where created_at > ${hourAgo}
              and (visitor_hash = ${visitorHash} or address_hash = ${addressHash})`,
      );
      if (
        (recent?.by_visitor ?? 0) >= REPORTS_PER_HOUR.visitor ||
        (recent?.by_address ?? 0) >= REPORTS_PER_HOUR.address
      ) {
        return {
          ok: false,
          reason: 'rate-limited',
          message: 'You sent many reports in the last hour. Please try again later.',
        };
      }
      const [job] = await queryRows<{ id: number }>(
        db,
        sql`select id from jobs where page_url = ${pageUrl.slice(0, 300)} and status = 'live'`,
      );
      if (!job) return { ok: false, reason: 'not-found', message: 'That job is not on the board.' };
      const hidden = await db.transaction(async (tx) => {
        await tx.execute(sql`insert into job_reports (job_id, reason, details, visitor_hash, address_hash, created_at)
          values (${job.id}, ${reason}, ${details.trim() || null}, ${visitorHash}, ${addressHash}, ${at})
          on conflict (job_id, visitor_hash) do nothing`);
        // Open scam reports, counted by network (one row per visitor and job).
        const rows = await queryRows<{ id: number }>(
          tx as unknown as Db,
          sql`update jobs set is_active = false, hidden_reason = ${SCAM_REASON}, updated_at = ${at}
              where id = ${job.id} and hidden_reason is null
                and (select count(distinct address_hash) from job_reports
                     where job_id = ${job.id} and reason = 'scam' and resolved_at is null)
                    >= ${SCAM_REPORTS_TO_HIDE}
              returning id`,
        );
        return rows.length > 0;
      });
      if (hidden) await options.onPublicChange?.();
      return { ok: true, hidden };
    },
  };
}
