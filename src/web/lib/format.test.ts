import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatJobCount,
  formatLocation,
  formatRelative,
  formatSalary,
  formatSalaryOtherPeriod,
  salaryKind,
  formatWhole,
  RELATIVE_UNITS,
} from './format.ts';

const india = { name: 'India', iso3: 'IND', symbol: '₹' };

describe('formatJobCount', () => {
  it('writes counts compactly and in lower case', () => {
    expect(formatJobCount(999)).toBe('999 jobs');
    expect(formatJobCount(1234)).toBe('1.2k jobs');
    expect(formatJobCount(3_400_000)).toBe('3.4m jobs');
    expect(formatJobCount(1)).toBe('1 job');
    expect(formatJobCount(10_000, true)).toBe('10k+ jobs');
    expect(formatJobCount(12, false)).toBe('12 jobs');
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
  it('falls back to the best-in-industry text, then says the salary is not stated', () => {
    const text = { ...base, salaryProvided: 'false', bestInIndustry: 'Best in industry' };
    expect(formatSalary(text)).toBe('Best in industry');
    expect(salaryKind(text)).toBe('text');
    const none = { ...base, salaryProvided: 'false', bestInIndustry: '  ' };
    expect(formatSalary(none)).toBe('Salary not stated');
    expect(salaryKind(none)).toBe('none');
    expect(salaryKind(base)).toBe('amount');
  });
  it('gives a monthly salary a year and a yearly one a month, never an hourly one', () => {
    expect(formatSalaryOtherPeriod(base)).toBe('₹3,00,000 – ₹4,80,000 / year');
    const yearly = {
      ...base,
      salaryFrom: 60000,
      salaryTo: 90000,
      salaryType: { sortName: 'year' },
    };
    expect(
      formatSalaryOtherPeriod({ ...yearly, currency: 'EUR', country: { ...india, symbol: '€' } }),
    ).toBe('€5,000 – €7,500 / month');
    expect(formatSalaryOtherPeriod({ ...base, salaryType: { sortName: 'hour' } })).toBeNull();
    expect(formatSalaryOtherPeriod({ ...base, salaryProvided: 'false' })).toBeNull();
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

// The formatters are written by hand so the browser loads no Intl locale data (format.ts); they
// must read exactly as Intl would.
describe('the same text as Intl', () => {
  const counts = fc.oneof(
    fc.nat({ max: 2_000_000 }),
    fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
    fc.constantFrom(0, 1, 999, 1000, 1049, 1050, 4_350_000, 999_949, 999_950, 1e9, 1e12, 1e15),
  );

  it('counts', () => {
    const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
    fc.assert(
      fc.property(counts, (n) => {
        expect(formatJobCount(n)).toBe(
          `${compact.format(n).toLowerCase()} ${n === 1 ? 'job' : 'jobs'}`,
        );
      }),
      { numRuns: 5000 },
    );
  });

  it('whole numbers and salaries, Indian grouping for rupees', () => {
    const en = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
    const enIN = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(counts, (n) => {
        expect(formatWhole(n)).toBe(en.format(n));
        const salary = { salaryProvided: 'true', salaryFrom: n, salaryTo: null, salaryType: null };
        expect(
          formatSalary({ ...salary, bestInIndustry: null, currency: 'INR', country: india }),
        ).toBe(`₹${enIN.format(n)}`);
        const usa = { name: 'United States', iso3: 'USA', symbol: '$' };
        expect(
          formatSalary({ ...salary, bestInIndustry: null, currency: 'USD', country: usa }),
        ).toBe(`$${en.format(n)}`);
      }),
      { numRuns: 5000 },
    );
  });

  it('dates', () => {
    const date = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const instants = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(instants, (ms) => {
        // Newer locale data abbreviates September "Sept" in British English; we keep three letters.
        expect(formatDate(new Date(ms).toISOString())).toBe(date.format(ms).replace('Sept', 'Sep'));
      }),
      { numRuns: 5000 },
    );
  });

  it('relative times', () => {
    const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const now = Date.parse('2026-11-21T12:00:00Z');
    const offsets = fc.integer({ min: -20 * 365 * 86_400_000, max: 20 * 365 * 86_400_000 });
    fc.assert(
      fc.property(offsets, (diff) => {
        const unit = RELATIVE_UNITS.find(([, ms]) => Math.abs(diff) >= ms);
        const expected = unit ? relative.format(Math.round(diff / unit[1]), unit[0]) : 'just now';
        expect(formatRelative(new Date(now + diff).toISOString(), now)).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });
});
