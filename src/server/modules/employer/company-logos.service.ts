// A company's uploaded logo taken off again (the upload itself is companies.service.ts
// uploadLogo): the company shows the app's monogram once more, as before its first upload, and
// the audit log says who removed it, as it does the team's changes.
import { eq } from 'drizzle-orm';
import type { CompanyLogosService, Failure } from '../../../shared/employer-services.ts';
import type { Db } from '../../db/client.ts';
import { companies, companyLogoImages, authUsers as user } from '../../db/schema.ts';
import { audit } from '../moderation/audit.ts';
import { membershipOf } from './membership.ts';

/** The audit log's action for a removed logo (moderation/audit.ts). */
export const LOGO_REMOVE_AUDIT = 'company.logo-remove';

/** The monogram a company shows without an uploaded logo (shared/logo.ts ownLogoId). */
export const monogramOf = (companyId: number) => `/logos/${companyId}.svg`;

/** An uploaded logo's address (companies.service.ts uploadLogo): `/logos/u/<id>-<version>.png`. */
export const isUploadedLogo = (logo: string) => logo.startsWith('/logos/u/');

const notFound: Failure = { ok: false, reason: 'not-found', message: 'Company not found' };

export function createCompanyLogosService(
  db: Db,
  options: { now?: () => Date } = {},
): CompanyLogosService {
  const now = options.now ?? (() => new Date());
  return {
    async removeLogo(accountId, companyId) {
      const member = await membershipOf(db, accountId, companyId);
      if (!member) return notFound;
      // The logo is part of the public profile, so it follows the profile's owners-only rule.
      if (member.role !== 'owner')
        return {
          ok: false,
          reason: 'forbidden',
          message: 'Only an owner of the company can change its logo',
        };
      const [actor] = await db
        .select({ email: user.email })
        .from(user)
        .where(eq(user.id, accountId));
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ logo: companies.companyLogo })
          .from(companies)
          .where(eq(companies.id, companyId))
          .for('update');
        if (!row) return notFound;
        // Removed already (another tab, another owner): nothing to do, and said as done.
        if (!isUploadedLogo(row.logo)) return { ok: true, value: { removed: false } };
        await tx.delete(companyLogoImages).where(eq(companyLogoImages.companyId, companyId));
        await tx
          .update(companies)
          .set({ companyLogo: monogramOf(companyId) })
          .where(eq(companies.id, companyId));
        await audit(
          tx,
          { id: accountId, email: actor?.email ?? accountId },
          {
            action: LOGO_REMOVE_AUDIT,
            targetType: 'company',
            targetId: companyId,
            before: { companyLogo: row.logo },
            after: { companyLogo: monogramOf(companyId) },
          },
          now(),
        );
        return { ok: true, value: { removed: true } };
      });
    },
  };
}
