// Employers' requests for a city the list lacks (the job form's "Request city"): operators see them
// grouped by name at /admin/city-requests and add the city or dismiss the requests; either way
// every employer who asked is e-mailed. Each decision is one transaction with its audit row.
import { sql } from 'drizzle-orm';
import { APP_NAME } from '../../../shared/constants.ts';
import {
  CITY_NAME_MAX,
  type CityAsker,
  type CityRequestDecision,
  type CityRequestGroup,
  type CityRequestResult,
  type CityRequestsService,
  DISMISS_REASON_MAX,
  type RegionOption,
} from '../../../shared/city-request-services.ts';
import type { OperatorActor } from '../../../shared/operator-services.ts';
import { normalizeSearch } from '../../../shared/text.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { renderMail } from '../../mail/layout.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { audit } from './audit.ts';

export interface CityRequestsOptions {
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  now?: () => Date;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const rowsOf = <T>(run: Tx | Db, q: ReturnType<typeof sql>) => queryRows<T>(run as Db, q);
const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });
const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id < 2_147_483_647;

interface RequestRow {
  id: number;
  name: string;
  status: string;
  company_name: string | null;
  email: string | null;
  created_at: Date | string;
}

const REQUEST_ROW = sql`r.id, r.name, r.status, c.company_name, u.email, r.created_at
  from city_requests r
  left join companies c on c.id = r.company_id
  left join "user" u on u.id = r.user_id`;

const askerOf = (row: RequestRow): CityAsker => ({
  requestId: row.id,
  name: row.name,
  companyName: row.company_name,
  email: row.email,
  askedAt: new Date(row.created_at).toISOString(),
});

/** The same name, whatever its case, accents or spaces: "São Paulo" asks for "sao paulo". */
const sameName = (a: string, b: string) => normalizeSearch(a) === normalizeSearch(b);

/** The employer's rule for a requested name (employer-jobs.service.ts), for the operator's too. */
function cityNameProblem(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (name.length < 2 || name.length > CITY_NAME_MAX || /[\u0000-\u001f\u007f<>]/.test(name)) {
    return `The city's name: 2 to ${CITY_NAME_MAX} characters, no markup`;
  }
  return null;
}

/** A decision's effect on the pending requests of one name, and who is to be told. */
type Decided = { ok: true; askers: CityAsker[] } | { ok: false; message: string };

export function createCityRequests(db: Db, options: CityRequestsOptions): CityRequestsService {
  const now = options.now ?? (() => new Date());

  /**
   * Locks the pending requests of the same name as request `requestId` and hands them to
   * `decide`. A request decided already the same way (a second press, another operator first)
   * is done as asked: nothing is written or mailed. Decided the other way, it is refused.
   */
  async function decideGroup(
    requestId: number,
    status: 'added' | 'dismissed',
    decide: (tx: Tx, group: RequestRow[]) => Promise<string | null>,
  ): Promise<Decided> {
    if (!validId(requestId)) return fail('No such city request');
    return db.transaction(async (tx): Promise<Decided> => {
      const [request] = await rowsOf<RequestRow>(
        tx,
        sql`select ${REQUEST_ROW} where r.id = ${requestId} for update of r`,
      );
      if (!request) return fail('No such city request');
      if (request.status === status) return { ok: true, askers: [] };
      if (request.status !== 'pending') {
        return fail(
          `“${request.name}” was ${request.status} already, by another operator. Nothing was changed.`,
        );
      }
      const pending = await rowsOf<RequestRow>(
        tx,
        sql`select ${REQUEST_ROW} where r.status = 'pending' order by r.created_at, r.id for update of r`,
      );
      const group = pending.filter((row) => sameName(row.name, request.name));
      const refusal = await decide(tx, group);
      if (refusal) return fail(refusal);
      return { ok: true, askers: group.map(askerOf) };
    });
  }

  /** Mails each employer who asked (once per address); an account since deleted is not told. */
  async function tell(
    askers: CityAsker[],
    subject: (typed: string) => string,
    intro: (typed: string) => string[],
  ) {
    const told = new Set<string>();
    for (const asker of askers) {
      if (!asker.email || told.has(asker.email)) continue;
      told.add(asker.email);
      const content = renderMail({
        intro: intro(asker.name),
        action: { label: 'Open your dashboard', url: `${options.publicUrl}/employer` },
        appName: APP_NAME,
      });
      await options.mailer.send({ to: asker.email, subject: subject(asker.name), ...content });
    }
  }

  /**
   * Whether the decision that added request `requestId` found its city on the list already: its
   * audit row says whether a city was made (`new`), whichever request of the group it names.
   */
  async function wasListed(requestId: number) {
    const [row] = await rowsOf<{ listed: boolean }>(
      db,
      sql`select (after->>'new') = 'false' as listed from audit_log
          where action = 'city-request.add'
            and before->'requests' @> ${JSON.stringify([requestId])}::jsonb
          order by id desc limit 1`,
    );
    return row?.listed === true;
  }

  return {
    async pending(): Promise<CityRequestGroup[]> {
      const rows = await rowsOf<RequestRow>(
        db,
        sql`select ${REQUEST_ROW} where r.status = 'pending' order by r.created_at, r.id`,
      );
      const groups = new Map<string, CityRequestGroup>();
      for (const row of rows) {
        const key = normalizeSearch(row.name);
        const group = groups.get(key);
        if (group) group.askers.push(askerOf(row));
        else groups.set(key, { id: row.id, name: row.name, askers: [askerOf(row)] });
      }
      return [...groups.values()];
    },

    async regions(): Promise<RegionOption[]> {
      return rowsOf<RegionOption>(
        db,
        sql`select s.id, s.name, co.name as country from states s
            join countries co on co.id = s.country_id order by co.name, s.name`,
      );
    },

    async add(actor: OperatorActor, requestId: number, city) {
      const name = city.name.trim().replace(/\s+/g, ' ');
      const problem = cityNameProblem(name);
      if (problem) return fail(problem);
      if (!validId(city.regionId)) return fail('Choose the region the city is in');
      let label = '';
      /** The city's name when it was on the list already, else null (added now). */
      let listedAs: string | null = null;
      const done = await decideGroup(requestId, 'added', async (tx, group) => {
        const [region] = await rowsOf<{ state: string; country: string }>(
          tx,
          sql`select s.name as state, co.name as country from states s
              join countries co on co.id = s.country_id where s.id = ${city.regionId}`,
        );
        if (!region) return 'Choose the region the city is in';
        // A city of that name in that region is on the list already (names compared as the
        // reference data's name_search folds them): the requests name it, and no second is made.
        const [found] = await rowsOf<{ id: number; name: string }>(
          tx,
          sql`select id, name from cities
              where state_id = ${city.regionId} and name_search = ${normalizeSearch(name)}
              order by id limit 1`,
        );
        const [added] = found
          ? [found]
          : await rowsOf<{ id: number; name: string }>(
              tx,
              sql`insert into cities (state_id, name, name_search)
                  values (${city.regionId}, ${name}, ${normalizeSearch(name)}) returning id, name`,
            );
        label = `${added!.name}, ${region.state}, ${region.country}`;
        listedAs = found ? found.name : null;
        const ids = group.map((row) => row.id);
        await tx.execute(sql`update city_requests set status = 'added', city_id = ${added!.id},
          decided_at = ${now()} where id in (${sql.join(ids, sql`, `)})`);
        await audit(tx, actor, {
          action: 'city-request.add',
          targetType: 'city_request',
          targetId: requestId,
          before: { name: group[0]!.name, requests: ids },
          after: { cityId: added!.id, city: label, new: !found },
        });
        return null;
      });
      if (!done.ok) return done;
      const already = listedAs;
      await tell(
        done.askers,
        () => `You can ${already === null ? 'now ' : ''}choose ${label} on ${APP_NAME}`,
        (typed) =>
          already === null
            ? [
                `You asked us to add the city “${typed}”. It is on our list now, as ${label}.`,
                'You can now choose it in the City box when you post or edit a job.',
              ]
            : [
                `You asked us to add the city “${typed}”. It was on our list already, as ${label}.`,
                `You can choose it now: type “${already}” in the City box when you post or edit a job.`,
              ],
      );
      return { ok: true } satisfies CityRequestResult;
    },

    async dismiss(actor, requestId, reason) {
      const why = reason.trim();
      if (why.length > DISMISS_REASON_MAX) {
        return fail(
          `The reason is at most ${DISMISS_REASON_MAX} characters (it has ${why.length})`,
        );
      }
      const done = await decideGroup(requestId, 'dismissed', async (tx, group) => {
        const ids = group.map((row) => row.id);
        await tx.execute(sql`update city_requests set status = 'dismissed',
          dismiss_reason = ${why || null}, decided_at = ${now()}
          where id in (${sql.join(ids, sql`, `)})`);
        await audit(tx, actor, {
          action: 'city-request.dismiss',
          targetType: 'city_request',
          targetId: requestId,
          before: { name: group[0]!.name, requests: ids },
          after: { reason: why || null },
        });
        return null;
      });
      if (!done.ok) return done;
      await tell(
        done.askers,
        (typed) => `We did not add “${typed}” to the cities on ${APP_NAME}`,
        (typed) => [
          `You asked us to add the city “${typed}”. We have not added it.`,
          ...(why ? [`Reason: ${why}`] : []),
          `If you think this is a mistake, write to us: ${options.publicUrl}/contact`,
        ],
      );
      return { ok: true } satisfies CityRequestResult;
    },

    async decision(requestId): Promise<CityRequestDecision | null> {
      if (!validId(requestId)) return null;
      const [row] = await rowsOf<{ status: string; name: string; city: string | null }>(
        db,
        sql`select r.status, r.name, ci.name || ', ' || s.name || ', ' || co.name as city
            from city_requests r
            left join cities ci on ci.id = r.city_id
            left join states s on s.id = ci.state_id
            left join countries co on co.id = s.country_id
            where r.id = ${requestId}`,
      );
      if (!row) return null;
      if (row.status === 'added' && row.city) {
        return {
          status: (await wasListed(requestId)) ? 'listed' : 'added',
          name: row.name,
          city: row.city,
        };
      }
      return row.status === 'dismissed'
        ? { status: 'dismissed', name: row.name }
        : { status: 'pending', name: row.name };
    },
  };
}
