// The single route table (spec §2). Paths themselves come from lib/paths.ts when linking.
import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('jobs', 'routes/jobs.tsx'),
  route('job-description', 'routes/job-description.tsx'),
  route('job-description/:pageUrl', 'routes/job-detail.tsx'),
  route('learn', 'routes/learn.tsx'),
  route('learn/:slug', 'routes/learn-guide.tsx'),
  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('login', 'routes/login.tsx'),
  route('verify-email', 'routes/verify-email.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('account', 'routes/account.tsx'),
  route('sign-out', 'routes/sign-out.tsx'),
  route('not-an-active-job', 'routes/not-an-active-job.tsx'),
  route('under-maintenance', 'routes/under-maintenance.tsx'),
  route('sitemap.xml', 'routes/sitemap.tsx'),
  route('robots.txt', 'routes/robots.tsx'),
  route('employer', 'routes/employer.tsx'),
  route('employer/company', 'routes/employer-company.tsx'),
  route('employer/jobs/new', 'routes/employer-job-new.tsx'),
  route('employer/jobs/:id/edit', 'routes/employer-job-edit.tsx'),
  route('employer/jobs/:id/preview', 'routes/employer-job-preview.tsx'),
  route('employer/drafts/:draftId/preview', 'routes/employer-job-preview.tsx', {
    id: 'employer-draft-preview',
  }),
  route('invitations/:token', 'routes/invitation.tsx'),
  // Fails on purpose only with ENABLE_TEST_ROUTES=1 (browser tests); a 404 otherwise.
  route('__test/error', 'routes/test-error.tsx'),
  route('404', 'routes/not-found.tsx', { id: 'not-found-page' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
