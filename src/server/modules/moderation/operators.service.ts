// Operator accounts: `npm run operator -- add|remove|list` makes an existing account an operator
// (or not); /admin admits operators only. Each change is audited.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { type Actor, audit, COMMAND_LINE } from './audit.ts';

export interface OperatorRow {
  userId: string;
  email: string;
  name: string;
  addedAt: string;
}

export class OperatorError extends Error {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createOperators(db: Db) {
  async function accountOf(email: string) {
    const clean = email.trim().toLowerCase();
    if (!EMAIL.test(clean) || clean.length > 254) {
      throw new OperatorError(`Not an e-mail address: "${email}"`);
    }
    const [row] = await queryRows<{ id: string; email: string }>(
      db,
      sql`select id, email from "user" where lower(email) = ${clean}`,
    );
    if (!row) {
      throw new OperatorError(`No account has the e-mail ${clean}: sign up first, then add it.`);
    }
    return row;
  }

  /** Makes the account an operator or not, audited; false when it already was so. */
  async function setOperator(email: string, on: boolean, actor: Actor): Promise<boolean> {
    const account = await accountOf(email);
    return db.transaction(async (tx) => {
      const changed = await queryRows<{ user_id: string }>(
        tx as unknown as Db,
        on
          ? sql`insert into operators (user_id) values (${account.id})
                on conflict do nothing returning user_id`
          : sql`delete from operators where user_id = ${account.id} returning user_id`,
      );
      if (changed.length === 0) return false;
      await audit(tx, actor, {
        action: on ? 'operator.add' : 'operator.remove',
        targetType: 'account',
        targetId: account.email,
        before: { operator: !on },
        after: { operator: on },
      });
      return true;
    });
  }

  return {
    async isOperator(userId: string): Promise<boolean> {
      const rows = await queryRows<{ one: number }>(
        db,
        sql`select 1 as one from operators where user_id = ${userId}`,
      );
      return rows.length > 0;
    },
    async list(): Promise<OperatorRow[]> {
      const rows = await queryRows<{
        user_id: string;
        email: string;
        name: string;
        added_at: Date | string;
      }>(
        db,
        sql`select o.user_id, u.email, u.name, o.added_at from operators o
            join "user" u on u.id = o.user_id order by o.added_at, u.email`,
      );
      return rows.map((r) => ({
        userId: r.user_id,
        email: r.email,
        name: r.name,
        addedAt: new Date(r.added_at).toISOString(),
      }));
    },
    /** Answers false when the account already was an operator. */
    add: (email: string, actor: Actor = COMMAND_LINE) => setOperator(email, true, actor),
    /** Answers false when the account was not an operator. */
    remove: (email: string, actor: Actor = COMMAND_LINE) => setOperator(email, false, actor),
  };
}

export type Operators = ReturnType<typeof createOperators>;
