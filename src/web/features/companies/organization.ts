// schema.org Organization for a company page: what search engines show about the employer.
import type { CompanyProfile } from '../../../shared/contract/companies.ts';
import { paths } from '../../lib/paths.ts';
import { absoluteUrl, httpUrl } from '../../../shared/safe-url.ts';

export function buildOrganization(company: CompanyProfile, publicUrl: string) {
  const website = httpUrl(company.companyWebsite);
  const location = company.companyLocation?.trim();
  const overview = company.companyOverview?.trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.companyName,
    url: absoluteUrl(publicUrl, paths.company(company.slug)),
    logo: absoluteUrl(publicUrl, paths.logo(company._id, 'png')),
    ...(website ? { sameAs: website } : {}),
    ...(location ? { address: location } : {}),
    ...(overview ? { description: overview } : {}),
  };
}
