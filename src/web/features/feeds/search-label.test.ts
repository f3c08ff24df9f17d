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
});
