// /sign-out: the header's Sign out button posts here (a form, so it works without JavaScript);
// the session ends and the browser goes home. A GET only shows where to go.
import { redirect } from 'react-router';
import type { Route } from './+types/sign-out';
import { cookieHeaders } from '../features/accounts/account-actions.server.ts';
import { paths } from '../lib/paths.ts';

export function loader() {
  throw redirect(paths.home);
}

export async function action({ context }: Route.ActionArgs) {
  const result = await context.accounts.signOut();
  throw redirect(paths.home, { headers: cookieHeaders(result.setCookies) });
}
