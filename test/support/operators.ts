// The board's operators in page tests: people signed in through the whole app whose address is on
// the operators' list, as `npm run operator -- add` puts it there.
import { JSDOM } from 'jsdom';
import type { Db } from '../../src/server/db/client.ts';
import { createOperators } from '../../src/server/modules/moderation/operators.service.ts';
import type { TestAccount, TestBrowsers } from './employer.ts';

/** Signs `who` in as `who@board.example` and makes that address an operator: the account. */
export async function signInOperator(web: TestBrowsers, db: Db, who: string): Promise<TestAccount> {
  const account = await web.signIn(who, `${who}@board.example`);
  await createOperators(db).add(account.email);
  return account;
}

/**
 * What the console form `form` on a page posts by itself (its hidden fields: intent, ids, the
 * status and stamp of the job as the page showed it), or null when the page has no such form.
 */
export function consoleFormFields(html: string, form: string): Record<string, string> | null {
  const element = new JSDOM(html).window.document.getElementById(form);
  if (!element) return null;
  return Object.fromEntries(
    [...element.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [
      input.name,
      input.value,
    ]),
  );
}
