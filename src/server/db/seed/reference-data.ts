// The fixed lists every data set shares: countries with their states and cities, roles, job
// types, experience levels, salary types and the recruiters who post jobs.
import { EXPERIENCE_OPTIONS } from '../../../shared/constants.ts';

export type CountryCode = 'IN' | 'US' | 'GB' | 'DE' | 'BR' | 'CA' | 'SG' | 'AE' | 'CH';

export interface CountryRef {
  name: string;
  iso2: CountryCode;
  iso3: string;
  currency: string;
  symbol: string;
  states: { name: string; code: string; cities: string[] }[];
}

export const COUNTRIES: readonly CountryRef[] = [
  {
    name: 'India',
    iso2: 'IN',
    iso3: 'IND',
    currency: 'INR',
    symbol: '₹',
    states: [
      { name: 'Karnataka', code: 'KA', cities: ['Bengaluru', 'Mysuru', 'Mangaluru'] },
      { name: 'Maharashtra', code: 'MH', cities: ['Mumbai', 'Pune', 'Nagpur', 'Nashik'] },
      { name: 'Tamil Nadu', code: 'TN', cities: ['Chennai', 'Coimbatore', 'Madurai'] },
      { name: 'Telangana', code: 'TG', cities: ['Hyderabad', 'Warangal'] },
      { name: 'Delhi', code: 'DL', cities: ['New Delhi'] },
      { name: 'Haryana', code: 'HR', cities: ['Gurugram', 'Faridabad'] },
      { name: 'Uttar Pradesh', code: 'UP', cities: ['Noida', 'Lucknow', 'Kanpur'] },
      { name: 'West Bengal', code: 'WB', cities: ['Kolkata', 'Durgapur'] },
      { name: 'Gujarat', code: 'GJ', cities: ['Ahmedabad', 'Surat', 'Vadodara'] },
      { name: 'Rajasthan', code: 'RJ', cities: ['Jaipur', 'Udaipur'] },
      { name: 'Kerala', code: 'KL', cities: ['Kochi', 'Thiruvananthapuram'] },
      { name: 'Andhra Pradesh', code: 'AP', cities: ['Visakhapatnam', 'Vijayawada'] },
      { name: 'Madhya Pradesh', code: 'MP', cities: ['Indore', 'Bhopal'] },
      { name: 'Odisha', code: 'OD', cities: ['Bhubaneswar'] },
      { name: 'Punjab', code: 'PB', cities: ['Mohali', 'Ludhiana'] },
      { name: 'Goa', code: 'GA', cities: ['Panaji'] },
    ],
  },
  {
    name: 'United States',
    iso2: 'US',
    iso3: 'USA',
    currency: 'USD',
    symbol: '$',
    states: [
      { name: 'California', code: 'CA', cities: ['San Francisco', 'San Jose', 'Los Angeles'] },
      { name: 'New York', code: 'NY', cities: ['New York City'] },
      { name: 'Texas', code: 'TX', cities: ['Austin', 'Dallas'] },
      { name: 'Washington', code: 'WA', cities: ['Seattle'] },
      { name: 'Massachusetts', code: 'MA', cities: ['Boston'] },
      { name: 'Illinois', code: 'IL', cities: ['Chicago'] },
    ],
  },
  {
    name: 'United Kingdom',
    iso2: 'GB',
    iso3: 'GBR',
    currency: 'GBP',
    symbol: '£',
    states: [
      { name: 'England', code: 'ENG', cities: ['London', 'Manchester', 'Bristol'] },
      { name: 'Scotland', code: 'SCT', cities: ['Edinburgh', 'Glasgow'] },
    ],
  },
  {
    name: 'Germany',
    iso2: 'DE',
    iso3: 'DEU',
    currency: 'EUR',
    symbol: '€',
    states: [
      { name: 'Berlin', code: 'BE', cities: ['Berlin'] },
      { name: 'Bavaria', code: 'BY', cities: ['Munich', 'Nürnberg'] },
      { name: 'Hamburg', code: 'HH', cities: ['Hamburg'] },
      { name: 'North Rhine-Westphalia', code: 'NW', cities: ['Düsseldorf', 'Köln'] },
    ],
  },
  {
    name: 'Brazil',
    iso2: 'BR',
    iso3: 'BRA',
    currency: 'BRL',
    symbol: 'R$',
    states: [
      { name: 'São Paulo', code: 'SP', cities: ['São Paulo', 'Campinas'] },
      { name: 'Rio de Janeiro', code: 'RJ', cities: ['Rio de Janeiro'] },
      { name: 'Paraná', code: 'PR', cities: ['Curitiba'] },
    ],
  },
  {
    name: 'Canada',
    iso2: 'CA',
    iso3: 'CAN',
    currency: 'CAD',
    symbol: 'C$',
    states: [
      { name: 'Ontario', code: 'ON', cities: ['Toronto', 'Ottawa'] },
      { name: 'Québec', code: 'QC', cities: ['Montréal'] },
      { name: 'British Columbia', code: 'BC', cities: ['Vancouver'] },
    ],
  },
  {
    name: 'Singapore',
    iso2: 'SG',
    iso3: 'SGP',
    currency: 'SGD',
    symbol: 'S$',
    states: [{ name: 'Singapore', code: 'SG', cities: ['Singapore'] }],
  },
  {
    name: 'United Arab Emirates',
    iso2: 'AE',
    iso3: 'ARE',
    currency: 'AED',
    symbol: 'AED',
    states: [
      { name: 'Dubai', code: 'DU', cities: ['Dubai'] },
      { name: 'Abu Dhabi', code: 'AZ', cities: ['Abu Dhabi'] },
    ],
  },
  {
    name: 'Switzerland',
    iso2: 'CH',
    iso3: 'CHE',
    currency: 'CHF',
    symbol: 'CHF',
    states: [
      { name: 'Zürich', code: 'ZH', cities: ['Zürich'] },
      { name: 'Geneva', code: 'GE', cities: ['Genève'] },
    ],
  },
];

export type RoleCode =
  | 'SDE'
  | 'FE'
  | 'BE'
  | 'Mobile'
  | 'DS'
  | 'QA'
  | 'DevOps'
  | 'PM'
  | 'UX'
  | 'MKT'
  | 'Sales'
  | 'HR'
  | 'FIN'
  | 'MECH'
  | 'CIVIL'
  | 'BPO';

export interface RoleRef {
  name: string;
  sortName: RoleCode;
  /** Pay relative to software engineering in the same country and level. */
  payFactor: number;
}

export const ROLES: readonly RoleRef[] = [
  { name: 'Software Engineering', sortName: 'SDE', payFactor: 1 },
  { name: 'Frontend Development', sortName: 'FE', payFactor: 0.92 },
  { name: 'Backend Development', sortName: 'BE', payFactor: 1 },
  { name: 'Mobile App Development', sortName: 'Mobile', payFactor: 0.95 },
  { name: 'Data Science & Analytics', sortName: 'DS', payFactor: 1.02 },
  { name: 'Quality Assurance', sortName: 'QA', payFactor: 0.72 },
  { name: 'DevOps & Cloud', sortName: 'DevOps', payFactor: 1 },
  { name: 'Product Management', sortName: 'PM', payFactor: 1.15 },
  { name: 'UI/UX Design', sortName: 'UX', payFactor: 0.85 },
  { name: 'Digital Marketing', sortName: 'MKT', payFactor: 0.62 },
  { name: 'Sales & Business Development', sortName: 'Sales', payFactor: 0.6 },
  { name: 'Human Resources', sortName: 'HR', payFactor: 0.55 },
  { name: 'Finance & Accounts', sortName: 'FIN', payFactor: 0.65 },
  { name: 'Mechanical Engineering', sortName: 'MECH', payFactor: 0.55 },
  { name: 'Civil Engineering', sortName: 'CIVIL', payFactor: 0.5 },
  { name: 'Customer Support / BPO', sortName: 'BPO', payFactor: 0.36 },
];

export const JOB_TYPES = [
  'Full-time',
  'Part-time',
  'Contract',
  'Internship',
  'Temporary',
  'Remote',
] as const;
export type JobTypeName = (typeof JOB_TYPES)[number];

/** Ids are the years of experience (0 = Fresher … 5 = 5+ year), as the filters expect. */
export const EXPERIENCE_LEVELS = EXPERIENCE_OPTIONS.map((o) => ({ id: o.value, name: o.label }));

export const SALARY_TYPES = [
  { name: 'Monthly', sortName: 'month' },
  { name: 'Yearly', sortName: 'year' },
  { name: 'Hourly', sortName: 'hour' },
] as const;
export type SalaryUnit = (typeof SALARY_TYPES)[number]['sortName'];

export const POSTERS = [
  { firstName: 'Ananya', lastName: 'Rao' },
  { firstName: 'Rahul', lastName: 'Mehta' },
  { firstName: 'Priya', lastName: 'Nair' },
  { firstName: 'Arjun', lastName: 'Singh' },
  { firstName: 'Sneha', lastName: 'Kulkarni' },
  { firstName: 'Vikram', lastName: 'Iyer' },
  { firstName: 'Farhan', lastName: 'Qureshi' },
  { firstName: 'Meera', lastName: 'Joshi' },
  { firstName: 'Emily', lastName: 'Carter' },
  { firstName: 'James', lastName: 'Walker' },
  { firstName: 'Lukas', lastName: 'Becker' },
  { firstName: 'Mariana', lastName: 'Souza' },
  { firstName: 'Chloé', lastName: 'Tremblay' },
  { firstName: 'Wei Ling', lastName: 'Tan' },
  { firstName: 'Fatima', lastName: 'Al Mansoori' },
] as const;

export interface CityRef {
  name: string;
  stateName: string;
  stateCode: string;
  country: CountryRef;
}

/** Every city, flattened, in a stable order (the order gives the ids). */
export const CITIES: readonly CityRef[] = COUNTRIES.flatMap((country) =>
  country.states.flatMap((state) =>
    state.cities.map((name) => ({
      name,
      stateName: state.name,
      stateCode: state.code,
      country,
    })),
  ),
);
