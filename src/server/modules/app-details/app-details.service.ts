// Branding, social links and the maintenance switch (one row), plus the public figures.
import { eq, sql } from 'drizzle-orm';
import type { AppDetails, OurAppDetails } from '../../../shared/contract/app-details.ts';
import type { AppDetailsService } from '../../../shared/services.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { appDetails } from '../../db/schema.ts';

export interface AppDetailsWriter extends AppDetailsService {
  setMaintenance(on: boolean): Promise<void>;
  /** The details as the primary has them: for a read that must see a write just made. */
  getFromPrimary(): Promise<AppDetails>;
}

async function readDetails(db: Db): Promise<AppDetails> {
  const [row] = await db.select().from(appDetails).where(eq(appDetails.id, 1));
  if (!row) throw new Error('app_details row is missing: run the seed');
  const { id: _id, ...details } = row;
  return details;
}

/** `readDb` (a replica, when there is one) answers pages; writes go to `db`. */
export function createAppDetailsService(db: Db, readDb: Db = db): AppDetailsWriter {
  return {
    // Read per request, not cached: a maintenance switch by any server or command reaches every
    // server on its next request (on a replica, after its replay lag of milliseconds).
    get: () => readDetails(readDb),
    getFromPrimary: () => readDetails(db),
    async figures(): Promise<OurAppDetails> {
      const [row] = await queryRows<{
        openings: number;
        companies: number;
        cities: number;
        countries: number;
      }>(
        readDb,
        sql`
        select count(*)::int as openings,
               count(distinct j.company_id)::int as companies,
               count(distinct j.city_id)::int as cities,
               count(distinct s.country_id)::int as countries
        from jobs j
        join cities c on c.id = j.city_id
        join states s on s.id = c.state_id
        where j.is_active and (j.valid_through is null or j.valid_through > now())`,
      );
      return {
        totalCurrentOpenings: row?.openings ?? 0,
        ourCompanies: row?.companies ?? 0,
        cities: row?.cities ?? 0,
        countries: row?.countries ?? 0,
      };
    },
    async setMaintenance(on: boolean) {
      await db.update(appDetails).set({ isUnderMaintenance: on }).where(eq(appDetails.id, 1));
    },
  };
}
