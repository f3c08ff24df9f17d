// Every URL of the web app, in one place (spec §2).

export const paths = {
  home: '/',
  jobs: '/jobs',
  jobDescriptionBase: '/job-description',
  job: (pageUrl: string) => `/job-description/${encodeURIComponent(pageUrl)}`,
  learn: '/learn',
  guide: (slug: string) => `/learn/${encodeURIComponent(slug)}`,
  about: '/about',
  contact: '/contact',
  /** The Contact page's section for employers (the footer's "For employers"). */
  employers: '/contact#employers',
  signup: '/signup',
  /** Sign in and Log in both lead here; `next` is the page to return to afterwards. */
  login: '/login',
  loginNext: (next: string) => `/login?next=${encodeURIComponent(next)}`,
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  account: '/account',
  /** Sign out: a form POST only (no page). */
  signOut: '/sign-out',
  notActiveJob: '/not-an-active-job',
  underMaintenance: '/under-maintenance',
  notFound: '/404',
  /** Fails on purpose when the server runs with ENABLE_TEST_ROUTES=1 (browser tests only). */
  testError: '/__test/error',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  apiDocs: '/api/docs',
  logo: (companyId: string, format: 'svg' | 'png' = 'svg') => `/logos/${companyId}.${format}`,
  /** The employer side: the dashboard, the company, the job form and its preview. */
  employer: '/employer',
  employerFiltered: (status: string) => `/employer?status=${encodeURIComponent(status)}`,
  employerCompany: '/employer/company',
  employerApiKeys: '/employer/api-keys',
  employerJobSources: '/employer/job-sources',
  employerJobNew: '/employer/jobs/new',
  employerDraft: (draftId: number) => `/employer/jobs/new?draft=${draftId}`,
  employerJobEdit: (jobId: number) => `/employer/jobs/${jobId}/edit`,
  employerJobPreview: (jobId: number) => `/employer/jobs/${jobId}/preview`,
  employerDraftPreview: (draftId: number) => `/employer/drafts/${draftId}/preview`,
  invitation: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  /** A seeker's report of a job (no account). */
  /** The companies index (search by name) and one company's page. */
  companies: '/companies',
  company: (slug: string) => `/companies/${encodeURIComponent(slug)}`,
  /** A closed job's page, told which job it was so that it can offer similar ones. */
  notActiveJobFor: (pageUrl: string) => `/not-an-active-job?job=${encodeURIComponent(pageUrl)}`,
  jobReport: (pageUrl: string) => `/job-description/${encodeURIComponent(pageUrl)}/report`,
  /** The operators' console. */
  admin: '/admin',
  /** A search's feeds: the listing's query string after these (features/feeds). */
  feedRss: '/jobs/feed.rss',
  feedAtom: '/jobs/feed.atom',
  feedJson: '/jobs/feed.json',
  /** E-mail alerts without an account: the form, the mailed links (token in the query). */
  alertNew: '/alerts/new',
  alertConfirm: '/alerts/confirm',
  alertManage: '/alerts/manage',
  alertUnsubscribe: '/alerts/unsubscribe',
  /** A signed-in seeker deletes an alert from /account (POST only). */
  alertDelete: '/alerts/delete',
  /** Saved jobs (browser or account). */
  saved: '/saved',
} as const;
