// Who may act for a company: every employer call asks here with the account id from the session
// (never an id from a form), so a removed member loses access with the next request.
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

export type MemberRole = 'owner' | 'member';

export interface Membership {
  companyId: number;
  role: MemberRole;
  companyName: string;
  verified: boolean;
  suspended: boolean;
}

/** Memberships of `accountId`, with their companies, matching `where` (an SQL fragment). */
async function memberships(db: Db, accountId: string, where: SQL): Promise<Membership[]> {
  const rows = await queryRows<{
    company_id: number;
    role: MemberRole;
    company_name: string;
    verified: boolean;
    suspended: boolean;
  }>(
    db,
    sql`select m.company_id, m.role, c.company_name, c.verified, c.suspended
        from company_members m join companies c on c.id = m.company_id
        where m.user_id = ${accountId} ${where}
        order by m.created_at, m.company_id`,
  );
  return rows.map((row) => ({
    companyId: row.company_id,
    role: row.role,
    companyName: row.company_name,
    verified: row.verified,
    suspended: row.suspended,
  }));
}

/** The account's role in the company, or null when it is not a member. */
export async function membershipOf(
  db: Db,
  accountId: string,
  companyId: number,
): Promise<Membership | null> {
  const [membership] = await memberships(db, accountId, sql`and m.company_id = ${companyId}`);
  return membership ?? null;
}

/** Every company the account belongs to, oldest membership first. */
export function membershipsOf(db: Db, accountId: string): Promise<Membership[]> {
  return memberships(db, accountId, sql``);
}
