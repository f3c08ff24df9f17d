// The detail page's numbered lists in the spec's order, as plain strings, for the page and JSON-LD.
import type { JobDetail } from '../../../shared/contract/jobs.ts';

export interface JobList {
  id: string;
  title: string;
  items: string[];
}

type Items = (job: JobDetail) => string[];

// Titles in the spec's words and order; each list's anchor id is its title in kebab case.
const LISTS: Record<string, Items> = {
  'Key Responsibilities': (j) => j.responsibilities.map((i) => i.response),
  'Minimum Requirements': (j) => j.minimumRequirements.map((i) => i.requirement),
  'Preferred Qualification': (j) => j.preferredQualification.map((i) => i.qualification),
  'Required Skills': (j) => j.skills.map((i) => i.skill),
  'Roles and Responsibilities': (j) =>
    j.rolesAndResponsibilities.map((i) => i.roleAndResponsibility),
  'Who can Apply': (j) => j.whoCanApply.map((i) => i.whoCan),
  'Perks & Benefits': (j) => j.perksAndBenefits.map((i) => i.perkAndBenefit),
  'Search Tags': (j) => j.searchTags.map((i) => i.search),
};

const anchorOf = (title: string) => title.toLowerCase().replace(' & ', ' and ').replace(/ /g, '-');

export function jobLists(job: JobDetail): JobList[] {
  return Object.entries(LISTS).map(([title, items]) => ({
    id: anchorOf(title),
    title,
    items: items(job)
      .map((i) => i.trim())
      .filter(Boolean),
  }));
}
