// Every URL of the web app, in one place (spec §2), one export each; pages use them as `paths.x`
// (paths.ts). The app chunk every page loads holds this module with every address any page reads,
// so the addresses only owners', operators' and mailed-link pages read live in owner-path-list.ts,
// a chunk of their own (vite.config.ts), and stay off the first visit.
export const home = '/';
export const jobs = '/jobs';
export const jobDescriptionBase = '/job-description';
export const job = (pageUrl: string) => `/job-description/${encodeURIComponent(pageUrl)}`;
export const learn = '/learn';
export const guide = (slug: string) => `/learn/${encodeURIComponent(slug)}`;
export const about = '/about';
export const contact = '/contact';
/** The Contact page's section for employers (the footer's "For employers"). */
export const employers = '/contact#employers';
export const signup = '/signup';
/** Sign in and Log in both lead here; `next` is the page to return to afterwards. */
export const login = '/login';
export const loginNext = (next: string) => `/login?next=${encodeURIComponent(next)}`;
export const verifyEmail = '/verify-email';
export const forgotPassword = '/forgot-password';
export const resetPassword = '/reset-password';
export const account = '/account';
/** Sign out: a form POST only (no page). */
export const signOut = '/sign-out';
export const notActiveJob = '/not-an-active-job';
export const underMaintenance = '/under-maintenance';
export const notFound = '/404';
export const sitemap = '/sitemap.xml';
export const robots = '/robots.txt';
export const logo = (companyId: string, format: 'svg' | 'png' = 'svg') =>
  `/logos/${companyId}.${format}`;
/** The employer's dashboard (the rest of the employer side is in owner-path-list.ts). */
export const employer = '/employer';
/** The companies index (search by name) and one company's page. */
export const companies = '/companies';
export const company = (slug: string) => `/companies/${encodeURIComponent(slug)}`;
/** A closed job's page, told which job it was so that it can offer similar ones. */
export const notActiveJobFor = (pageUrl: string) =>
  `/not-an-active-job?job=${encodeURIComponent(pageUrl)}`;
/** A seeker's report of a job (no account). */
export const jobReport = (pageUrl: string) =>
  `/job-description/${encodeURIComponent(pageUrl)}/report`;
/** A search's feeds: the listing's query string after these (features/feeds). */
export const feedRss = '/jobs/feed.rss';
export const feedAtom = '/jobs/feed.atom';
export const feedJson = '/jobs/feed.json';
/** E-mail alerts without an account: the form (the mailed links are in owner-path-list.ts). */
export const alertNew = '/alerts/new';
/** Saved jobs (browser or account). */
export const saved = '/saved';
export * from './owner-path-list.ts';
