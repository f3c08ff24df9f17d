import { describe, expect, it } from 'vitest';
import { sampleJob } from './job-fixture.ts';
import { jobPostingProblems } from './job-posting-rules.ts';
import { buildJobPosting, descriptionHtml, employmentType, salaryUnit } from './job-posting.ts';

const origin = 'https://openings.example';

describe('buildJobPosting', () => {
  it('carries everything Google requires and recommends that the job has', () => {
    const posting = buildJobPosting(sampleJob(), origin);
    expect(jobPostingProblems(posting)).toEqual([]);
    expect(posting).toMatchObject({
      '@type': 'JobPosting',
      title: 'Senior Backend Engineer',
      datePosted: '2026-03-02T09:30:00.000Z',
      validThrough: '2026-05-31T23:59:59.000Z',
      employmentType: 'FULL_TIME',
      directApply: false,
      url: 'https://openings.example/job-description/senior-backend-engineer-acme-42',
      hiringOrganization: {
        name: 'Acme Systems',
        sameAs: 'https://acme.example/',
        logo: 'https://openings.example/logos/7.png',
      },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Bengaluru',
          addressRegion: 'KA',
          addressCountry: 'IND',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'INR',
        value: {
          '@type': 'QuantitativeValue',
          minValue: 1_200_000,
          maxValue: 1_800_000,
          unitText: 'YEAR',
        },
      },
      identifier: { '@type': 'PropertyValue', name: 'Acme Systems', value: '42' },
    });
  });

  it('leaves out what the job does not have', () => {
    const posting = buildJobPosting(
      sampleJob({
        salaryProvided: 'false',
        bestInIndustry: 'Best in industry',
        validThrough: null,
        company: { ...sampleJob().company, companyWebsite: 'javascript:alert(1)' },
      }),
      origin,
    );
    expect(jobPostingProblems(posting)).toEqual([]);
    expect(posting).not.toHaveProperty('baseSalary');
    expect(posting).not.toHaveProperty('validThrough');
    expect(posting.hiringOrganization).not.toHaveProperty('sameAs');
  });

  it('marks a remote job as telecommuting from its country', () => {
    const posting = buildJobPosting(sampleJob({ jobType: { name: 'Remote' } }), origin);
    expect(jobPostingProblems(posting)).toEqual([]);
    expect(posting).toMatchObject({
      employmentType: 'OTHER',
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'IND' },
    });
    expect(buildJobPosting(sampleJob(), origin)).not.toHaveProperty('jobLocationType');
  });

  it('marks a job whose work mode is remote as telecommuting, not a hybrid one', () => {
    const posting = buildJobPosting(sampleJob({ workMode: 'remote' }), origin);
    expect(jobPostingProblems(posting)).toEqual([]);
    expect(posting).toMatchObject({
      employmentType: 'FULL_TIME',
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'IND' },
    });
    const hybrid = buildJobPosting(sampleJob({ workMode: 'hybrid' }), origin);
    expect(hybrid).not.toHaveProperty('jobLocationType');
  });

  it('gives a single value when the salary has one amount', () => {
    const posting = buildJobPosting(
      sampleJob({ salaryTo: null, salaryType: { sortName: 'month' } }),
      origin,
    );
    expect(posting.baseSalary).toMatchObject({ value: { value: 1_200_000, unitText: 'MONTH' } });
  });
});

describe('descriptionHtml', () => {
  it('escapes company text and keeps paragraphs and lists', () => {
    const html = descriptionHtml(
      sampleJob({
        description: 'First <b>para</b>\n\nSecond & last',
        skills: [{ skill: '<script>x</script>' }],
      }),
    );
    expect(html).toContain('<p>First &lt;b&gt;para&lt;/b&gt;</p><p>Second &amp; last</p>');
    expect(html).toContain(
      '<h3>Required Skills</h3><ol><li>&lt;script&gt;x&lt;/script&gt;</li></ol>',
    );
    expect(html).not.toContain('<script>');
  });

  it('leaves out empty lists', () => {
    expect(descriptionHtml(sampleJob({ searchTags: [] }))).not.toContain('Search Tags');
  });
});

describe('mappings to Google values', () => {
  it.each([
    ['Full Time', 'FULL_TIME'],
    ['Full-time', 'FULL_TIME'],
    ['Part-time', 'PART_TIME'],
    ['Contract', 'CONTRACTOR'],
    ['Freelance', 'CONTRACTOR'],
    ['Internship', 'INTERN'],
    ['Temporary', 'TEMPORARY'],
    ['Something else', 'OTHER'],
  ])('employmentType(%s) = %s', (name, expected) => {
    expect(employmentType(name)).toBe(expected);
  });

  it.each([
    ['hour', 'HOUR'],
    ['month', 'MONTH'],
    ['year', 'YEAR'],
    ['LPA', 'YEAR'],
    ['week', 'WEEK'],
    ['gig', undefined],
  ])('salaryUnit(%s) = %s', (name, expected) => {
    expect(salaryUnit(name)).toBe(expected);
  });
});

describe('jobPostingProblems', () => {
  it('names what is wrong', () => {
    const posting = {
      ...buildJobPosting(sampleJob(), origin),
      title: '',
      employmentType: 'FULLTIME',
      datePosted: 'yesterday',
    };
    expect(jobPostingProblems(posting)).toEqual([
      'title is required',
      'datePosted must be an ISO 8601 date',
      'employmentType must be one of Google’s values',
    ]);
  });
});
