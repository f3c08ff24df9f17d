// The server's read services as the web app's loaders see them (through React Router's load
// context). The server implements these; the web app never imports src/server.
import type { AccountsService, SignedInAccount } from './account-services.ts';
import type { AppDetails, OurAppDetails } from './contract/app-details.ts';
import type {
  CompaniesIndexContent,
  CompaniesIndexQuery,
  CompanyProfile,
} from './contract/companies.ts';
import type { CompanyOption, DropdownOption } from './contract/filters.ts';
import type { JobDetail, JobSummary, ListingContent, ListingQuery } from './contract/jobs.ts';

/**
 * A listing query that names something that is not there (a filter id no row has, a cursor from
 * another listing or sort): the caller's mistake, not a failure. The API answers it as a 400 that
 * names `param`; a page starts the list over. Told apart by `kind`, not instanceof: the web bundle
 * and the server each have their own copy of this class.
 */
export class InvalidQueryError extends Error {
  readonly kind = 'invalid-query';
  constructor(
    readonly param: string,
    readonly problem: string,
  ) {
    super(`'${param}' ${problem}`);
    this.name = 'InvalidQueryError';
  }
}

export function isInvalidQuery(err: unknown): err is InvalidQueryError {
  return (
    typeof err === 'object' && err !== null && (err as { kind?: unknown }).kind === 'invalid-query'
  );
}

export type JobLookup =
  | { status: 'found'; job: JobDetail }
  /**
   * Was on the board once: its title and company name the job on the page that says it closed.
   * `updating`: back in review after its company's edit, with no title (the edit's is unread).
   */
  | { status: 'inactive'; title: string | null; companyName: string; updating?: boolean }
  | { status: 'not-found' };

/** Job ids after `after` up to and including `upTo`. */
export interface SlugRange {
  after: number;
  upTo: number;
}

export interface ListOptions {
  /**
   * A keyword search in the sort's own order (newest first) instead of by relevance: feeds and
   * alert digests promise the newest matching jobs, which a ranked page need not hold.
   */
  byDate?: boolean;
}

export interface JobsService {
  list(query: ListingQuery, options?: ListOptions): Promise<ListingContent>;
  get(pageUrl: string): Promise<JobLookup>;
  /** Up to SIMILAR_JOBS active jobs like the job at pageUrl (active or not); [] when unknown. */
  similar(pageUrl: string): Promise<JobSummary[]>;
  /**
   * Active jobs for the sitemap in id order, in batches (streamed, never all in memory); with
   * `ids`, only those whose id is in (after, upTo], which one index range read finds.
   */
  activeSlugs(
    batchSize: number,
    ids?: SlugRange,
  ): AsyncIterable<{ pageUrl: string; updatedAt: string }[]>;
  /** The highest job id given out so far, live or not (0 when none): how far the ids reach. */
  lastJobId(): Promise<number>;
}

export type CompanyLookup =
  | { status: 'found'; company: CompanyProfile }
  /** Merged into another company: its page lives at that company's slug. */
  | { status: 'moved'; slug: string }
  | { status: 'not-found' };

export interface CompaniesService {
  /** A company by its page slug (suspended ones are not found). */
  get(slug: string): Promise<CompanyLookup>;
  /** The /companies index: by name (anywhere in it, ignoring case and accents), paged. */
  search(query: CompaniesIndexQuery): Promise<CompaniesIndexContent>;
  /** Every listed company's slug for the sitemap, in batches. */
  slugs(batchSize: number): AsyncIterable<string[]>;
}

export interface FiltersService {
  locations(name: string): Promise<DropdownOption[]>;
  /**
   * The own name (folded, as search folds it) of the city `name` is, whole, another name of
   * ("Bangalore": "bengaluru"); null when it is none.
   */
  cityOtherName(name: string): string | null;
  roles(name: string): Promise<DropdownOption[]>;
  experienceLevels(): Promise<DropdownOption[]>;
  companies(name: string): Promise<CompanyOption[]>;
  /** Labels for ids taken from an address, so a shared link shows names, not ids. */
  labels(ids: {
    company?: number;
    role?: number;
    location?: number;
    experienceLevel?: number;
  }): Promise<{ company?: string; role?: string; location?: string; experienceLevel?: string }>;
}

export interface AppDetailsService {
  get(): Promise<AppDetails>;
  figures(): Promise<OurAppDetails>;
}

/** What every route loader receives as `context`. */
export interface AppLoadContext {
  // React Router's own AppLoadContext is an open record; this keeps ours assignable to it.
  [key: string]: unknown;
  services: {
    jobs: JobsService;
    companies: CompaniesService;
    filters: FiltersService;
    appDetails: AppDetailsService;
  };
  /** Origin for canonical links, Open Graph, JSON-LD and sitemaps (PUBLIC_URL). */
  publicUrl: string;
  /** CSP nonce for inline scripts of this response. */
  nonce: string;
  /** The signed-in account of this request, from its session cookie; null when signed out. */
  account: SignedInAccount | null;
  /** Sign up, sign in, … bound to this request's session and client address. */
  accounts: AccountsService;
  /**
   * Hands a loader's, action's or render's error to the server (React Router catches them and
   * renders the error page, so the server could not see them otherwise): it logs the error and
   * answers 503 instead of 500 when the error means the database is away.
   */
  reportError?: (error: unknown) => void;
}
