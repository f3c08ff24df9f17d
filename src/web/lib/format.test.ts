import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatJobCount,
  formatLocation,
  formatRelative,
  formatSalary,
} from './format.ts';

const india = { name: 'India', iso3: 'IND', symbol: '₹' };

describe('formatJobCount', () => {
  it('writes counts compactly and in lower case', () => {
    expect(formatJobCount(999)).toBe('999 jobs');
    expect(formatJobCount(1234)).toBe('1.2k jobs');
    expect(formatJobCount(3_400_000)).toBe('3.4m jobs');
    expect(formatJobCount(1)).toBe('1 job');
  });
});

describe('formatSalary', () => {
  const base = {
    salaryProvided: 'true',
    salaryFrom: 25000,
    salaryTo: 40000,
    salaryType: { sortName: 'month' },
    bestInIndustry: null,
    currency: 'INR',
    country: india,
  };
  it('shows the range with the currency symbol and unit', () => {
    expect(formatSalary(base)).toBe('₹25,000 – ₹40,000 / month');
    expect(
      formatSalary({
        ...base,
        salaryFrom: 1500000,
        salaryTo: 2400000,
        salaryType: { sortName: 'year' },
      }),
    ).toBe('₹15,00,000 – ₹24,00,000 / year');
  });
  it('falls back to the best-in-industry text, then to Not mentioned', () => {
    expect(
      formatSalary({ ...base, salaryProvided: 'false', bestInIndustry: 'Best in industry' }),
    ).toBe('Best in industry');
    expect(formatSalary({ ...base, salaryProvided: 'false' })).toBe('Not mentioned');
  });
});

describe('formatLocation', () => {
  it('is city, state code, country code', () => {
    expect(
      formatLocation({
        city: { name: 'Bengaluru' },
        state: { name: 'Karnataka', stateCode: 'KA' },
        country: india,
      }),
    ).toBe('Bengaluru, KA, IND');
  });
});

describe('dates', () => {
  it('formats dates for people and says Not mentioned when missing', () => {
    expect(formatDate('2026-11-21T10:00:00Z')).toBe('21 Nov 2026');
    expect(formatDate(null)).toBe('Not mentioned');
  });
  it('writes relative times', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(formatRelative('2026-11-18T12:00:00Z', now)).toBe('3 days ago');
    expect(formatRelative('2026-11-21T11:59:50Z', now)).toBe('just now');
  });
});
