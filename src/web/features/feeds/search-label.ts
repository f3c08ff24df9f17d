// A search in words ("Software engineering jobs in Berlin at Acme matching “react”"), for feed
// titles, alert mails and the alert form. Built from the labels the listing loader looked up.
import type { ListingFilters } from '../filters/filter-state.ts';

export function searchLabel(filters: ListingFilters): string {
  const what = filters.role ? `${filters.role.label} jobs` : 'Jobs';
  const parts = [what];
  if (filters.location) parts.push(`in ${filters.location.label}`);
  if (filters.company) parts.push(`at ${filters.company.label}`);
  if (filters.experienceLevel) parts.push(`for ${filters.experienceLevel.label}`);
  const q = filters.q.trim();
  if (q) parts.push(`matching “${q}”`);
  return parts.join(' ');
}
