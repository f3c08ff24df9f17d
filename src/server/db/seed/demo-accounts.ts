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
 * company; companies that already have members are left alone. Answers the accounts made.
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
    const userId = `demo-employer-${company.id}`;
    const email = demoEmail(company.company_website, company.id);
    const [inserted] = await queryRows<{ id: string }>(
      db,
      sql`insert into "user" (id, name, email, email_verified)
          values (${userId}, ${`${company.company_name} hiring`}, ${email}, true)
          on conflict do nothing
          returning id`,
    );
    if (!inserted) continue;
    await db.execute(
      sql`insert into account (id, account_id, provider_id, user_id, password)
          values (${`demo-credential-${company.id}`}, ${userId}, 'credential', ${userId}, ${hash})`,
    );
    await db.execute(
      sql`insert into company_members (company_id, user_id, role)
          values (${company.id}, ${userId}, 'owner')`,
    );
    made.push({ email, userId, companyId: company.id });
  }
  return made;
}
