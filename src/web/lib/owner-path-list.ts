// The addresses only employers', operators' and mailed-link pages read, apart from path-list.ts so
// that the first visit carries none of them (a chunk of their own, vite.config.ts). Pages read them
// as `paths.x` all the same: path-list.ts re-exports them.
/** Fails on purpose when the server runs with ENABLE_TEST_ROUTES=1 (browser tests only). */
export const testError = '/__test/error';
export const apiDocs = '/api/docs';
/** The employer side: the dashboard's filters, the company, the job form and its preview. */
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
/** The operators' console. */
export const admin = '/admin';
/** Employers' requests for a city the list lacks, added or dismissed by operators. */
export const adminCityRequests = '/admin/city-requests';
/** The support e-mail and the social links every page shows, set by operators. */
export const adminSiteDetails = '/admin/site-details';
/** Any job as an operator previews it, whatever its status (the review queue links here). */
export const adminJob = (jobId: number) => `/admin/jobs/${jobId}`;
/** The links mailed with an alert (token in the query). */
export const alertConfirm = '/alerts/confirm';
export const alertManage = '/alerts/manage';
export const alertUnsubscribe = '/alerts/unsubscribe';
/** A signed-in seeker deletes an alert from /account (POST only). */
export const alertDelete = '/alerts/delete';
