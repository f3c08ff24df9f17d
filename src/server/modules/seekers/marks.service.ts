// A signed-in seeker's saved jobs and hidden jobs and companies (seeker_marks), and the current
// status of saved jobs for /saved (signed-in or not: the browser sends its own ids).
import { sql } from 'drizzle-orm';
import {
  MARK_KINDS,
  type MarkKind,
  type Marks,
  type MarksService,
  type SavedJob,
} from '../../../shared/seeker-services.ts';
import { type Db, queryRows } from '../../db/client.ts';

/** More than anyone saves by hand; keeps one account's marks (and a merge) bounded. */
export const MAX_MARKS_PER_KIND = 500;

const validId = (id: number) => Number.isInteger(id) && id > 0 && id < 2 ** 31;

function emptyMarks(): Marks {
  return { saved: [], 'hidden-job': [], 'hidden-company': [] };
}

export function createMarks(db: Db): MarksService {
  async function list(userId: string): Promise<Marks> {
    const rows = await queryRows<{ kind: MarkKind; item_id: number }>(
      db,
      sql`select kind, item_id from seeker_marks where user_id = ${userId}
          order by created_at desc, item_id desc`,
    );
    const marks = emptyMarks();
    for (const row of rows) marks[row.kind].push(row.item_id);
    return marks;
  }

  async function add(userId: string, kind: MarkKind, ids: number[]) {
    const fresh = [...new Set(ids.filter(validId))].slice(0, MAX_MARKS_PER_KIND);
    if (fresh.length === 0) return;
    // Over the cap, the oldest marks of the kind make room.
    await db.execute(
      sql`insert into seeker_marks (user_id, kind, item_id) values ${sql.join(
        fresh.map((id) => sql`(${userId}, ${kind}, ${id})`),
        sql`, `,
      )} on conflict do nothing`,
    );
    await db.execute(
      sql`delete from seeker_marks where user_id = ${userId} and kind = ${kind}
          and item_id not in (select item_id from seeker_marks where user_id = ${userId}
            and kind = ${kind} order by created_at desc, item_id desc limit ${MAX_MARKS_PER_KIND})`,
    );
  }

  return {
    list,
    async set(userId, kind, itemId, on) {
      if (!validId(itemId)) return;
      if (on) await add(userId, kind, [itemId]);
      else {
        await db.execute(
          sql`delete from seeker_marks where user_id = ${userId} and kind = ${kind}
              and item_id = ${itemId}`,
        );
      }
    },
    async merge(userId, marks) {
      for (const kind of MARK_KINDS) await add(userId, kind, marks[kind] ?? []);
      return list(userId);
    },
    async jobs(ids) {
      const wanted = [...new Set(ids.filter(validId))].slice(0, MAX_MARKS_PER_KIND);
      if (wanted.length === 0) return [];
      const rows = await queryRows<{
        id: number;
        title: string;
        page_url: string;
        company_name: string;
        city: string;
        state_code: string;
        iso3: string;
        live: boolean;
      }>(
        db,
        sql`select j.id, j.title, j.page_url, c.company_name, ci.name as city, s.state_code, co.iso3,
                   (j.is_active and j.status = 'live'
                    and (j.valid_through is null or j.valid_through > now())) as live
            from jobs j
            join companies c on c.id = j.company_id
            join cities ci on ci.id = j.city_id
            join states s on s.id = ci.state_id
            join countries co on co.id = s.country_id
            where j.id in (${sql.join(
              wanted.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return wanted.flatMap((id): SavedJob[] => {
        const r = byId.get(id);
        if (!r) return [];
        return [
          {
            id: r.id,
            title: r.title,
            pageUrl: r.page_url,
            companyName: r.company_name,
            location: [r.city, r.state_code, r.iso3].filter(Boolean).join(', '),
            status: r.live ? 'live' : 'closed',
          },
        ];
      });
    },
  };
}
