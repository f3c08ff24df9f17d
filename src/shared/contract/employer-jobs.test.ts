// The job and company forms' contract on its own (the web form, the posting API and jobs:import
// all check with it): text a reader cannot see, salaries, look-alike company names, over-long
// text, and what the messages of a wrong address say.
import { describe, expect, it } from 'vitest';
import {
  applyLinkProblem,
  companyFormSchema,
  type FieldErrors,
  fieldErrors,
  jobFormCheck,
  toDraftValues,
} from './employer-jobs.ts';

const NOW = new Date('2026-11-26T09:00:00Z');

/** A valid form (ids need no database here), with `overrides`. */
const form = (overrides: Record<string, unknown> = {}) => ({
  title: 'Backend Engineer',
  roleId: '1',
  cityId: '2',
  jobTypeId: '3',
  experienceLevel: '2',
  salaryMode: 'range',
  salaryFrom: '60000',
  salaryTo: '90000',
  salaryTypeId: '1',
  noOfOpening: '3',
  applyLink: 'https://careers.acme.example/backend',
  description: 'Build the services behind our job board, with a small and friendly team.',
  skills: ['TypeScript', 'SQL'],
  ...overrides,
});

/** The form as the service checks it: through a draft's values, as the web form and API send it. */
const errorsOf = (overrides: Record<string, unknown>): FieldErrors => {
  const checked = jobFormCheck(toDraftValues(form(overrides)), NOW);
  return checked.ok ? {} : checked.errors;
};

const company = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Acme Labs',
  companyWebsite: 'https://acme.example',
  companyLocation: 'Berlin',
  companyOverview: 'Acme Labs makes things people use every day.',
  ...overrides,
});
const companyErrors = (overrides: Record<string, unknown>): FieldErrors => {
  const parsed = companyFormSchema.safeParse(company(overrides));
  return parsed.success ? {} : fieldErrors(parsed.error);
};

const ZW = '\u200b\u200c\u200d\u2060';

describe('job form contract', () => {
  it('counts only visible characters: invisible text is no title or description', () => {
    expect(errorsOf({ title: '\u200b'.repeat(5), description: ZW.repeat(10) })).toMatchObject({
      title: 'Title is required',
      description: 'Description is required',
    });
    expect(
      errorsOf({ title: `ab${'\u200b'.repeat(3)}`, description: `${'x'.repeat(29)}${ZW}` }),
    ).toMatchObject({
      title: 'Title needs at least 3 characters',
      description: 'Description needs at least 30 characters',
    });
    // A list item nobody can see is no item.
    const checked = jobFormCheck(toDraftValues(form({ skills: ['\u200b\u2060', ' SQL '] })), NOW);
    expect(checked.ok && checked.form.skills).toEqual(['SQL']);
  });

  it('trims invisible characters from the ends on save, and keeps joiners inside', () => {
    const checked = jobFormCheck(
      toDraftValues(form({ title: '\u200b\ufeff क्\u200dष Engineer 👩\u200d💻\u200b ' })),
      NOW,
    );
    expect(checked.ok && checked.form.title).toBe('क्\u200dष Engineer 👩\u200d💻');
  });

  it('refuses a salary range up to 0, and takes one from 0', () => {
    expect(errorsOf({ salaryFrom: '0', salaryTo: '0' })).toEqual({
      salaryTo: 'Salary to must be more than 0',
    });
    expect(errorsOf({ salaryFrom: '0', salaryTo: '50000' })).toEqual({});
    // Not a range: the numbers are not read.
    expect(errorsOf({ salaryMode: 'none', salaryFrom: '0', salaryTo: '0' })).toEqual({});
  });

  it('names the limit and the length of an over-long text, which the draft keeps', () => {
    const description = `${'d'.repeat(10_000)}E`;
    const values = toDraftValues(form({ description, skills: [`${'s'.repeat(399)}E`] }));
    expect(values.description).toBe(description);
    expect(jobFormCheck(values, NOW)).toMatchObject({
      ok: false,
      errors: {
        description: 'Description must be at most 10,000 characters (it has 10,001)',
        skills: 'Skills: each item must be at most 300 characters (one has 400)',
      },
    });
    expect(errorsOf({ title: 'x'.repeat(121) })).toEqual({
      title: 'Title must be at most 120 characters (it has 121)',
    });
    expect(companyErrors({ companyOverview: 'o'.repeat(3001) })).toEqual({
      companyOverview: 'Overview must be at most 3,000 characters (it has 3,001)',
    });
  });

  it('says what is wrong with a mailto: apply link', () => {
    expect(applyLinkProblem('mailto:not an email')).toBe(
      'Apply link: the e-mail address after mailto: is not valid (mailto:jobs@example.com)',
    );
    expect(applyLinkProblem('mailto:jobs@acme.example')).toBeNull();
    expect(applyLinkProblem('https://user:pw@acme.example/jobs')).toBe(
      'Apply link must not contain a user name or password (https://user:password@…)',
    );
    expect(applyLinkProblem('ftp://acme.example')).toBe(
      'Apply link must be an http:// or https:// address, or a mailto: address',
    );
  });
});

describe('company form contract', () => {
  it('counts visible characters in the name, overview and location', () => {
    expect(
      companyErrors({
        companyName: '\u200b\u200b\u200b',
        companyLocation: '\u2060\u3164',
        companyOverview: ZW.repeat(8),
      }),
    ).toEqual({
      companyName: 'Company name is required',
      companyLocation: 'Location is required',
      companyOverview: 'Overview is required',
    });
    expect(companyErrors({ companyName: 'A\u200b' })).toEqual({
      companyName: 'Company name needs at least 2 characters',
    });
  });

  it('stores a name without the format characters a look-alike could hide', () => {
    const parsed = companyFormSchema.parse(
      company({ companyName: '\u200bPaysetu\u200b Technologies\u2060\u200b' }),
    );
    expect(parsed.companyName).toBe('Paysetu Technologies');
  });

  it('says a website must not carry a user name or password', () => {
    expect(companyErrors({ companyWebsite: 'https://user:pw@qa.test' })).toEqual({
      companyWebsite: 'Website must not contain a user name or password (https://user:password@…)',
    });
    expect(companyErrors({ companyWebsite: 'javascript:alert(1)' })).toEqual({
      companyWebsite: 'Website must be an http:// or https:// address',
    });
  });
});
