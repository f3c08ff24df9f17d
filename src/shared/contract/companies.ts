// Wire contract of the company pages: one company's profile with its live jobs
// (/api/v1/companies/{slug}, the page /companies/{slug}) and the index of companies by name.
import { z } from 'zod';
import { COMPANIES_PAGE_SIZE } from '../constants.ts';
import { envelope } from './envelope.ts';
import { listingContent, listingQuery } from './jobs.ts';
import { intParam, searchText, slugParam } from './params.ts';

/** A company's page segment: what the companies_slug trigger makes (migration 0017). */
export const companySlugSchema = slugParam('company slug');

export const companySlugParams = z.object({ slug: companySlugSchema }).strict();

export const companyProfile = z.object({
  _id: z.string(),
  slug: z.string(),
  companyName: z.string(),
  companyLogo: z.string(),
  companyWebsite: z.string().nullable(),
  companyLocation: z.string().nullable(),
  companyOverview: z.string().nullable(),
  verified: z.boolean(),
  /** Jobs it has ever put on the board: live, closed and expired (not drafts, reviews, rejections). */
  postedInAll: z.number(),
});
export type CompanyProfile = z.infer<typeof companyProfile>;

/** A company page's jobs: the listing's sort and paging; the company is the page's own. */
export const companyJobsQuery = listingQuery
  .pick({ sortBy: true, page: true, pageSize: true, cursor: true })
  .strict();
export type CompanyJobsQuery = z.output<typeof companyJobsQuery>;

export const companyPageContent = listingContent.extend({ company: companyProfile });
export type CompanyPageContent = z.infer<typeof companyPageContent>;
export const companyPageResponse = envelope(companyPageContent);

/** The last page of the companies index that may be asked for. */
export const COMPANIES_MAX_PAGE = 10_000;

export const companiesIndexQuery = z
  .object({
    name: searchText.optional(),
    page: intParam(1, COMPANIES_MAX_PAGE).default(1),
  })
  .strict();
export type CompaniesIndexQuery = z.output<typeof companiesIndexQuery>;

export const companyListItem = companyProfile
  .pick({
    _id: true,
    slug: true,
    companyName: true,
    companyLogo: true,
    companyLocation: true,
    verified: true,
  })
  .extend({
    /** Live jobs, exact up to LIVE_COUNT_LIMIT; that number plus one means "more". */
    liveJobs: z.number(),
  });
export type CompanyListItem = z.infer<typeof companyListItem>;

export const companiesIndexContent = z.object({
  companies: z.array(companyListItem),
  /** Companies matching the name (all of them without one). */
  total: z.number(),
  page: z.number(),
  pageSize: z.literal(COMPANIES_PAGE_SIZE),
});
export type CompaniesIndexContent = z.infer<typeof companiesIndexContent>;
export const companiesIndexResponse = envelope(companiesIndexContent);

/** Live jobs on the index are counted up to this (a walk of the company's listing index). */
export const LIVE_COUNT_LIMIT = 1_000;
