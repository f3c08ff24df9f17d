// Test data for the employer side: accounts inserted directly (as better-auth would store them),
// a valid job form, and the services over one test database.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { authUsers } from '../../db/schema.ts';
import type { Reference } from '../../test-support/fixtures.ts';
import { createCompaniesService, type MailSender } from './companies.service.ts';
import { createEmployerJobsService } from './employer-jobs.service.ts';

export interface TestAccount {
  id: string;
  email: string;
  emailVerified: boolean;
}

export async function insertAccount(
  db: Db,
  email: string,
  emailVerified = true,
): Promise<TestAccount> {
  const id = `u_${randomBytes(8).toString('hex')}`;
  await db.insert(authUsers).values({ id, name: email.split('@')[0]!, email, emailVerified });
  return { id, email, emailVerified };
}

/** Every field of spec §3 filled in validly, as a form sends it (strings and lists of strings). */
export function validForm(ref: Reference, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Backend Engineer',
    roleId: String(ref.roles.sde),
    cityId: String(ref.cities.bengaluru),
    jobTypeId: String(ref.jobTypes.fullTime),
    experienceLevel: '2',
    salaryMode: 'range',
    salaryFrom: '60000',
    salaryTo: '90000',
    salaryTypeId: String(ref.salaryTypes.monthly),
    bestInIndustry: '',
    noOfOpening: '3',
    openingsDate: '',
    closingDate: '',
    applyLink: 'https://careers.acme.example/backend',
    description: 'Build the services behind our job board, with a small and friendly team.',
    workMode: 'hybrid',
    responsibilities: ['Write code', 'Review code'],
    minimumRequirements: ['Two years of backend work'],
    preferredQualification: ['PostgreSQL'],
    skills: ['TypeScript', 'SQL'],
    rolesAndResponsibilities: ['Own a service'],
    whoCanApply: ['Anyone in India'],
    perksAndBenefits: ['Health cover'],
    searchTags: ['backend'],
    ...overrides,
  };
}

export const companyForm = (name: string, website: string) => ({
  companyName: name,
  companyWebsite: website,
  companyLocation: 'Bengaluru, India',
  companyOverview: `${name} makes things people use every day.`,
});

export function employerServices(db: Db, mailer?: MailSender, now?: () => Date) {
  return {
    companies: createCompaniesService(db, { mailer, now }),
    jobs: createEmployerJobsService(db, { now }),
  };
}
