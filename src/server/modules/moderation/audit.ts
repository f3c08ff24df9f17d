// The operators' audit log: one append-only row per action (who, what, when, before and after).
// The table refuses UPDATE, DELETE and TRUNCATE (migration 0013), so this is its only writer.
import { sql } from 'drizzle-orm';
import type { AuditView } from '../../../shared/operator-services.ts';
import { type Db, queryRows } from '../../db/client.ts';

export interface Actor {
  /** The account's id; null for a command run on the server's machine. */
  id: string | null;
  email: string;
}

/** The actor of `npm run operator` and other commands on the server's machine. */
export const COMMAND_LINE: Actor = { id: null, email: 'command line' };

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

export type AuditRow = AuditView;

type Executor = Pick<Db, 'execute'>;

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

export async function audit(db: Executor, actor: Actor, entry: AuditEntry, at = new Date()) {
  await db.execute(sql`insert into audit_log (at, actor_id, actor_email, action, target_type, target_id, before, after)
    values (${at}, ${actor.id}, ${actor.email}, ${entry.action}, ${entry.targetType}, ${String(entry.targetId)},
            ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb)`);
}

const parse = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);

export async function recentAudit(db: Db, limit = 100): Promise<AuditRow[]> {
  const rows = await queryRows<{
    id: number;
    at: Date | string;
    actor_email: string;
    action: string;
    target_type: string;
    target_id: string;
    before: unknown;
    after: unknown;
  }>(db, sql`select * from audit_log order by id desc limit ${limit}`);
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    actorEmail: r.actor_email,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    before: parse(r.before),
    after: parse(r.after),
  }));
}
