// Every API path of the wire contract (spec §7, DESIGN.md §4). Clients and routes import these.

export const API_PREFIX = '/api/v1';
export const AUTH_PREFIX = '/api/v1/auth';

export const apiPaths = {
  appDetails: `${API_PREFIX}/app-details/get-app-details`,
  ourAppDetails: `${API_PREFIX}/app-details/our-app-details`,
  currentOpenings: `${API_PREFIX}/jobs/current-openings`,
  jobDescription: `${API_PREFIX}/jobs/job-description`,
  addView: `${AUTH_PREFIX}/jobs/add-one-view-to-a-view-jd`,
  /** Hands out the visitor cookie that addView needs (public pages set none). */
  visitor: `${AUTH_PREFIX}/visitor`,
  locationsFilter: `${API_PREFIX}/settings/locations-filter`,
  rolesFilter: `${API_PREFIX}/settings/roles-filter`,
  experiencesFilter: `${API_PREFIX}/settings/experiences-filter`,
  ourCompanies: `${API_PREFIX}/companies/our-companies`,
  /** The index by name; one company's page is `${companies}/{slug}`. */
  companies: `${API_PREFIX}/companies`,
  similarJobs: `${API_PREFIX}/jobs/similar-jobs`,
} as const;
