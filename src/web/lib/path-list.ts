// Every URL of the web app, in one place (spec §2), one export each; pages use them as `paths.x`
// (paths.ts). Separate exports let the bundler leave out what a page does not use: the employer's,
// the operators' and the account pages' addresses stay off the first visit.
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
/** Fails on purpose when the server runs with ENABLE_TEST_ROUTES=1 (browser tests only). */
export const testError = '/__test/error';
export const sitemap = '/sitemap.xml';
export const robots = '/robots.txt';
export const apiDocs = '/api/docs';
export const logo = (companyId: string, format: 'svg' | 'png' = 'svg') =>
  `/logos/${companyId}.${format}`;
/** The employer side: the dashboard, the company, the job form and its preview. */
export const employer = '/employer';
export const employerFiltered = (status: string) =>
  `/employer?status=${encodeURIComponent(status)}`;
export const employerCompany = '/employer/company';
export const employerApiKeys = '/employer/api-keys';
export const employerJobSources = '/employer/job-sources';
export const employerJobNew = '/employer/jobs/new';
export const employerDraft = (draftId: number) => `/employer/jobs/new?draft=${draftId}`;
export const employerJobEdit = (jobId: number) => `/employer/jobs/${jobId}/edit`;
export const employerJobPreview = (jobId: number) => `/employer/jobs/${jobId}/preview`;
export const employerDraftPreview = (draftId: number) => `/employer/drafts/${draftId}/preview`;
export const invitation = (token: string) => `/invitations/${encodeURIComponent(token)}`;
/** The companies index (search by name) and one company's page. */
export const companies = '/companies';
export const company = (slug: string) => `/companies/${encodeURIComponent(slug)}`;
/** A closed job's page, told which job it was so that it can offer similar ones. */
export const notActiveJobFor = (pageUrl: string) =>
  `/not-an-active-job?job=${encodeURIComponent(pageUrl)}`;
/** A seeker's report of a job (no account). */
export const jobReport = (pageUrl: string) =>
  `/job-description/${encodeURIComponent(pageUrl)}/report`;
/** The operators' console. */
export const admin = '/admin';
/** A search's feeds: the listing's query string after these (features/feeds). */
export const feedRss = '/jobs/feed.rss';
export const feedAtom = '/jobs/feed.atom';
export const feedJson = '/jobs/feed.json';
/** E-mail alerts without an account: the form, the mailed links (token in the query). */
export const alertNew = '/alerts/new';
export const alertConfirm = '/alerts/confirm';
export const alertManage = '/alerts/manage';
export const alertUnsubscribe = '/alerts/unsubscribe';
/** A signed-in seeker deletes an alert from /account (POST only). */
export const alertDelete = '/alerts/delete';
/** Saved jobs (browser or account). */
export const saved = '/saved';
