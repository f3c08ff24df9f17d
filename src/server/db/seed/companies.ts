// Fictional, plausible employers: the hand-written demo set and, for large benchmark sets, more
// built from name parts. Websites use the reserved `.example` top-level domain.
import type { Random } from './random.ts';
import type { RoleCode } from './reference-data.ts';

export type Industry =
  | 'fintech'
  | 'ecommerce'
  | 'healthtech'
  | 'edtech'
  | 'logistics'
  | 'saas'
  | 'construction'
  | 'manufacturing'
  | 'bpo'
  | 'travel'
  | 'agritech'
  | 'energy'
  | 'gaming'
  | 'media'
  | 'consulting'
  | 'pharma';

export interface CompanySeed {
  name: string;
  industry: Industry;
  /** City the company is based in; must be one of the reference cities. */
  hq: string;
  /** Demo companies without an overview exercise "shown only when present". */
  noOverview?: boolean;
}

export const DEMO_COMPANIES: readonly CompanySeed[] = [
  { name: 'Paysetu Technologies', industry: 'fintech', hq: 'Bengaluru' },
  { name: 'Kosh Finserv', industry: 'fintech', hq: 'Mumbai' },
  { name: 'Ledgerline Software', industry: 'saas', hq: 'Pune' },
  { name: 'Tijori Capital', industry: 'fintech', hq: 'Mumbai' },
  { name: 'Cartwala Retail', industry: 'ecommerce', hq: 'Bengaluru' },
  { name: 'Bazaarkart Online', industry: 'ecommerce', hq: 'Gurugram' },
  { name: 'Swasth Health Systems', industry: 'healthtech', hq: 'Hyderabad' },
  { name: 'Medinest Diagnostics', industry: 'healthtech', hq: 'Chennai' },
  { name: 'Vidyapath Learning', industry: 'edtech', hq: 'Noida' },
  { name: 'Shikshaverse', industry: 'edtech', hq: 'Bengaluru', noOverview: true },
  { name: 'Raftaar Logistics', industry: 'logistics', hq: 'New Delhi' },
  { name: 'Dakroute Express', industry: 'logistics', hq: 'Kolkata' },
  { name: 'Stratonyx Cloud', industry: 'saas', hq: 'Hyderabad' },
  { name: 'Kalpa Analytics', industry: 'saas', hq: 'Bengaluru' },
  { name: 'Nirman Infra Projects', industry: 'construction', hq: 'Ahmedabad' },
  { name: 'Setubandh Constructions', industry: 'construction', hq: 'Mumbai' },
  { name: 'Chakra Auto Components', industry: 'manufacturing', hq: 'Pune' },
  { name: 'Vajra Precision Engineering', industry: 'manufacturing', hq: 'Coimbatore' },
  { name: 'Sahayak Customer Solutions', industry: 'bpo', hq: 'Noida' },
  { name: 'Samvaad Contact Centres', industry: 'bpo', hq: 'Kolkata' },
  { name: 'Yatrik Travel Tech', industry: 'travel', hq: 'Gurugram' },
  { name: 'Krishiyan Agritech', industry: 'agritech', hq: 'Indore' },
  { name: 'Suryoday Renewables', industry: 'energy', hq: 'Jaipur' },
  { name: 'Pawanshakti Energy', industry: 'energy', hq: 'Vadodara' },
  { name: 'Khel Studios', industry: 'gaming', hq: 'Hyderabad' },
  { name: 'Tarang Telecom Networks', industry: 'saas', hq: 'New Delhi' },
  { name: 'Dhaaga Apparel', industry: 'ecommerce', hq: 'Surat' },
  { name: 'Annapurna Kitchens', industry: 'ecommerce', hq: 'Indore', noOverview: true },
  { name: 'Mitra Insurance Tech', industry: 'fintech', hq: 'Chennai' },
  { name: 'Pragati Consulting Group', industry: 'consulting', hq: 'Mumbai' },
  { name: 'Jeevani Biosciences', industry: 'pharma', hq: 'Hyderabad' },
  { name: 'Neelgiri Hospitality', industry: 'travel', hq: 'Kochi' },
  { name: 'Sangam Media Labs', industry: 'media', hq: 'Mumbai' },
  { name: 'Karigar Workforce Services', industry: 'consulting', hq: 'Bengaluru' },
  { name: 'Orbitline Aerospace', industry: 'manufacturing', hq: 'Bengaluru' },
  { name: 'Kavach Security Labs', industry: 'saas', hq: 'Pune' },
  { name: 'Gharbar Homes', industry: 'construction', hq: 'Gurugram' },
  { name: 'Dhruva Semiconductors', industry: 'manufacturing', hq: 'Bengaluru' },
  { name: 'Ektara Music', industry: 'media', hq: 'Chennai' },
  { name: 'Saral Tax Solutions', industry: 'fintech', hq: 'Jaipur' },
  { name: 'Panchtatva Water Systems', industry: 'energy', hq: 'Bhubaneswar' },
  { name: 'Kayal Marine Exports', industry: 'manufacturing', hq: 'Kochi' },
  { name: 'Quillbyte Software', industry: 'saas', hq: 'Thiruvananthapuram' },
  { name: 'Sarathi Mobility', industry: 'logistics', hq: 'Bengaluru' },
  { name: 'Rangoli Design Studio', industry: 'media', hq: 'Ahmedabad' },
  { name: 'Lakshya Skill Academy', industry: 'edtech', hq: 'Lucknow' },
  { name: 'Aarogya Pharma', industry: 'pharma', hq: 'Visakhapatnam' },
  { name: 'Dwarka Steel Works', industry: 'manufacturing', hq: 'Nagpur' },
  { name: 'Meghdoot Cloud Services', industry: 'saas', hq: 'Noida' },
  { name: 'Tiffinbox Foods', industry: 'ecommerce', hq: 'Mumbai' },
  { name: 'Harborview Analytics', industry: 'saas', hq: 'San Francisco' },
  { name: 'Lumen Ridge Health', industry: 'healthtech', hq: 'Boston' },
  { name: 'Cobalt Prairie Software', industry: 'saas', hq: 'Austin' },
  { name: 'Evergreen Freightworks', industry: 'logistics', hq: 'Seattle' },
  { name: 'Thistle & Loom', industry: 'ecommerce', hq: 'Edinburgh' },
  { name: 'Brightwater Fintech', industry: 'fintech', hq: 'London' },
  { name: 'Elbwerk Robotics', industry: 'manufacturing', hq: 'Hamburg' },
  { name: 'Spreeblick Software', industry: 'saas', hq: 'Berlin' },
  { name: 'Rheinfeld Logistik', industry: 'logistics', hq: 'Düsseldorf' },
  { name: 'Ipê Pagamentos', industry: 'fintech', hq: 'São Paulo' },
  { name: 'Carioca Digital Studio', industry: 'media', hq: 'Rio de Janeiro' },
  { name: 'Maple Circuit Labs', industry: 'manufacturing', hq: 'Toronto' },
  { name: 'Fleur de Lys Interactive', industry: 'gaming', hq: 'Montréal' },
  { name: 'Merlion Trade Systems', industry: 'logistics', hq: 'Singapore' },
  { name: 'Falcon Dunes Hospitality', industry: 'travel', hq: 'Dubai', noOverview: true },
  { name: 'Alpenglas Analytics', industry: 'fintech', hq: 'Zürich' },
  { name: 'Pacific Crest Robotics', industry: 'manufacturing', hq: 'San Jose' },
  { name: 'Hudson Lane Media', industry: 'media', hq: 'New York City' },
];

/** The roles each kind of employer hires for; corporate roles are open to every industry. */
const CORE_ROLES: Record<Industry, RoleCode[]> = {
  fintech: ['SDE', 'BE', 'FE', 'Mobile', 'DS', 'QA', 'DevOps', 'PM', 'UX'],
  ecommerce: ['SDE', 'FE', 'BE', 'Mobile', 'DS', 'PM', 'UX', 'MKT', 'BPO'],
  healthtech: ['SDE', 'BE', 'FE', 'DS', 'QA', 'PM', 'UX', 'BPO'],
  edtech: ['SDE', 'FE', 'Mobile', 'UX', 'MKT', 'Sales', 'BPO'],
  logistics: ['SDE', 'BE', 'DS', 'DevOps', 'MECH', 'BPO', 'Sales'],
  saas: ['SDE', 'FE', 'BE', 'DS', 'QA', 'DevOps', 'PM', 'UX'],
  construction: ['CIVIL', 'MECH', 'FIN', 'Sales'],
  manufacturing: ['MECH', 'CIVIL', 'QA', 'SDE', 'FIN'],
  bpo: ['BPO', 'QA', 'HR'],
  travel: ['SDE', 'FE', 'Mobile', 'MKT', 'BPO', 'Sales'],
  agritech: ['SDE', 'DS', 'Mobile', 'Sales', 'MECH'],
  energy: ['MECH', 'CIVIL', 'DS', 'FIN', 'Sales'],
  gaming: ['SDE', 'FE', 'Mobile', 'QA', 'UX', 'MKT'],
  media: ['FE', 'UX', 'MKT', 'Sales', 'Mobile'],
  consulting: ['DS', 'PM', 'FIN', 'HR', 'Sales'],
  pharma: ['DS', 'QA', 'MECH', 'Sales', 'FIN'],
};
const CORPORATE_ROLES: RoleCode[] = ['HR', 'FIN', 'Sales', 'MKT'];

export function pickRole(rng: Random, industry: Industry): RoleCode {
  return rng.chance(0.82) ? rng.pick(CORE_ROLES[industry]) : rng.pick(CORPORATE_ROLES);
}

const WHAT_WE_DO: Record<Industry, string[]> = {
  fintech: [
    'builds payment and lending tools for small businesses that the big banks overlook',
    'runs a money app that helps salaried families save, invest and pay bills on time',
  ],
  ecommerce: [
    'sells everyday products online and delivers them within a day in most metro cities',
    'runs a marketplace that connects independent sellers with shoppers across the country',
  ],
  healthtech: [
    'makes software that clinics and diagnostic labs use to book, test and report',
    'helps patients reach doctors, lab tests and medicines from one app',
  ],
  edtech: [
    'teaches working professionals job-ready skills through live cohorts and mentoring',
    'builds learning apps for school students in their own language',
  ],
  logistics: [
    'moves parcels for online sellers with its own hubs, fleet and routing software',
    'plans and tracks freight for manufacturers across road, rail and sea',
  ],
  saas: [
    'builds business software that finance and operations teams use every day',
    'makes cloud tools that help engineering teams ship, monitor and secure their services',
  ],
  construction: [
    'designs and builds roads, bridges and commercial buildings',
    'delivers residential and industrial projects from foundation to handover',
  ],
  manufacturing: [
    'engineers and manufactures precision components for automotive and industrial customers',
    'designs machines and electronics and builds them in its own plants',
  ],
  bpo: [
    'runs customer support and back-office operations for banks, retailers and telecom brands',
    'answers customers by voice, chat and e-mail for consumer brands in several languages',
  ],
  travel: [
    'helps travellers plan, book and manage trips, stays and experiences',
    'runs hotels and holiday homes and the booking platform behind them',
  ],
  agritech: [
    'gives farmers better seeds, advice and fair prices through a network of village centres and an app',
  ],
  energy: [
    'builds and operates solar and wind plants for industrial customers',
    'designs clean water and energy systems for towns and factories',
  ],
  gaming: [
    'makes casual and strategy games played by millions on their phones',
    'develops cross-platform games and the live services that run them',
  ],
  media: [
    'produces video, music and brand campaigns for digital audiences',
    'runs a digital publishing and creative studio for consumer brands',
  ],
  consulting: [
    'advises mid-size companies on strategy, finance and hiring',
    'helps companies hire, pay and grow their teams',
  ],
  pharma: [
    'researches, develops and manufactures affordable generic medicines',
    'runs clinical research and lab services for drug makers',
  ],
};

const CULTURE = [
  'Teams are small, decisions are written down, and people own their work end to end.',
  'It promotes from within and publishes its salary bands to every employee.',
  'Most teams work in the office three days a week and plan the rest themselves.',
  'It invests in training: every employee gets a yearly learning budget and a mentor.',
  'Customers stay for years, and so do most of the people who work here.',
];

export function companyOverview(rng: Random, company: CompanySeed, founded: number): string {
  // Older companies have had time to grow.
  const sizes = ['40', '120', '250', '600', '1,200', '3,500'];
  const size = sizes[Math.min(sizes.length - 1, rng.int(0, Math.floor((2025 - founded) / 6)))];
  return [
    `${company.name} ${rng.pick(WHAT_WE_DO[company.industry])}.`,
    `Founded in ${founded} and based in ${company.hq}, it now employs about ${size} people.`,
    ...rng.sample(CULTURE, rng.int(0, 2)),
  ].join(' ');
}

/** Lower-case letters and digits only: the company's made-up domain label. */
export function domainLabel(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '');
}

const PREFIXES = [
  'Aarav',
  'Akash',
  'Amber',
  'Anant',
  'Aravalli',
  'Ashoka',
  'Banyan',
  'Bluepeak',
  'Brahma',
  'Cedar',
  'Chandra',
  'Coral',
  'Deccan',
  'Dhanush',
  'Ember',
  'Everest',
  'Ganga',
  'Garuda',
  'Harbor',
  'Himalaya',
  'Indigo',
  'Jasper',
  'Kaveri',
  'Kestrel',
  'Konark',
  'Lotus',
  'Malabar',
  'Meridian',
  'Monsoon',
  'Narmada',
  'Nilgiri',
  'Nova',
  'Onyx',
  'Orchid',
  'Peacock',
  'Pinnacle',
  'Prism',
  'Quartz',
  'Saffron',
  'Sahyadri',
  'Sandal',
  'Silverline',
  'Sparrow',
  'Summit',
  'Tanzan',
  'Teakwood',
  'Trident',
  'Tulsi',
  'Vayu',
  'Zenith',
];
const SUFFIXES: [string, Industry][] = [
  ['Payments', 'fintech'],
  ['Finserv', 'fintech'],
  ['Retail', 'ecommerce'],
  ['Mart', 'ecommerce'],
  ['Health', 'healthtech'],
  ['Diagnostics', 'healthtech'],
  ['Learning', 'edtech'],
  ['Logistics', 'logistics'],
  ['Freight', 'logistics'],
  ['Software', 'saas'],
  ['Cloud', 'saas'],
  ['Analytics', 'saas'],
  ['Infra', 'construction'],
  ['Builders', 'construction'],
  ['Engineering', 'manufacturing'],
  ['Motors', 'manufacturing'],
  ['Support Services', 'bpo'],
  ['Travels', 'travel'],
  ['Agro', 'agritech'],
  ['Renewables', 'energy'],
  ['Games', 'gaming'],
  ['Studios', 'media'],
  ['Advisory', 'consulting'],
  ['Life Sciences', 'pharma'],
];

/** The n-th extra company of a large set: unique names for any n, plausible for the first 1,200. */
export function bulkCompany(n: number, hqs: readonly string[]): CompanySeed {
  const prefix = PREFIXES[n % PREFIXES.length] as string;
  const [suffix, industry] = SUFFIXES[Math.floor(n / PREFIXES.length) % SUFFIXES.length] as [
    string,
    Industry,
  ];
  const round = Math.floor(n / (PREFIXES.length * SUFFIXES.length));
  const name = round === 0 ? `${prefix} ${suffix}` : `${prefix} ${suffix} ${round + 1}`;
  return { name, industry, hq: hqs[(n * 7) % hqs.length] as string };
}
