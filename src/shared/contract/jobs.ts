// Wire contract of the job endpoints: the listing, one job, and the view counter.
import { z } from 'zod';
import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  WORK_MODES,
} from '../constants.ts';
import { envelope } from './envelope.ts';
import { boolParam, idParam, intParam, searchText, slugParam } from './params.ts';

export const pageUrlSchema = slugParam('job page slug');

// A keyword's characters: words plus the punctuation of skill names (C++, C#, .NET, R&D, C--); no
// markup. \p{M}: the marks that are part of a letter (Devanagari's vowel signs, a decomposed é).
// Search reads only its letters and digits, as a bound parameter (toPrefixTsquery), so "--" is
// no more than punctuation there.
const KEYWORD_CHARS = "\\p{L}\\p{M}\\p{N}\\s+#.&'’/,()-";

/** Keyword search as the API takes it: anything else is refused, with the rule. */
export const keywordText = searchText.regex(
  new RegExp(`^[${KEYWORD_CHARS}]*$`, 'u'),
  "may contain only letters, digits, spaces and + # . & ' / , ( ) -",
);

/**
 * A keyword as a page takes it from its search box: what `keywordText` refuses ("100%", an emoji)
 * reads as a space, so the rest of the search still runs, as a search box does elsewhere. What is
 * left with no letter or digit ("'", "--") is no keyword at all: the page says so and shows every
 * job, as for "!!!", rather than matching none.
 */
export function cleanKeyword(text: string): string {
  const cleaned = text
    .replace(new RegExp(`[^${KEYWORD_CHARS}]`, 'gu'), ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /[\p{L}\p{N}]/u.test(cleaned) ? cleaned : '';
}

export const listingQuery = z
  .object({
    company: idParam.optional(),
    role: idParam.optional(),
    location: idParam.optional(),
    experienceLevel: intParam(0, 5).optional(),
    workMode: z.enum(WORK_MODES, { error: 'must be on_site, hybrid or remote' }).optional(),
    /** true: only jobs that state a salary (an amount); false is the same as leaving it out. */
    salaryStated: boolParam.optional(),
    q: keywordText.optional(),
    /**
     * false: newest first; true: most viewed first. Left out: newest first, or with `q` the best
     * matches first (then newest): a search sorted by either flag is in that order alone.
     */
    sortBy: boolParam.optional(),
    page: intParam(1, MAX_PAGE).default(DEFAULT_PAGE),
    pageSize: intParam(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    /** Opaque keyset cursor from a previous answer's `nextCursor`; when given, `page` is ignored. */
    cursor: z.string().max(200, 'must be at most 200 characters').optional(),
  })
  .strict();
export type ListingQueryInput = z.input<typeof listingQuery>;
export type ListingQuery = z.output<typeof listingQuery>;

const named = z.object({ name: z.string() });

export const companySummary = z.object({
  _id: z.string(),
  companyName: z.string(),
  companyLogo: z.string(),
  /** The company page's segment: /companies/{slug}. */
  slug: z.string(),
});

export const jobSummary = z.object({
  _id: z.string(),
  title: z.string(),
  pageUrl: z.string(),
  applyLink: z.string().nullable(),
  company: companySummary,
  city: named,
  state: z.object({ name: z.string(), stateCode: z.string() }),
  country: z.object({ name: z.string(), iso3: z.string(), symbol: z.string() }),
  role: z.object({ sortName: z.string() }),
  jobType: named,
  experienceLevel: named,
  salaryProvided: z.string(),
  salaryFrom: z.number().nullable(),
  salaryTo: z.number().nullable(),
  salaryType: z.object({ sortName: z.string() }).nullable(),
  /** ISO 4217 code of the salary's currency: how amounts are grouped (lakh for INR), and JSON-LD. */
  currency: z.string(),
  bestInIndustry: z.string().nullable(),
  /** on_site | hybrid | remote; null when the job does not say. */
  workMode: z.enum(WORK_MODES).nullable(),
  /** ISO timestamp the job was posted. */
  postedOn: z.string(),
  views: z.number(),
  /**
   * ISO timestamp the job was last seen on its company's own careers site (ATS sync); null or
   * absent when the job is not read from one.
   */
  lastSeenAt: z.string().nullable().optional(),
});
export type JobSummary = z.infer<typeof jobSummary>;

export const listingContent = z.object({
  jobs: z.array(jobSummary),
  noofJobs: z.number(),
  /** Pass back as `cursor` to get the next page at constant cost; null at the end. */
  nextCursor: z.string().nullable(),
});
export type ListingContent = z.infer<typeof listingContent>;
export const listingResponse = envelope(listingContent);

export const jobDetail = jobSummary.extend({
  company: companySummary.extend({
    companyWebsite: z.string().nullable(),
    companyLocation: z.string().nullable(),
    companyOverview: z.string().nullable(),
  }),
  role: z.object({ sortName: z.string(), name: z.string() }),
  /** ISO timestamp (same instant as postedOn; the spec names both). */
  postedAt: z.string(),
  /** ISO date the job opened for applications. */
  openingsDate: z.string().nullable(),
  /** ISO timestamp after which the job is closed, if any. */
  validThrough: z.string().nullable(),
  noOfOpening: z.number().nullable(),
  description: z.string(),
  postedBy: z.object({ firstName: z.string() }).nullable(),
  responsibilities: z.array(z.object({ response: z.string() })),
  minimumRequirements: z.array(z.object({ requirement: z.string() })),
  preferredQualification: z.array(z.object({ qualification: z.string() })),
  skills: z.array(z.object({ skill: z.string() })),
  rolesAndResponsibilities: z.array(z.object({ roleAndResponsibility: z.string() })),
  whoCanApply: z.array(z.object({ whoCan: z.string() })),
  perksAndBenefits: z.array(z.object({ perkAndBenefit: z.string() })),
  searchTags: z.array(z.object({ search: z.string() })),
  /** ISO timestamp of the last change, for sitemaps and caches. */
  updatedAt: z.string(),
  /**
   * Trust signals: the company's verified mark, when this job's history was first posted and how
   * many times it was reposted since (a repost keeps its history).
   */
  trust: z
    .object({ companyVerified: z.boolean(), firstPostedAt: z.string(), reposts: z.number() })
    .optional(),
});
export type JobDetail = z.infer<typeof jobDetail>;

export const detailQuery = z.object({ pageUrl: pageUrlSchema }).strict();
export const detailContent = z.object({ jobs: jobDetail });
export const detailResponse = envelope(detailContent);
/** 404 (unknown slug) and 410 (inactive job) answer this. */
export const detailMissingResponse = envelope(
  z.object({ jobs: z.null(), isActive: z.boolean() }).nullable(),
);

/** Up to SIMILAR_JOBS active jobs like one job (same role and city, same role, similar words). */
export const similarContent = z.object({ jobs: z.array(jobSummary) });
export const similarResponse = envelope(similarContent);

export const addViewBody = z.object({ pageUrl: pageUrlSchema }).strict();
export const addViewResponse = envelope(z.object({ counted: z.boolean() }));
