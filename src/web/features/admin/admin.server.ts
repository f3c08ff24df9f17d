// What every /admin loader and action starts with: a signed-in operator (others get the 404 page,
// so the console's existence is not advertised), the moderation services, a same-origin check on
// every POST, and private, unstored answers.
import { data, redirect } from 'react-router';
import type { SignedInAccount } from '../../../shared/account-services.ts';
import type { ModerationService, OperatorActor } from '../../../shared/operator-services.ts';
import type { AppLoadContext } from '../../../shared/services.ts';
import { assertSameOrigin, PRIVATE_HEADERS } from '../employer/employer.server.ts';

export async function operatorContext(
  request: Request,
  context: AppLoadContext,
): Promise<{ actor: OperatorActor; moderation: ModerationService }> {
  assertSameOrigin(request);
  const account = context.account as SignedInAccount | null | undefined;
  if (!account) {
    const url = new URL(request.url);
    throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`, {
      headers: PRIVATE_HEADERS,
    });
  }
  const moderation = context.moderation as ModerationService | undefined;
  if (!moderation) throw new Error('The load context has no moderation service (app.ts)');
  if (!(await moderation.isOperator(account.id))) {
    throw data({ message: 'Not found' }, { status: 404, headers: PRIVATE_HEADERS });
  }
  return { actor: { id: account.id, email: account.email }, moderation };
}
