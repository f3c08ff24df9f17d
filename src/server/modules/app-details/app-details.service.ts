// Branding, the support e-mail and social links, and the maintenance switch (one row), plus the
// public figures. Both are read once and kept in memory: every page's root loader asks for the
// details and /about for the figures, so reading them per request cost a query per page and three
// count(distinct …) over every live job per /about.
import { eq, sql } from 'drizzle-orm';
import type { AppDetails, OurAppDetails } from '../../../shared/contract/app-details.ts';
import type { SiteDetails } from '../../../shared/operator-services.ts';
import type { AppDetailsService } from '../../../shared/services.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { appDetails } from '../../db/schema.ts';

/**
 * How old this server's copy of the details may get: a maintenance switch or new site details made
 * by another server, or `npm run maintenance`, on PostgreSQL reach every server within this (the
 * cluster test wants both servers within 2 s); this server's own change shows at once.
 */
export const DETAILS_MAX_AGE_MS = 1_000;
/**
 * How old the figures may get before a read recounts them in the background; past twice this a
 * read waits for the recount, so no server shows figures older than that. A change of the board
 * made through this server (publicChanged) recounts on the next read.
 */
export const FIGURES_MAX_AGE_MS = 60_000;

export interface AppDetailsWriter extends AppDetailsService {
  setMaintenance(on: boolean): Promise<void>;
  /** The support e-mail and the social links (checked by site-details.ts first). */
  setSiteDetails(details: SiteDetails): Promise<void>;
  /** The details as the primary has them: for a read that must see a write just made. */
  getFromPrimary(): Promise<AppDetails>;
  /** Jobs went on or off the board through this server: the next read of the figures recounts. */
  publicChanged(): void;
}

export interface AppDetailsOptions {
  detailsMaxAgeMs?: number;
  figuresMaxAgeMs?: number;
  /** The clock the copies age by (tests move it). */
  now?: () => number;
}

/**
 * One value kept in memory. Fresh for maxAgeMs; then, if `staleFor` allows, answered as it is
 * while one reload runs in the background; older, a read waits for the reload. Concurrent reads
 * share one reload. invalidate() makes the next read wait for a reload that starts after it, so a
 * reload already running (which may have read the old state) does not count.
 */
function memo<T>(
  load: () => Promise<T>,
  options: { maxAgeMs: number; staleFor: number; now: () => number },
) {
  let kept: { value: T; at: number; generation: number } | undefined;
  let generation = 0;
  let loading: { promise: Promise<T>; generation: number } | undefined;

  function reload(): Promise<T> {
    if (loading && loading.generation === generation) return loading.promise;
    const started = { at: options.now(), generation };
    const promise = load()
      .then((value) => {
        if (!kept || kept.at <= started.at) kept = { value, ...started };
        return value;
      })
      .finally(() => {
        if (loading?.promise === promise) loading = undefined;
      });
    loading = { promise, generation: started.generation };
    return promise;
  }

  return {
    async read(): Promise<T> {
      if (kept && kept.generation === generation) {
        const age = options.now() - kept.at;
        if (age < options.maxAgeMs) return kept.value;
        if (age < options.maxAgeMs + options.staleFor) {
          // The next reads get the new value; a failed reload is tried again by the next read.
          reload().catch(() => {});
          return kept.value;
        }
      }
      return reload();
    },
    invalidate() {
      generation++;
    },
    set(value: T) {
      generation++;
      kept = { value, at: options.now(), generation };
    },
  };
}

/**
 * The database has no app_details row: migrated but never seeded (the demo data set brings it, on
 * the first npm start or with npm run db:seed).
 */
export class AppDetailsMissingError extends Error {
  constructor() {
    super(
      'The site details (the app_details row) are not there yet: the demo data set brings them ' +
        '(npm start, or npm run db:seed on a database with no jobs)',
    );
  }
}

async function readDetails(db: Db): Promise<AppDetails> {
  const [row] = await db.select().from(appDetails).where(eq(appDetails.id, 1));
  if (!row) throw new AppDetailsMissingError();
  const { id: _id, ...details } = row;
  return details;
}

async function countFigures(db: Db): Promise<OurAppDetails> {
  const [row] = await queryRows<{
    openings: number;
    companies: number;
    cities: number;
    countries: number;
  }>(
    db,
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
}

/** `readDb` (a replica, when there is one) answers pages; writes go to `db`. */
export function createAppDetailsService(
  db: Db,
  readDb: Db = db,
  options: AppDetailsOptions = {},
): AppDetailsWriter {
  const now = options.now ?? Date.now;
  // The maintenance switch must reach every server within the bound: never answered stale.
  const details = memo(() => readDetails(readDb), {
    maxAgeMs: options.detailsMaxAgeMs ?? DETAILS_MAX_AGE_MS,
    staleFor: 0,
    now,
  });
  const figuresMaxAge = options.figuresMaxAgeMs ?? FIGURES_MAX_AGE_MS;
  const figures = memo(() => countFigures(readDb), {
    maxAgeMs: figuresMaxAge,
    staleFor: figuresMaxAge,
    now,
  });
  // A change made through this server shows on its next page; other servers read it within
  // DETAILS_MAX_AGE_MS.
  async function write(values: Partial<Omit<AppDetails, 'appName' | 'appDescription'>>) {
    details.invalidate();
    await db.update(appDetails).set(values).where(eq(appDetails.id, 1));
    // From the primary: a replica a few milliseconds behind would keep the old values for a period.
    details.set(await readDetails(db));
  }
  return {
    get: () => details.read(),
    getFromPrimary: () => readDetails(db),
    figures: () => figures.read(),
    publicChanged: () => figures.invalidate(),
    setMaintenance: (on: boolean) => write({ isUnderMaintenance: on }),
    setSiteDetails: ({ supportEmail, twitter, linkedIn, youtube, whatsApp }: SiteDetails) =>
      write({ supportEmail, twitter, linkedIn, youtube, whatsApp }),
  };
}
