// Google's structured-data rules for JobPosting, as checks that return what is wrong (an offline
// stand-in for the Rich Results validator, used by the unit test and the browser test).

type Json = Record<string, unknown>;

const EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
];
const UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;
const isDate = (v: unknown) => nonEmpty(v) && ISO_DATE.test(v) && !Number.isNaN(Date.parse(v));
const isAbsoluteHttp = (v: unknown) => nonEmpty(v) && /^https?:\/\/[^/\s]+/.test(v);

function checkOrganization(org: unknown, problems: string[]) {
  if (!isObject(org) || org['@type'] !== 'Organization') {
    problems.push('hiringOrganization must be an Organization');
    return;
  }
  if (!nonEmpty(org.name)) problems.push('hiringOrganization.name is required');
  if (org.sameAs !== undefined && !isAbsoluteHttp(org.sameAs))
    problems.push('hiringOrganization.sameAs must be an absolute http(s) URL');
  if (!isAbsoluteHttp(org.logo)) problems.push('hiringOrganization.logo must be an absolute URL');
}

function checkLocation(place: unknown, problems: string[]) {
  const address = isObject(place) && place['@type'] === 'Place' ? place.address : undefined;
  if (!isObject(address) || address['@type'] !== 'PostalAddress') {
    problems.push('jobLocation must be a Place with a PostalAddress');
    return;
  }
  for (const key of ['addressLocality', 'addressRegion', 'addressCountry'])
    if (!nonEmpty(address[key])) problems.push(`jobLocation.address.${key} is required`);
  if (nonEmpty(address.addressCountry) && !/^[A-Z]{2,3}$/.test(address.addressCountry))
    problems.push('jobLocation.address.addressCountry must be an ISO 3166 code');
}

function checkSalary(salary: unknown, problems: string[]) {
  if (!isObject(salary) || salary['@type'] !== 'MonetaryAmount') {
    problems.push('baseSalary must be a MonetaryAmount');
    return;
  }
  if (!nonEmpty(salary.currency) || !/^[A-Z]{3}$/.test(salary.currency))
    problems.push('baseSalary.currency must be an ISO 4217 code');
  const value = salary.value;
  if (!isObject(value) || value['@type'] !== 'QuantitativeValue') {
    problems.push('baseSalary.value must be a QuantitativeValue');
    return;
  }
  const single = typeof value.value === 'number';
  const range = typeof value.minValue === 'number' && typeof value.maxValue === 'number';
  if (!single && !range) problems.push('baseSalary.value needs value or minValue and maxValue');
  if (range && (value.minValue as number) > (value.maxValue as number))
    problems.push('baseSalary.value.minValue must not exceed maxValue');
  if (!UNITS.includes(value.unitText as string))
    problems.push(`baseSalary.value.unitText must be one of ${UNITS.join(', ')}`);
}

/** Every rule the posting breaks; empty when Google would accept it as a job posting. */
export function jobPostingProblems(posting: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(posting)) return ['not an object'];
  if (posting['@context'] !== 'https://schema.org') problems.push('@context must be schema.org');
  if (posting['@type'] !== 'JobPosting') problems.push('@type must be JobPosting');
  if (!nonEmpty(posting.title)) problems.push('title is required');
  if (!nonEmpty(posting.description)) problems.push('description is required');
  if (!isDate(posting.datePosted)) problems.push('datePosted must be an ISO 8601 date');
  if (posting.validThrough !== undefined) {
    if (!isDate(posting.validThrough)) problems.push('validThrough must be an ISO 8601 date');
    else if (Date.parse(posting.validThrough as string) < Date.parse(posting.datePosted as string))
      problems.push('validThrough must not be before datePosted');
  }
  if (!EMPLOYMENT_TYPES.includes(posting.employmentType as string))
    problems.push('employmentType must be one of Google’s values');
  checkOrganization(posting.hiringOrganization, problems);
  checkLocation(posting.jobLocation, problems);
  if (posting.baseSalary !== undefined) checkSalary(posting.baseSalary, problems);
  const id = posting.identifier;
  if (!isObject(id) || id['@type'] !== 'PropertyValue' || !nonEmpty(id.name) || id.value == null)
    problems.push('identifier must be a PropertyValue with name and value');
  if (typeof posting.directApply !== 'boolean') problems.push('directApply must be a boolean');
  return problems;
}
