// The employer side's services over one database, as app.ts hands them to the web app's load
// context (`context.employer`), and the rule it adds to account deletion.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { createAttempts } from '../accounts/attempts.ts';
import { createCompaniesService, type MailSender } from './companies.service.ts';
import { createCompanyLogosService } from './company-logos.service.ts';
import { createEmployerJobsService } from './employer-jobs.service.ts';
import { createInvitationsService } from './invitations.service.ts';
import { createApiKeysService } from '../ingestion/api-keys.service.ts';
import type { LinkCheckOptions } from '../lifecycle/apply-link-check.ts';
import { createLinkRecovery } from '../lifecycle/link-recovery.ts';

export function createEmployer(
  db: Db,
  options: {
    mailer?: MailSender;
    onPublicChange?: () => unknown;
    /** The apply-link check's settings (a test server on 127.0.0.1 needs allowPrivate). */
    linkCheck?: LinkCheckOptions;
    /** The server's secret (COOKIE_SECRET): it seals a new API key for its one-time reveal. */
    secret: string;
    /** RATE_LIMIT_SCALE: multiplies the invitation limits as it does the accounts' (0: none). */
    rateLimitScale?: number;
  },
) {
  return {
    jobs: createEmployerJobsService(db, { onPublicChange: options.onPublicChange }),
    companies: createCompaniesService(db, {
      mailer: options.mailer,
      attempts: createAttempts(db, { scale: options.rateLimitScale ?? 1 }),
    }),
    /** Removing a company's uploaded logo (its upload is companies.uploadLogo). */
    logos: createCompanyLogosService(db),
    /** Revoking an open invitation (an owner voids its link). */
    invitations: createInvitationsService(db),
    /** The posting API's keys (modules/ingestion), managed on /employer/api-keys. */
    apiKeys: createApiKeysService(db, { secret: options.secret }),
    /** A job closed for a failing apply link: check it again, reopen it (modules/lifecycle). */
    linkRecovery: createLinkRecovery(db, {
      ...options.linkCheck,
      onPublicChange: options.onPublicChange,
    }),
    /** A company's last owner cannot delete the account (the company would have no one). */
    async deletionRefusal(userId: string): Promise<string | null> {
      const rows = await queryRows<{ company_name: string }>(
        db,
        sql`select c.company_name from company_members m join companies c on c.id = m.company_id
            where m.user_id = ${userId} and m.role = 'owner'
              and not exists (select 1 from company_members o where o.company_id = m.company_id
                              and o.role = 'owner' and o.user_id <> ${userId})
            limit 1`,
      );
      const name = rows[0]?.company_name;
      return name
        ? `You are the last owner of ${name}: make another member an owner first (Make owner, on its Company and members page), or ask us to close the company.`
        : null;
    },
  };
}
