// The public company pages: a company's profile by its slug (its live jobs come from the jobs
// listing with the company filter) and the index of companies by name.
import { sql } from 'drizzle-orm';
import { COMPANIES_PAGE_SIZE } from '../../../shared/constants.ts';
import {
  type CompaniesIndexContent,
  type CompaniesIndexQuery,
  type CompanyListItem,
  LIVE_COUNT_LIMIT,
} from '../../../shared/contract/companies.ts';
import type { CompaniesService, CompanyLookup } from '../../../shared/services.ts';
import { normalizeSearch } from '../../../shared/text.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { escapeLike } from '../filters/filters.service.ts';
import { ACTIVE } from '../jobs/data/listing-sql.ts';

interface ProfileRow {
  id: number;
  slug: string;
  company_name: string;
  company_logo: string;
  company_website: string | null;
  company_location: string | null;
  company_overview: string | null;
  verified: boolean;
  suspended: boolean;
  merged_slug: string | null;
  posted_in_all: number;
}

/** A company on the board: not suspended and not merged into another. */
const LISTED = sql`not c.suspended and c.merged_into_id is null`;

export function createCompaniesService(db: Db): CompaniesService {
  async function get(slug: string): Promise<CompanyLookup> {
    const [row] = await queryRows<ProfileRow>(
      db,
      sql`select c.id, c.slug, c.company_name, c.company_logo, c.company_website,
            c.company_location, c.company_overview, c.verified, c.suspended,
            m.slug as merged_slug,
            (select count(*)::int from jobs j
              where j.company_id = c.id and j.status in ('live', 'closed', 'expired')) as posted_in_all
          from companies c
          left join companies m on m.id = c.merged_into_id
          where c.slug = ${slug}`,
    );
    if (!row) return { status: 'not-found' };
    if (row.merged_slug !== null) return { status: 'moved', slug: row.merged_slug };
    if (row.suspended) return { status: 'not-found' };
    return {
      status: 'found',
      company: {
        _id: String(row.id),
        slug: row.slug,
        companyName: row.company_name,
        companyLogo: row.company_logo,
        companyWebsite: row.company_website,
        companyLocation: row.company_location,
        companyOverview: row.company_overview,
        verified: row.verified,
        postedInAll: row.posted_in_all,
      },
    };
  }

  async function search(query: CompaniesIndexQuery): Promise<CompaniesIndexContent> {
    const typed = query.name === undefined ? '' : normalizeSearch(query.name);
    const named =
      typed === '' ? sql`true` : sql`c.name_search like ${`%${escapeLike(typed)}%`} escape '\\'`;
    const offset = (query.page - 1) * COMPANIES_PAGE_SIZE;
    const rows = await queryRows<{
      id: number;
      slug: string;
      company_name: string;
      company_logo: string;
      company_location: string | null;
      verified: boolean;
      live_jobs: number;
      total: number;
    }>(
      db,
      // Live jobs: a bounded walk of the company's listing index (jobs_company_newest).
      sql`select c.id, c.slug, c.company_name, c.company_logo, c.company_location, c.verified,
            (select count(*)::int from (select 1 from jobs j
              where j.company_id = c.id and ${sql.raw(ACTIVE)} limit ${LIVE_COUNT_LIMIT + 1}) l) as live_jobs,
            count(*) over ()::int as total
          from companies c
          where ${LISTED} and ${named}
          order by c.company_name, c.id
          limit ${COMPANIES_PAGE_SIZE} offset ${offset}`,
    );
    let total = rows[0]?.total;
    if (total === undefined) {
      // A page past the end still says how many there are.
      const [counted] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from companies c where ${LISTED} and ${named}`,
      );
      total = counted?.n ?? 0;
    }
    const companies: CompanyListItem[] = rows.map((r) => ({
      _id: String(r.id),
      slug: r.slug,
      companyName: r.company_name,
      companyLogo: r.company_logo,
      companyLocation: r.company_location,
      verified: r.verified,
      liveJobs: r.live_jobs,
    }));
    return { companies, total, page: query.page, pageSize: COMPANIES_PAGE_SIZE };
  }

  async function* slugs(batchSize: number) {
    let after = 0;
    for (;;) {
      const rows = await queryRows<{ id: number; slug: string }>(
        db,
        sql`select c.id, c.slug from companies c where ${LISTED} and c.id > ${after}
            order by c.id limit ${batchSize}`,
      );
      if (rows.length === 0) return;
      yield rows.map((r) => r.slug);
      after = rows.at(-1)!.id;
      if (rows.length < batchSize) return;
    }
  }

  return { get, search, slugs };
}
