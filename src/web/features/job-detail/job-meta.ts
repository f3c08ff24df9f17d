// The detail page's head: title, description, canonical link, Open Graph and Twitter card tags
// (spec §2: titled from the company and job title, the company logo is the share image).
import type { MetaDescriptor } from 'react-router';
import { APP_NAME } from '../../../shared/constants.ts';
import type { JobDetail, JobSummary } from '../../../shared/contract/jobs.ts';
import { formatLocation } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { absoluteUrl } from './safe-url.ts';

const DESCRIPTION_LENGTH = 160;
/** The PNG logos the data set ships for link previews are this square size. */
const LOGO_SIZE = '256';

export function jobTitle(job: Pick<JobSummary, 'title' | 'company'>): string {
  return `${job.title} at ${job.company.companyName} · ${APP_NAME}`;
}

/** One line for search results and previews: who, what, where, then the description's start. */
export function jobDescription(job: JobDetail): string {
  const lead = `${job.company.companyName} is hiring: ${job.title}, ${formatLocation(job)}.`;
  const text = `${lead} ${job.description.replace(/\s+/g, ' ').trim()}`.trim();
  return text.length <= DESCRIPTION_LENGTH
    ? text
    : `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

export function jobMeta(job: JobDetail, publicUrl: string): MetaDescriptor[] {
  const title = jobTitle(job);
  const description = jobDescription(job);
  const url = absoluteUrl(paths.job(job.pageUrl), publicUrl);
  const image = absoluteUrl(paths.logo(job.company._id, 'png'), publicUrl);
  const imageAlt = `${job.company.companyName} logo`;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: APP_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: LOGO_SIZE },
    { property: 'og:image:height', content: LOGO_SIZE },
    { property: 'og:image:alt', content: imageAlt },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: imageAlt },
  ];
}

/** While a job loads in the browser: the card's title if we have it. */
export function pendingMeta(summary: JobSummary | undefined): MetaDescriptor[] {
  return [{ title: summary ? jobTitle(summary) : `Job · ${APP_NAME}` }];
}

export function notFoundMeta(): MetaDescriptor[] {
  return [{ title: `Job not found · ${APP_NAME}` }, { name: 'robots', content: 'noindex' }];
}
