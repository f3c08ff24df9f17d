// Labels, placeholders and empty-result texts of the four filter boxes (spec §2).
import type { FilterKey } from './filter-state.ts';

export const FIELD_TEXTS: {
  key: FilterKey;
  label: string;
  placeholder: string;
  notFound: string;
}[] = [
  {
    key: 'role',
    label: 'Role',
    placeholder: 'Software engineering',
    notFound: 'Role not found...',
  },
  {
    key: 'location',
    label: 'Location',
    placeholder: 'City, such as Pune',
    notFound: 'Location not found...',
  },
  { key: 'company', label: 'Company', placeholder: 'Company', notFound: 'Companies not found...' },
  {
    key: 'experienceLevel',
    label: 'Experience level',
    placeholder: 'Fresher or 1 year',
    notFound: 'No matching level...',
  },
];
