// The company invitation a sign-in or sign-up leads back to (`next=/invitations/<token>`), looked
// up by its token, so those pages can say why they are asked for and whose address was invited.
import type { CompaniesService } from '../../../shared/employer-services.ts';
import type { AppLoadContext } from '../../../shared/services.ts';

/** An invitation's path, as paths.invitation makes it, with a token of the mailed shape. */
const INVITATION_PATH = /^\/invitations\/([A-Za-z0-9_-]{20,100})$/;

/** The company and invited address of the open invitation `next` names; null for anything else. */
export async function invitationOfNext(
  context: AppLoadContext,
  next: string,
): Promise<{ companyName: string; email: string } | null> {
  const token = INVITATION_PATH.exec(next)?.[1];
  const companies = (context.employer as { companies?: CompaniesService } | undefined)?.companies;
  if (!token || !companies) return null;
  // A used, expired or unknown token: the page is the ordinary one (the link says why itself).
  const found = await companies.invitation(token);
  return found.ok ? found.value : null;
}

/** What the sign-in and sign-up pages say above their form when they lead to an invitation. */
export const invitationLead = (companyName: string) =>
  `Sign in or create an account to join ${companyName}.`;
