import { describe, expect, it } from 'vitest';
import { defaultFilters } from '../filters/filter-state.ts';
import { searchLabel } from './search-label.ts';

describe('searchLabel', () => {
  it('names the work mode and a stated salary, so two such alerts read apart', () => {
    const q = { ...defaultFilters, q: 'engineer' };
    expect(searchLabel(q)).toBe('Jobs matching “engineer”');
    expect(searchLabel({ ...q, workMode: 'remote' })).toBe('Remote jobs matching “engineer”');
    expect(searchLabel({ ...q, workMode: 'on_site', salaryStated: true })).toBe(
      'On-site jobs matching “engineer” with the salary stated',
    );
  });

  it('puts the work mode before the role', () => {
    const role = { id: '3', label: 'Software Engineering' };
    expect(searchLabel({ ...defaultFilters, role, workMode: 'hybrid' })).toBe(
      'Hybrid Software Engineering jobs',
    );
  });

  it('says the experience asked for as experience, not as a length of contract', () => {
    const pune = { id: '2', label: 'Pune, Maharashtra, India' };
    const level = (id: string, label: string) =>
      searchLabel({ ...defaultFilters, location: pune, experienceLevel: { id, label } });
    expect(level('1', '1 year')).toBe('Jobs in Pune, Maharashtra, India with 1 year of experience');
    expect(level('3', '3 year')).toBe(
      'Jobs in Pune, Maharashtra, India with 3 years of experience',
    );
    expect(level('5', '5+ year')).toBe(
      'Jobs in Pune, Maharashtra, India with 5+ years of experience',
    );
    expect(level('0', 'Fresher')).toBe('Jobs in Pune, Maharashtra, India for freshers');
  });
});
