// Revoking a company's open invitation: an owner voids its link (the address can be invited again).
// Beside companies.service.ts, which mails and accepts invitations; audited as API keys are.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { InvitationsService, Result } from '../../../shared/employer-services.ts';
import type { Db } from '../../db/client.ts';
import { authUsers, companyInvitations } from '../../db/schema.ts';
import { audit } from '../moderation/audit.ts';
import { membershipOf } from './membership.ts';

export function createInvitationsService(
  db: Db,
  options: { now?: () => Date } = {},
): InvitationsService {
  const now = options.now ?? (() => new Date());
  const notFound = { ok: false, reason: 'not-found', message: 'Invitation not found' } as const;

  return {
    async revoke(accountId, companyId, invitationId): Promise<Result<{ email: string }>> {
      const member = await membershipOf(db, accountId, companyId);
      if (!member) return { ok: false, reason: 'not-found', message: 'Company not found' };
      if (member.role !== 'owner')
        return {
          ok: false,
          reason: 'forbidden',
          message: 'Only an owner of the company can revoke its invitations',
        };
      if (!Number.isSafeInteger(invitationId) || invitationId < 1 || invitationId > 2_147_483_647)
        return notFound;
      const at = now();
      const [user] = await db
        .select({ email: authUsers.email })
        .from(authUsers)
        .where(eq(authUsers.id, accountId));
      const actor = { id: accountId, email: user?.email ?? accountId };
      // An invitation ends as a newer one for its address does: it expires now, so its link fails.
      const revoked = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(companyInvitations)
          .set({ expiresAt: at })
          .where(
            and(
              eq(companyInvitations.id, invitationId),
              eq(companyInvitations.companyId, companyId),
              isNull(companyInvitations.acceptedAt),
              gt(companyInvitations.expiresAt, at),
            ),
          )
          .returning({ email: companyInvitations.email });
        if (!row) return null;
        await audit(
          tx,
          actor,
          {
            action: 'invitation.revoke',
            targetType: 'company',
            targetId: companyId,
            before: { invitationId, email: row.email },
          },
          at,
        );
        return row;
      });
      return revoked ? { ok: true, value: { email: revoked.email } } : notFound;
    },

    async address(accountId, companyId, invitationId): Promise<Result<{ email: string }>> {
      const member = await membershipOf(db, accountId, companyId);
      if (member?.role !== 'owner') return notFound;
      if (!Number.isSafeInteger(invitationId) || invitationId < 1 || invitationId > 2_147_483_647)
        return notFound;
      const [row] = await db
        .select({ email: companyInvitations.email })
        .from(companyInvitations)
        .where(
          and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, companyId)),
        );
      return row ? { ok: true, value: { email: row.email } } : notFound;
    },
  };
}
