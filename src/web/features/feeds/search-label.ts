// A search in words ("Remote Software engineering jobs in Berlin matching “react”"), for feed
// titles, alert mails and the alert form. Built from the labels the listing loader looked up.
import { WORK_MODE_LABELS } from '../../../shared/constants.ts';
import type { ListingFilters } from '../filters/filter-state.ts';

export function searchLabel(filters: ListingFilters): string {
  // Two alerts that differ only in work mode or salary must not read the same in an inbox.
  const mode = filters.workMode ? `${WORK_MODE_LABELS[filters.workMode]} ` : '';
  const what = filters.role ? `${mode}${filters.role.label} jobs` : mode ? `${mode}jobs` : 'Jobs';
  const parts = [what];
  if (filters.location) parts.push(`in ${filters.location.label}`);
  if (filters.company) parts.push(`at ${filters.company.label}`);
  if (filters.experienceLevel) parts.push(`for ${filters.experienceLevel.label}`);
  const q = filters.q.trim();
  if (q) parts.push(`matching “${q}”`);
  if (filters.salaryStated) parts.push('with the salary stated');
  return parts.join(' ');
}
