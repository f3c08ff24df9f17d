// The detail page's numbered lists in the spec's order, as plain strings, for the page and JSON-LD.
import type { JobDetail } from '../../../shared/contract/jobs.ts';

export interface JobList {
  id: string;
  title: string;
  items: string[];
}

export function jobLists(job: JobDetail): JobList[] {
  const list = (id: string, title: string, items: string[]): JobList => ({
    id,
    title,
    items: items.map((i) => i.trim()).filter(Boolean),
  });
  return [
    list(
      'key-responsibilities',
      'Key Responsibilities',
      job.responsibilities.map((i) => i.response),
    ),
    list(
      'minimum-requirements',
      'Minimum Requirements',
      job.minimumRequirements.map((i) => i.requirement),
    ),
    list(
      'preferred-qualification',
      'Preferred Qualification',
      job.preferredQualification.map((i) => i.qualification),
    ),
    list(
      'required-skills',
      'Required Skills',
      job.skills.map((i) => i.skill),
    ),
    list(
      'roles-and-responsibilities',
      'Roles and Responsibilities',
      job.rolesAndResponsibilities.map((i) => i.roleAndResponsibility),
    ),
    list(
      'who-can-apply',
      'Who can Apply',
      job.whoCanApply.map((i) => i.whoCan),
    ),
    list(
      'perks-and-benefits',
      'Perks & Benefits',
      job.perksAndBenefits.map((i) => i.perkAndBenefit),
    ),
    list(
      'search-tags',
      'Search Tags',
      job.searchTags.map((i) => i.search),
    ),
  ];
}
