// The demo employer accounts: one verified owner per demo company, the documented password signs
// in, and nothing is made unless asked (the embedded default asks; PostgreSQL only by a setting).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { accountsFor } from '../../modules/accounts/accounts.service.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { queryRows } from '../client.ts';
import { createDemoAccounts, DEMO_PASSWORD, demoEmail } from './demo-accounts.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { buildApiApp } from '../../../../test/support/app.ts';

const noMail: Mailer = { send: async () => ({ messageId: '' }), close: () => {} };

describe('demo accounts', () => {
  let asked: TestDatabase;
  let notAsked: TestDatabase;

  beforeAll(async () => {
    [asked, notAsked] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    await seedDemoIfEmpty(asked.db, { demoAccounts: true });
    await seedDemoIfEmpty(notAsked.db);
  }, 120_000);

  afterAll(async () => {
    await asked?.close();
    await notAsked?.close();
  });

  it('makes one verified owner per company, named after its website', async () => {
    const [row] = await queryRows<{ companies: number; owners: number; verified: number }>(
      asked.db,
      sql`select (select count(*)::int from companies) as companies,
                 (select count(*)::int from company_members where role = 'owner') as owners,
                 (select count(*)::int from "user" where email_verified) as verified`,
    );
    expect(row!.companies).toBeGreaterThan(0);
    expect(row!.owners).toBe(row!.companies);
    expect(row!.verified).toBe(row!.companies);
    const [first] = await queryRows<{ email: string; company_website: string }>(
      asked.db,
      sql`select u.email, c.company_website from "user" u
          join company_members m on m.user_id = u.id join companies c on c.id = m.company_id
          order by c.id limit 1`,
    );
    expect(first!.company_website).toBe(`https://www.${first!.email.split('@')[1]}`);
    // Run again: nothing new, nothing duplicated.
    expect(await createDemoAccounts(asked.db)).toEqual([]);
  });

  it('signs in with the documented password', async () => {
    const app = await buildApiApp(asked, { mailer: noMail, cookieSecret: 'c'.repeat(40) });
    try {
      const [demo] = await queryRows<{ email: string }>(
        asked.db,
        sql`select email from "user" order by id limit 1`,
      );
      const result = await accountsFor(app.accounts, {
        cookie: undefined,
        userAgent: 't',
        ip: '192.0.2.1',
      }).signIn({ email: demo!.email, password: DEMO_PASSWORD });
      expect(result).toMatchObject({ ok: true, value: { email: demo!.email } });
    } finally {
      await app.close();
    }
  });

  it('makes none unless asked', async () => {
    const [row] = await queryRows<{ users: number }>(
      notAsked.db,
      sql`select count(*)::int as users from "user"`,
    );
    expect(row!.users).toBe(0);
  });

  it("links a demo account left from before to its company again, never someone else's", async () => {
    // As after `db:seed --reset`: the members are gone, the accounts kept. Company 2's address
    // now belongs to an account a person made, which must not become its owner.
    await asked.db.execute(sql`delete from company_members`);
    await asked.db.execute(sql`delete from "user" where id = 'demo-employer-2'`);
    const [second] = await queryRows<{ company_website: string }>(
      asked.db,
      sql`select company_website from companies where id = 2`,
    );
    await asked.db.execute(
      sql`insert into "user" (id, name, email, email_verified)
          values ('someone', 'Someone', ${demoEmail(second!.company_website, 2)}, true)`,
    );
    const linked = await createDemoAccounts(asked.db);
    const [row] = await queryRows<{ companies: number; owners: number; second: string[] }>(
      asked.db,
      sql`select (select count(*)::int from companies) as companies,
                 (select count(*)::int from company_members m
                  where m.user_id = 'demo-employer-' || m.company_id) as owners,
                 (select coalesce(array_agg(user_id), '{}') from company_members
                  where company_id = 2) as second`,
    );
    expect(linked.length).toBe(row!.companies - 1);
    expect(row!.owners).toBe(row!.companies - 1);
    expect(row!.second).toEqual([]);
  });

  it('is on for the embedded default and off for PostgreSQL unless DEMO_ACCOUNTS=true', () => {
    const url = 'postgres://localhost/x';
    expect(loadConfig({}).demoAccounts).toBe(true);
    expect(loadConfig({ DATABASE_URL: url }).demoAccounts).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, DEMO_ACCOUNTS: 'true' }).demoAccounts).toBe(true);
  });
});
