// Plausible pay in the local currency: by country, role, experience and job type, quoted per
// month, year or hour the way postings in that country usually do.
import type { Random } from './random.ts';
import type { CountryCode, JobTypeName, SalaryUnit } from './reference-data.ts';

export interface Salary {
  unit: SalaryUnit;
  from: number;
  to: number;
}

interface CountryPay {
  /** Yearly pay of an entry-level software engineer, local currency. */
  entryYearly: number;
  /** Growth of pay from level 0 to level 5+. */
  levels: [number, number, number, number, number, number];
  /** How salaries are usually quoted here, by weight. */
  units: [SalaryUnit, number][];
  /** Monthly internship stipend. */
  stipend: number;
  /** Amounts are rounded to this step (per unit). */
  round: Record<SalaryUnit, number>;
}

const STEEP = [1, 1.4, 1.8, 2.3, 2.9, 3.8] as CountryPay['levels'];
const FLAT = [1, 1.15, 1.3, 1.45, 1.6, 1.9] as CountryPay['levels'];
const R = (month: number, year: number, hour: number) => ({ month, year, hour });

const PAY: Record<CountryCode, CountryPay> = {
  IN: {
    entryYearly: 600_000,
    levels: STEEP,
    units: [
      ['month', 1],
      ['year', 1],
    ],
    stipend: 20_000,
    round: R(1_000, 10_000, 50),
  },
  US: {
    entryYearly: 95_000,
    levels: FLAT,
    units: [['year', 1]],
    stipend: 4_500,
    round: R(100, 1_000, 1),
  },
  GB: {
    entryYearly: 38_000,
    levels: FLAT,
    units: [['year', 1]],
    stipend: 2_000,
    round: R(100, 1_000, 1),
  },
  DE: {
    entryYearly: 52_000,
    levels: FLAT,
    units: [['year', 1]],
    stipend: 1_500,
    round: R(100, 1_000, 1),
  },
  BR: {
    entryYearly: 84_000,
    levels: STEEP,
    units: [['month', 1]],
    stipend: 2_000,
    round: R(100, 1_000, 1),
  },
  CA: {
    entryYearly: 75_000,
    levels: FLAT,
    units: [['year', 1]],
    stipend: 3_500,
    round: R(100, 1_000, 1),
  },
  SG: {
    entryYearly: 66_000,
    levels: FLAT,
    units: [
      ['month', 2],
      ['year', 1],
    ],
    stipend: 1_200,
    round: R(100, 1_000, 1),
  },
  AE: {
    entryYearly: 150_000,
    levels: FLAT,
    units: [['month', 1]],
    stipend: 3_000,
    round: R(500, 5_000, 5),
  },
  CH: {
    entryYearly: 100_000,
    levels: FLAT,
    units: [['year', 1]],
    stipend: 2_500,
    round: R(100, 1_000, 1),
  },
};

const HOURLY_TYPES: JobTypeName[] = ['Contract', 'Part-time', 'Temporary'];

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

export function salaryFor(
  rng: Random,
  country: CountryCode,
  payFactor: number,
  level: number,
  jobType: JobTypeName,
): Salary {
  const pay = PAY[country];
  if (jobType === 'Internship') {
    const from = roundTo(pay.stipend * (0.8 + rng.next() * 0.5), pay.round.month);
    return { unit: 'month', from, to: roundTo(from * (1.1 + rng.next() * 0.3), pay.round.month) };
  }
  const yearly = pay.entryYearly * payFactor * (pay.levels[level] ?? 1) * (0.85 + rng.next() * 0.3);
  const hourlyCountry = country !== 'IN' && country !== 'AE' && country !== 'BR';
  const unit: SalaryUnit =
    hourlyCountry && HOURLY_TYPES.includes(jobType) ? 'hour' : rng.weighted(pay.units);
  const perUnit = unit === 'year' ? yearly : unit === 'month' ? yearly / 12 : yearly / 1_900;
  const from = roundTo(perUnit, pay.round[unit]);
  const to = roundTo(perUnit * (1.15 + rng.next() * 0.35), pay.round[unit]);
  return { unit, from, to: Math.max(to, from + pay.round[unit]) };
}
