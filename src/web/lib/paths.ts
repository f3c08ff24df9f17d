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
  /** The Contact page's section for employers; where Log in / Sign in / Sign up lead. */
  employers: '/contact#employers',
  notActiveJob: '/not-an-active-job',
  underMaintenance: '/under-maintenance',
  notFound: '/404',
  /** Fails on purpose when the server runs with ENABLE_TEST_ROUTES=1 (browser tests only). */
  testError: '/__test/error',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  apiDocs: '/api/docs',
  logo: (companyId: string, format: 'svg' | 'png' = 'svg') => `/logos/${companyId}.${format}`,
} as const;
