// The detail page's head: title, description, canonical link, Open Graph and Twitter card tags
// (spec §2: titled from the company and job title, the company logo is its share image).
import type { MetaDescriptor } from 'react-router';
import type { JobDetail, JobSummary } from '../../../shared/contract/jobs.ts';
import { buildMeta } from '../../components/seo.ts';
import { formatLocation } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';

const DESCRIPTION_LENGTH = 160;
/** The PNG logos the data set ships for link previews are this square size. */
const LOGO_SIZE = '256';

/** "Senior Backend Engineer at Acme" (buildMeta appends " · Openings"). */
export function jobHeadline(job: Pick<JobSummary, 'title' | 'company'>): string {
  return `${job.title} at ${job.company.companyName}`;
}

/** For search results and previews: the description's start, or who, what and where. */
export function jobDescription(job: JobDetail): string {
  const text =
    job.description.replace(/\s+/g, ' ').trim() ||
    `${job.company.companyName} is hiring: ${job.title}, ${formatLocation(job)}.`;
  return text.length <= DESCRIPTION_LENGTH
    ? text
    : `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

export function jobMeta(job: JobDetail, publicUrl: string): MetaDescriptor[] {
  const tags = buildMeta({
    title: jobHeadline(job),
    description: jobDescription(job),
    path: paths.job(job.pageUrl),
    publicUrl,
    image: paths.logo(job.company._id, 'png'),
    imageAlt: `${job.company.companyName} logo`,
  });
  // A square logo reads best as the small card, not the wide one the site's default image uses;
  // the image's type and size follow og:image, where Open Graph readers look for them.
  return tags.flatMap((tag) => {
    if ('name' in tag && tag.name === 'twitter:card')
      return [{ name: 'twitter:card', content: 'summary' }];
    if ('property' in tag && tag.property === 'og:image') {
      return [
        tag,
        { property: 'og:image:type', content: 'image/png' },
        { property: 'og:image:width', content: LOGO_SIZE },
        { property: 'og:image:height', content: LOGO_SIZE },
      ];
    }
    return [tag];
  });
}
