// One demo employer account per demo company, owner of it, with a documented password, so a
// fresh `npm start` shows the employer side at once. Only on the embedded default database, or
// on PostgreSQL when DEMO_ACCOUNTS=true: a documented password must never reach a real server
// by accident.
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client.ts';

/** The password of every demo employer account (README: "Demo accounts"). */
export const DEMO_PASSWORD = 'demo-employer-2026';

export interface DemoAccount {
  email: string;
  userId: string;
  companyId: number;
}

/** `hiring@<the website's domain>`, so the address's domain matches the company's website. */
export function demoEmail(website: string | null, companyId: number): string {
  const host = website ? new URL(website).hostname.replace(/^www\./, '') : null;
  return host ? `hiring@${host}` : `hiring+${companyId}@demo.openings.example`;
}

/**
 * Creates the accounts (verified, password DEMO_PASSWORD) and makes each the owner of its
 * company; companies that already have members are left alone. A demo account that is still
 * there from before (`db:seed --reset` empties companies and their members but keeps accounts) is
 * made the owner again, with the documented password, so the documented sign-in leads to its
 * company. An address taken by anyone else's account is skipped: no company is handed to an
 * account this did not make. Answers the accounts made or linked again.
 */
export async function createDemoAccounts(db: Db): Promise<DemoAccount[]> {
  const companies = await queryRows<{
    id: number;
    company_name: string;
    company_website: string | null;
  }>(
    db,
    sql`select c.id, c.company_name, c.company_website from companies c
        where not exists (select 1 from company_members m where m.company_id = c.id)
        order by c.id`,
  );
  if (companies.length === 0) return [];
  // One hash for all: the password is public anyway, and scrypt costs ~100 ms per hash.
  const hash = await hashPassword(DEMO_PASSWORD);
  const made: DemoAccount[] = [];
  for (const company of companies) {
    const account = {
      email: demoEmail(company.company_website, company.id),
      userId: `demo-employer-${company.id}`,
      companyId: company.id,
    };
    if (!(await ensureDemoUser(db, account, company.company_name))) continue;
    await db.execute(
      sql`insert into account (id, account_id, provider_id, user_id, password)
          values (${`demo-credential-${company.id}`}, ${account.userId}, 'credential',
                  ${account.userId}, ${hash})
          on conflict (id) do update set password = excluded.password, updated_at = now()`,
    );
    await db.execute(
      sql`insert into company_members (company_id, user_id, role)
          values (${company.id}, ${account.userId}, 'owner')`,
    );
    made.push(account);
  }
  return made;
}

/**
 * Makes the demo user, or finds the one made before; false when its id or address belongs to
 * another account.
 */
async function ensureDemoUser(db: Db, account: DemoAccount, companyName: string): Promise<boolean> {
  const found = await queryRows<{ id: string; email: string }>(
    db,
    sql`select id, email from "user" where id = ${account.userId} or email = ${account.email}`,
  );
  if (found.length > 0) {
    return found.every((user) => user.id === account.userId && user.email === account.email);
  }
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified)
        values (${account.userId}, ${`${companyName} hiring`}, ${account.email}, true)`,
  );
  return true;
}
