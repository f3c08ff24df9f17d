// Assembles a posting's title, description and list sections from the role's texts, the company
// and the place, so that every job reads like it was written for that role.
import type { Random } from './random.ts';
import type { CountryCode, JobTypeName, RoleCode } from './reference-data.ts';
import { ROLE_TEXTS } from './role-texts.ts';

export interface JobTexts {
  title: string;
  description: string;
  responsibilities: string[];
  minimumRequirements: string[];
  preferredQualification: string[];
  skills: string[];
  rolesAndResponsibilities: string[];
  whoCanApply: string[];
  perksAndBenefits: string[];
  searchTags: string[];
}

export interface JobTextInput {
  role: RoleCode;
  level: number;
  jobType: JobTypeName;
  companyName: string;
  cityName: string;
  country: CountryCode;
}

const YEARS = ['0–1 year', '1+ year', '2+ years', '3+ years', '4+ years', '5+ years'];

const WHO_CAN_APPLY: string[][] = [
  [
    'Final-year students and recent graduates',
    'Freshers with internship or project experience',
    'Candidates available to join within 30 days',
    'Career changers who have completed a relevant course',
  ],
  [
    'Candidates with about a year of relevant experience',
    'Recent graduates with a strong internship record',
    'Candidates who can join within 30 days',
  ],
  [
    'Professionals with 2–3 years in a similar role',
    'Candidates looking to take more ownership',
    'Candidates with a notice period of up to 60 days',
  ],
  [
    'Professionals with 3–4 years of relevant experience',
    'Candidates who have led small projects end to end',
    'Candidates with a notice period of up to 60 days',
  ],
  [
    'Professionals with 4+ years of relevant experience',
    'Candidates who have mentored others',
    'Candidates ready to own a product area or team',
  ],
  [
    'Experienced professionals with 5+ years in the field',
    'Leaders who have built or run a team',
    'Candidates with a notice period of up to 90 days',
  ],
];

const ANYONE = [
  'Women returning to work after a career break are encouraged to apply',
  'Candidates of every background are welcome; we hire on skills',
  'Candidates willing to relocate (relocation support provided)',
];

const PERKS_COMMON = [
  'Paid time off and public holidays',
  'Learning budget for courses, books and conferences',
  'Laptop and home-office setup',
  'Flexible working hours',
  'Annual performance bonus',
  'Wellness and counselling support',
  'Hybrid work: three days in the office',
];
const PERKS_BY_COUNTRY: Partial<Record<CountryCode, string[]>> = {
  IN: [
    'Health insurance for you, your spouse, children and parents',
    'Meal cards and free lunch in the office',
    'Provident fund and gratuity',
    'Cab facility for late shifts',
    'Employee stock options (ESOPs)',
  ],
  US: ['Medical, dental and vision insurance', '401(k) with company match', 'Paid parental leave'],
  GB: [
    'Private medical insurance',
    'Pension with employer contribution',
    '25 days holiday plus bank holidays',
  ],
  DE: [
    '30 days of paid holiday',
    'Company pension scheme',
    'Public transport ticket (Deutschlandticket)',
  ],
  BR: ['Plano de saúde and dental plan', 'Meal and food vouchers (VR/VA)', 'Gympass membership'],
  CA: ['Extended health and dental benefits', 'RRSP matching', 'Paid parental leave top-up'],
  SG: ['Medical and dental coverage', 'Annual flexible benefits allowance', '18 days annual leave'],
  AE: ['Tax-free salary', 'Annual flight ticket home', 'Medical insurance for you and your family'],
  CH: ['Pension fund above the legal minimum', '25 days holiday', 'Half-fare travelcard'],
};

const TEAM_LINES: string[] = [
  'This is an entry-level position: you will learn from experienced colleagues, pair with them on real work and get regular, honest feedback.',
  'You will take on well-defined pieces of work at first and more ownership as you settle in, with a buddy to help you find your way.',
  'You will own meaningful pieces of work on your own and help shape how the {team} team works.',
  'You will lead pieces of work that span teams and help less experienced colleagues grow.',
  'You will set technical and practical direction for part of the {team} team and be a go-to person for hard problems.',
  'You will lead the {team} team’s most important work, hire and grow people, and help set priorities with leadership.',
];

const PROCESS_LINES = [
  'Our process is short: a 30-minute call with the recruiter, a practical exercise based on real work, and a conversation with the team. We reply to every applicant within two weeks.',
  'Apply with your CV; shortlisted candidates hear from us within ten days. There are two interview rounds and one conversation with the hiring manager.',
  'We review every application ourselves. If your profile matches, we will call you to set up interviews at a time that suits you.',
];

function band(level: number): 0 | 1 | 2 {
  return level <= 1 ? 0 : level <= 3 ? 1 : 2;
}

function titleFor(rng: Random, input: JobTextInput): string {
  const texts = ROLE_TEXTS[input.role];
  const titles = texts.titles[band(input.level)];
  const fitting =
    input.jobType === 'Internship' ? titles : titles.filter((t) => !/\bintern\b/i.test(t));
  let title = rng.pick(fitting);
  if (input.jobType === 'Internship' && !/intern|trainee/i.test(title)) {
    title = `${title.replace(/^(Junior|Associate|Graduate) /, '')} Intern`;
  }
  if (input.jobType === 'Contract' && rng.chance(0.5)) title = `${title} (Contract)`;
  if (input.jobType === 'Remote' && rng.chance(0.5)) title = `${title} – Remote`;
  return title;
}

function description(rng: Random, input: JobTextInput, title: string): string {
  const texts = ROLE_TEXTS[input.role];
  const where =
    input.jobType === 'Remote'
      ? `This is a remote role; the team is based in ${input.cityName} and meets in person once a quarter.`
      : `The role is based in ${input.cityName}.`;
  const article = /^[AEIOU]/.test(title) ? 'an' : 'a';
  const paragraphs = [
    `${input.companyName} is hiring ${article} ${title} to join its ${texts.team} team. ${where}`,
    rng.sample(texts.work, 2).join(' '),
    (TEAM_LINES[input.level] as string).replace('{team}', texts.team),
  ];
  if (rng.chance(0.6)) paragraphs.push(rng.pick(PROCESS_LINES));
  return paragraphs.join('\n\n');
}

function perks(rng: Random, input: JobTextInput): string[] {
  const local = PERKS_BY_COUNTRY[input.country] ?? [];
  const picks = [...rng.sample(local, rng.int(1, 3)), ...rng.sample(PERKS_COMMON, rng.int(2, 3))];
  if (input.jobType === 'Internship') picks.push('Pre-placement offer for strong performers');
  return picks;
}

export function jobTexts(rng: Random, input: JobTextInput): JobTexts {
  const texts = ROLE_TEXTS[input.role];
  const title = titleFor(rng, input);
  const years = YEARS[input.level] as string;
  const skills = rng.sample(texts.skills, rng.int(4, 7));
  const who = [...rng.sample(WHO_CAN_APPLY[input.level] as string[], rng.int(2, 3))];
  if (rng.chance(0.4)) who.push(rng.pick(ANYONE));
  return {
    title,
    description: description(rng, input, title),
    responsibilities: rng.sample(texts.responsibilities, rng.int(4, 6)),
    minimumRequirements: rng
      .sample(texts.minimumRequirements, rng.int(3, 5))
      .map((item) => item.replace('{years}', years)),
    preferredQualification: rng.sample(texts.preferredQualification, rng.int(3, 4)),
    skills,
    rolesAndResponsibilities: rng.sample(texts.rolesAndResponsibilities, rng.int(3, 5)),
    whoCanApply: who,
    perksAndBenefits: perks(rng, input),
    searchTags: [
      ...rng.sample(texts.tags, 3),
      input.cityName.toLowerCase(),
      ...skills.slice(0, 2).map((s) => s.toLowerCase()),
    ],
  };
}
