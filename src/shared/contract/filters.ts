// Wire contract of the suggestion endpoints behind the four filter dropdowns.
import { z } from 'zod';
import { envelope } from './envelope.ts';
import { searchText } from './params.ts';

export const suggestionQuery = z.object({ name: searchText }).strict();
export const emptyQuery = z.object({}).strict();

/** `near`: no name contains the typed text, and this is one of the nearest spellings. */
const near = z.boolean().optional();

export const dropdownOption = z.object({ id: z.string(), label: z.string(), near });
export type DropdownOption = z.infer<typeof dropdownOption>;

export const locationsResponse = envelope(z.object({ cities: z.array(dropdownOption) }));
export const rolesResponse = envelope(z.object({ roles: z.array(dropdownOption) }));
export const experiencesResponse = envelope(z.object({ levels: z.array(dropdownOption) }));

export const companyOption = z.object({ _id: z.string(), companyName: z.string(), near });
export type CompanyOption = z.infer<typeof companyOption>;
export const companiesResponse = envelope(z.object({ companies: z.array(companyOption) }));
