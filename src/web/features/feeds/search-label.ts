// A search in words ("Remote Software engineering jobs in Berlin matching “react”"), for feed
// titles, alert mails and the alert form. Built from the labels the listing loader looked up.
import { WORK_MODE_LABELS } from '../../../shared/constants.ts';
import type { DropdownOption } from '../../../shared/contract/filters.ts';
import type { ListingFilters } from '../filters/filter-state.ts';

/**
 * "with 1 year of experience", "for freshers": an experience level's own label ("1 year") after
 * "for" reads like a one-year contract. Level ids are the years (0 = Fresher … 5 = 5+).
 */
function experiencePhrase(level: DropdownOption): string {
  const years = Number(level.id);
  if (years === 0) return 'for freshers';
  if (years === 5) return 'with 5+ years of experience';
  if (Number.isInteger(years) && years > 0 && years < 5) {
    return `with ${years} ${years === 1 ? 'year' : 'years'} of experience`;
  }
  return `for ${level.label}`;
}

export function searchLabel(filters: ListingFilters): string {
  // Two alerts that differ only in work mode or salary must not read the same in an inbox.
  const mode = filters.workMode ? `${WORK_MODE_LABELS[filters.workMode]} ` : '';
  const what = filters.role ? `${mode}${filters.role.label} jobs` : mode ? `${mode}jobs` : 'Jobs';
  const parts = [what];
  if (filters.location) parts.push(`in ${filters.location.label}`);
  if (filters.company) parts.push(`at ${filters.company.label}`);
  if (filters.experienceLevel) parts.push(experiencePhrase(filters.experienceLevel));
  const q = filters.q.trim();
  if (q) parts.push(`matching “${q}”`);
  if (filters.salaryStated) parts.push('with the salary stated');
  return parts.join(' ');
}
