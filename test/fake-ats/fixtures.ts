// Boards in each ATS's documented public response shape (written from the public docs), with the
// oddities real boards have: salary missing, the location as one string, HTML (and escaped HTML)
// in descriptions, a script to strip, an unknown city, a missing title, and pages.

const ENGINEERING_HTML = `<p>We build the <strong>payments platform</strong> that thousands of shops rely on every day.</p>
<script>alert('x')</script><p style="color:red">You will join a small team in our office.</p>
<h3>What you'll do</h3><ul><li>Design and ship backend services</li><li>Review code with care</li></ul>
<p><b>Requirements</b></p><ul><li>Three years of backend work</li><li>PostgreSQL</li></ul>
<p>Benefits</p><ul><li>Health cover</li><li>Learning budget</li></ul>`;

const SUPPORT_HTML = `<div>Help our customers get the most out of the product, by chat and by e-mail, in a friendly team.</div>`;

/** Greenhouse: GET /v1/boards/{token}/jobs?content=true → { jobs, meta }; content is escaped HTML. */
export const greenhouseJobs = () => [
  {
    id: 4012345,
    internal_job_id: 9001,
    title: 'Senior Backend Engineer',
    updated_at: '2026-11-01T10:00:00-04:00',
    first_published: '2026-10-20T09:00:00-04:00',
    requisition_id: 'ENG-12',
    location: { name: 'Berlin, Germany' },
    absolute_url: 'https://boards.greenhouse.io/acme/jobs/4012345',
    metadata: [{ id: 1, name: 'Employment Type', value: 'Full-time', value_type: 'single_select' }],
    content: escape(ENGINEERING_HTML),
    departments: [{ id: 11, name: 'Engineering', child_ids: [], parent_id: null }],
    offices: [
      { id: 21, name: 'Berlin', location: 'Berlin, Germany', child_ids: [], parent_id: null },
    ],
  },
  {
    id: 4012346,
    internal_job_id: 9002,
    title: 'Customer Support Specialist',
    updated_at: '2026-11-02T10:00:00-04:00',
    location: { name: 'London' },
    absolute_url: 'https://boards.greenhouse.io/acme/jobs/4012346',
    metadata: null,
    content: escape(SUPPORT_HTML),
    departments: [{ id: 12, name: 'Customer Success', child_ids: [], parent_id: null }],
    offices: [],
  },
  {
    id: 4012347,
    internal_job_id: 9003,
    title: 'Frontend Engineer',
    updated_at: '2026-11-03T10:00:00-04:00',
    location: { name: 'Atlantis' },
    absolute_url: 'https://boards.greenhouse.io/acme/jobs/4012347',
    metadata: [],
    content: escape(ENGINEERING_HTML),
    departments: [{ id: 11, name: 'Engineering', child_ids: [], parent_id: null }],
    offices: [],
  },
];

function escape(html: string) {
  return html
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Lever: GET /v0/postings/{site}?mode=json&skip&limit → an array per page. */
export const leverPostings = () => [
  {
    id: 'a1b2c3d4-0001',
    text: 'Senior Backend Engineer',
    categories: {
      commitment: 'Full-time',
      department: 'R&D',
      location: 'San Francisco, CA',
      team: 'Backend',
    },
    country: 'US',
    createdAt: Date.parse('2026-10-20T09:00:00Z'),
    description:
      '<div>We build the payments platform that thousands of shops rely on every day.</div>',
    descriptionPlain: 'We build the payments platform…',
    lists: [
      {
        text: "What you'll do",
        content: '<li>Design and ship backend services</li><li>Review code</li>',
      },
      { text: 'Requirements', content: '<li>Three years of backend work</li>' },
    ],
    additional: '<div>We offer a learning budget.</div>',
    hostedUrl: 'https://jobs.lever.co/acme/a1b2c3d4-0001',
    applyUrl: 'https://jobs.lever.co/acme/a1b2c3d4-0001/apply',
    workplaceType: 'hybrid',
    salaryRange: { currency: 'USD', interval: 'per-year-salary', min: 150000, max: 190000 },
  },
  {
    id: 'a1b2c3d4-0002',
    text: 'Account Executive',
    categories: {
      commitment: 'Full-time',
      department: 'Sales',
      location: 'Remote - Germany',
      team: 'Sales',
    },
    country: 'DE',
    createdAt: Date.parse('2026-10-21T09:00:00Z'),
    description: `<p>${'Sell our product to shops across Germany, with a team that has your back. '.repeat(2)}</p>`,
    lists: [],
    hostedUrl: 'https://jobs.lever.co/acme/a1b2c3d4-0002',
    applyUrl: 'https://jobs.lever.co/acme/a1b2c3d4-0002/apply',
    workplaceType: 'remote',
  },
  {
    id: 'a1b2c3d4-0003',
    text: '',
    categories: { commitment: 'Part-time', department: 'Engineering', location: 'Toronto, ON' },
    country: 'CA',
    createdAt: Date.parse('2026-10-22T09:00:00Z'),
    description:
      '<p>A posting whose title the company forgot to fill in, with a long enough text.</p>',
    lists: [],
    hostedUrl: 'https://jobs.lever.co/acme/a1b2c3d4-0003',
    applyUrl: 'https://jobs.lever.co/acme/a1b2c3d4-0003/apply',
    workplaceType: 'on-site',
  },
];

/** Ashby: GET /posting-api/job-board/{name}?includeCompensation=true → { apiVersion, jobs }. */
export const ashbyJobs = () => [
  {
    id: '5f1c1a8e-0001',
    title: 'Data Scientist',
    department: 'Data',
    team: 'Analytics',
    employmentType: 'FullTime',
    location: 'Bengaluru',
    secondaryLocations: [],
    address: {
      postalAddress: {
        addressLocality: 'Bengaluru',
        addressRegion: 'Karnataka',
        addressCountry: 'India',
      },
    },
    isRemote: false,
    workplaceType: 'OnSite',
    isListed: true,
    publishedAt: '2026-10-20T09:00:00.000+00:00',
    jobUrl: 'https://jobs.ashbyhq.com/acme/5f1c1a8e-0001',
    applyUrl: 'https://jobs.ashbyhq.com/acme/5f1c1a8e-0001/application',
    descriptionHtml: ENGINEERING_HTML,
    descriptionPlain: 'We build…',
    shouldDisplayCompensationOnJobPostings: true,
    compensation: {
      compensationTierSummary: '₹2.4M – ₹3.6M',
      summaryComponents: [
        {
          compensationType: 'Salary',
          interval: '1 YEAR',
          currencyCode: 'INR',
          minValue: 2400000,
          maxValue: 3600000,
        },
      ],
    },
  },
  {
    id: '5f1c1a8e-0002',
    title: 'Product Designer',
    department: 'Design',
    employmentType: 'Contract',
    location: 'Mumbai, India',
    secondaryLocations: [],
    isRemote: false,
    isListed: true,
    publishedAt: '2026-10-21T09:00:00.000+00:00',
    jobUrl: 'https://jobs.ashbyhq.com/acme/5f1c1a8e-0002',
    applyUrl: 'https://jobs.ashbyhq.com/acme/5f1c1a8e-0002/application',
    descriptionHtml: SUPPORT_HTML,
    compensation: { summaryComponents: [] },
  },
  {
    id: '5f1c1a8e-0003',
    title: 'Office Manager',
    department: 'Operations',
    employmentType: 'FullTime',
    location: 'Gotham City',
    isListed: true,
    publishedAt: '2026-10-22T09:00:00.000+00:00',
    jobUrl: 'https://jobs.ashbyhq.com/acme/5f1c1a8e-0003',
    applyUrl: 'https://jobs.ashbyhq.com/acme/5f1c1a8e-0003/application',
    descriptionHtml: SUPPORT_HTML,
  },
];

/** Recruitee: GET https://{company}.recruitee.com/api/offers/ → { offers }. */
export const recruiteeOffers = () => [
  {
    id: 701,
    slug: 'backend-engineer',
    title: 'Backend Engineer',
    description: ENGINEERING_HTML,
    requirements: '<ul><li>Go or TypeScript</li></ul>',
    location: 'Hamburg, Germany',
    city: 'Hamburg',
    state_name: 'Hamburg',
    country: 'Germany',
    country_code: 'DE',
    department: 'Engineering',
    employment_type_code: 'fulltime',
    experience_code: 'experienced',
    remote: false,
    careers_url: 'https://acme.recruitee.com/o/backend-engineer',
    careers_apply_url: 'https://acme.recruitee.com/o/backend-engineer/c/new',
    published_at: '2026-10-20 09:00:00 UTC',
    salary: { min: 5000, max: 6500, period: 'month', currency: 'EUR' },
  },
  {
    id: 702,
    slug: 'marketing-manager',
    title: 'Marketing Manager',
    description: SUPPORT_HTML,
    location: 'Munich, Germany',
    city: null,
    country_code: 'DE',
    department: 'Marketing',
    employment_type_code: 'parttime',
    remote: false,
    careers_url: 'https://acme.recruitee.com/o/marketing-manager',
    careers_apply_url: 'https://acme.recruitee.com/o/marketing-manager/c/new',
    published_at: '2026-10-21 09:00:00 UTC',
    salary: { min: null, max: null, period: null, currency: null },
  },
  {
    id: 703,
    slug: 'warehouse-lead',
    title: 'QA Engineer',
    description: SUPPORT_HTML,
    location: 'Springfield',
    city: 'Springfield',
    country_code: null,
    department: 'Quality',
    employment_type_code: 'fulltime',
    careers_url: 'https://acme.recruitee.com/o/warehouse-lead',
    published_at: '2026-10-22 09:00:00 UTC',
  },
];

/** SmartRecruiters: list items of GET /v1/companies/{id}/postings (details are served apart). */
export const smartRecruitersPostings = () => [
  {
    id: '743999000000001',
    name: 'DevOps Engineer',
    uuid: 'u-1',
    refNumber: 'REF1',
    company: { identifier: 'Acme1', name: 'Acme' },
    releasedDate: '2026-10-20T09:00:00.000Z',
    location: {
      city: 'Toronto',
      region: 'ON',
      country: 'ca',
      remote: false,
      fullLocation: 'Toronto, ON, Canada',
    },
    industry: { id: 'it', label: 'Information Technology' },
    department: { id: 'd1', label: 'Infrastructure' },
    function: { id: 'engineering', label: 'Engineering' },
    typeOfEmployment: { id: 'permanent', label: 'Full-time' },
    experienceLevel: { id: 'mid_senior_level', label: 'Mid-Senior Level' },
    ref: 'https://api.smartrecruiters.com/v1/companies/Acme1/postings/743999000000001',
  },
  {
    id: '743999000000002',
    name: 'HR Business Partner',
    releasedDate: '2026-10-21T09:00:00.000Z',
    location: { city: 'Vancouver', region: 'BC', country: 'ca', remote: false },
    function: { id: 'hr', label: 'Human Resources' },
    typeOfEmployment: { id: 'permanent', label: 'Full-time' },
    experienceLevel: { id: 'entry_level', label: 'Entry Level' },
  },
  {
    id: '743999000000003',
    name: 'Finance Analyst',
    releasedDate: '2026-10-22T09:00:00.000Z',
    location: { city: 'Halifax', region: 'NS', country: 'ca', remote: false },
    function: { id: 'finance', label: 'Finance' },
    typeOfEmployment: { id: 'permanent', label: 'Full-time' },
    experienceLevel: { id: 'not_applicable', label: 'Not Applicable' },
  },
];

export function smartRecruitersDetails(id: string) {
  return {
    id,
    applyUrl: `https://jobs.smartrecruiters.com/Acme1/${id}?oga=true`,
    postingUrl: `https://jobs.smartrecruiters.com/Acme1/${id}`,
    jobAd: {
      sections: {
        companyDescription: { title: 'Company Description', text: '<p>Acme makes shops work.</p>' },
        jobDescription: { title: 'Job Description', text: ENGINEERING_HTML },
        qualifications: {
          title: 'Qualifications',
          text: '<ul><li>Kubernetes</li><li>Terraform</li></ul>',
        },
        additionalInformation: {
          title: 'Additional Information',
          text: '<p>We offer remote Fridays.</p>',
        },
      },
    },
  };
}

/** Workable: GET /api/v1/widget/accounts/{subdomain}?details=true → { name, description, jobs }. */
export const workableJobs = () => [
  {
    title: 'Mobile Developer',
    shortcode: 'AB12CD34',
    code: '',
    employment_type: 'Full-time',
    telecommuting: false,
    department: 'Mobile',
    url: 'https://apply.workable.com/j/AB12CD34',
    shortlink: 'https://apply.workable.com/j/AB12CD34',
    application_url: 'https://apply.workable.com/j/AB12CD34/apply',
    published_on: '2026-10-20',
    created_at: '2026-10-19',
    country: 'Singapore',
    city: 'Singapore',
    state: '',
    experience: 'Mid-Senior level',
    locations: [
      { country: 'Singapore', countryCode: 'SG', city: 'Singapore', region: '', hidden: false },
    ],
    description: ENGINEERING_HTML,
  },
  {
    title: 'Sales Development Representative',
    shortcode: 'AB12CD35',
    employment_type: 'Full-time',
    telecommuting: true,
    department: 'Sales',
    url: 'https://apply.workable.com/j/AB12CD35',
    application_url: 'https://apply.workable.com/j/AB12CD35/apply',
    published_on: '2026-10-21',
    country: 'United Arab Emirates',
    city: '',
    state: '',
    experience: 'Entry level',
    locations: [{ country: 'United Arab Emirates', countryCode: 'AE', city: '', region: '' }],
    description: SUPPORT_HTML,
  },
  {
    title: 'Civil Engineer',
    shortcode: 'AB12CD36',
    employment_type: 'Contract',
    telecommuting: false,
    department: 'Construction',
    url: 'https://apply.workable.com/j/AB12CD36',
    application_url: 'https://apply.workable.com/j/AB12CD36/apply',
    published_on: '2026-10-22',
    country: 'United Arab Emirates',
    city: 'Sharjah',
    experience: 'Associate',
    locations: [],
    description: '<p>Too short.</p>',
  },
];

export interface PersonioPosition {
  id: string;
  name: string | null;
  office: string;
  department: string;
  employmentType: string;
  seniority: string;
  schedule: string;
  createdAt: string;
  descriptions: { name: string; value: string }[];
}

/** Personio: GET https://{company}.jobs.personio.de/xml → <workzag-jobs><position>…. */
export const personioPositions = (): PersonioPosition[] => [
  {
    id: '1001',
    name: 'Software Engineer (m/f/d)',
    office: 'Munich',
    department: 'Engineering',
    employmentType: 'permanent',
    seniority: 'experienced',
    schedule: 'full-time',
    createdAt: '2026-10-20T09:00:00+00:00',
    descriptions: [
      {
        name: 'Your tasks',
        value: '<ul><li>Build our HR product</li><li>Pair with colleagues</li></ul>',
      },
      { name: 'Your profile', value: '<ul><li>Two years of TypeScript</li></ul>' },
      {
        name: 'About us',
        value: '<p>We are a friendly company in the middle of Munich, growing fast.</p>',
      },
    ],
  },
  {
    id: '1002',
    name: 'Werkstudent Marketing',
    office: 'Köln',
    department: 'Marketing',
    employmentType: 'intern',
    seniority: 'student',
    schedule: 'part-time',
    createdAt: '2026-10-21T09:00:00+00:00',
    descriptions: [
      {
        name: 'About the job',
        value: '<p>Help our marketing team with campaigns and content every week.</p>',
      },
    ],
  },
  {
    id: '1003',
    name: null,
    office: 'Berlin',
    department: 'Engineering',
    employmentType: 'permanent',
    seniority: 'entry-level',
    schedule: 'full-time',
    createdAt: '2026-10-22T09:00:00+00:00',
    descriptions: [
      {
        name: 'About the job',
        value: '<p>A position published without its name, which happens.</p>',
      },
    ],
  },
];

export function personioXml(positions: PersonioPosition[]): string {
  const tag = (name: string, value: string | null) =>
    value === null ? '' : `<${name}>${value}</${name}>`;
  const body = positions
    .map(
      (
        p,
      ) => `<position>${tag('id', p.id)}<subcompany>Acme GmbH</subcompany>${tag('office', p.office)}
${tag('department', p.department)}<recruitingCategory>Tech</recruitingCategory>${tag('name', p.name)}
<jobDescriptions>${p.descriptions
        .map(
          (d) =>
            `<jobDescription><name>${d.name}</name><value><![CDATA[${d.value}]]></value></jobDescription>`,
        )
        .join('')}</jobDescriptions>
${tag('employmentType', p.employmentType)}${tag('seniority', p.seniority)}${tag('schedule', p.schedule)}
<yearsOfExperience>2-5</yearsOfExperience><keywords>typescript</keywords><occupation>software_development</occupation>
<occupationCategory>it_software</occupationCategory>${tag('createdAt', p.createdAt)}</position>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<workzag-jobs>\n${body}\n</workzag-jobs>\n`;
}
