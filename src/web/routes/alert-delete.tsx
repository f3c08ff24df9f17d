// POST /alerts/delete: a signed-in seeker deletes one of their alerts (by their verified address;
// no token needed). /account's own Delete is an intent of its page, with a message; this address
// stays for forms drawn before. No page: a GET goes to /account.
import { data, redirect } from 'react-router';
import type { Route } from './+types/alert-delete';
import { assertSameOrigin, PRIVATE_HEADERS } from '../features/employer/employer.server.ts';
import { MAX_ALERT_ID } from '../features/alerts/account-alerts.server.ts';
import { field, seekerServices } from '../features/alerts/seeker.server.ts';
import { paths } from '../lib/paths.ts';

export function loader() {
  throw redirect(paths.account, { headers: PRIVATE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const account = context.account;
  if (!account) throw redirect(paths.loginNext(paths.account), { headers: PRIVATE_HEADERS });
  const id = Number(field(await request.formData(), 'id'));
  if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_ALERT_ID || !account.emailVerified) {
    throw data(
      { message: 'id: must be one of your alerts' },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  await seekerServices(context).alerts.deleteForEmail(account.email, id);
  throw redirect(paths.account, { headers: PRIVATE_HEADERS });
}
