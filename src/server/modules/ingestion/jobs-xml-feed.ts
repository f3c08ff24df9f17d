// /feeds/jobs.xml: every live job in the Indeed-style XML that job aggregators read
// (<source><job><title>, <date>, <referencenumber>, <url>, <company>, <city>, <state>, <country>,
// <description>, <salary>, <jobtype>, …). Streamed in keyset-paged batches (by id), so a large
// board never sits in memory and each query stays cheap. <description> is HTML, as aggregators
// read it (the job's text escaped, in paragraphs). Beside Indeed's fields it writes the text as
// typed (<descriptiontext>), the job's lists and structured salary, so `npm run jobs:import` reads
// back exactly what it wrote.
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { APP_NAME, EXPERIENCE_OPTIONS } from '../../../shared/constants.ts';
import { JOB_LIST_FIELDS } from '../../../shared/contract/employer-jobs.ts';
import { paragraphsHtml } from '../../../shared/text.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { CARD_JOINS } from '../jobs/data/job-summary.ts';

export const JOBS_XML_PATH = '/feeds/jobs.xml';
export const JOBS_XML_CACHE = 'public, max-age=900, stale-while-revalidate=900';
const BATCH = 500;

/** Characters XML 1.0 does not allow at all, even escaped. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text as a CDATA section (Indeed's convention); a "]]>" inside is split across two sections. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

const element = (name: string, value: string | number | null | undefined) =>
  value === null || value === undefined || value === ''
    ? ''
    : `<${name}>${cdata(String(value))}</${name}>`;

interface FeedRow {
  id: number;
  title: string;
  page_url: string;
  posted_at: Date | string;
  valid_through: Date | string | null;
  apply_link: string | null;
  description: string;
  company_name: string;
  city: string;
  state: string;
  country: string;
  iso3: string;
  role: string;
  job_type: string;
  experience_level_id: number;
  salary_provided: string | null;
  salary_from: number | null;
  salary_to: number | null;
  best_in_industry: string | null;
  salary_type: string | null;
  salary_unit: string | null;
  currency: string | null;
  no_of_opening: number | null;
  work_mode: string | null;
  lists: Record<string, string[]>;
}

const REMOTE: Record<string, string> = { remote: 'Fully remote', hybrid: 'Hybrid remote' };

function jobXml(r: FeedRow, publicUrl: string): string {
  const level = EXPERIENCE_OPTIONS.find((o) => o.value === r.experience_level_id)?.label;
  const range = r.salary_provided === 'true' && r.salary_from !== null && r.salary_to !== null;
  const salary = range
    ? `${r.salary_from} - ${r.salary_to}${r.currency ? ` ${r.currency}` : ''}${r.salary_unit ? ` per ${r.salary_unit}` : ''}`
    : r.best_in_industry;
  const lists = JOB_LIST_FIELDS.map((field) => {
    const items = r.lists[field] ?? [];
    if (items.length === 0) return '';
    const tag = field.toLowerCase();
    return `<${tag}>${items.map((i) => `<item>${cdata(i)}</item>`).join('')}</${tag}>`;
  }).join('');
  return [
    '<job>',
    element('title', r.title),
    element('date', new Date(r.posted_at).toUTCString()),
    element('referencenumber', r.id),
    element('url', `${publicUrl}/job-description/${r.page_url}`),
    element('applyurl', r.apply_link),
    element('company', r.company_name),
    element('city', r.city),
    element('state', r.state),
    element('country', r.iso3 || r.country),
    element('description', paragraphsHtml(r.description).join('')),
    element('descriptiontext', r.description),
    element('salary', salary),
    range ? element('salaryfrom', r.salary_from) + element('salaryto', r.salary_to) : '',
    range ? element('salarytype', r.salary_type) : '',
    !range && r.best_in_industry ? element('bestinindustry', r.best_in_industry) : '',
    element('jobtype', r.job_type),
    element('category', r.role),
    element('experience', level),
    element('openings', r.no_of_opening),
    element('remotetype', r.work_mode ? REMOTE[r.work_mode] : undefined),
    element(
      'expirationdate',
      r.valid_through ? new Date(r.valid_through).toISOString().slice(0, 10) : null,
    ),
    lists,
    '</job>\n',
  ].join('');
}

/** The whole feed, batch by batch, for a live job's public page at publicUrl. */
export async function* jobsXml(db: Db, publicUrl: string, batch = BATCH): AsyncGenerator<string> {
  const base = publicUrl.replace(/\/+$/, '');
  yield `<?xml version="1.0" encoding="utf-8"?>\n<source>\n${element('publisher', APP_NAME)}${element('publisherurl', base)}${element('lastBuildDate', new Date().toUTCString())}\n`;
  let after = 0;
  for (;;) {
    const rows = await queryRows<FeedRow>(
      db,
      sql`select j.id, j.title, j.page_url, j.posted_at, j.valid_through, j.apply_link, j.description,
            co.company_name, ci.name as city, s.name as state, cn.name as country, cn.iso3,
            r.name as role, jt.name as job_type, j.experience_level_id, j.salary_provided,
            j.salary_from, j.salary_to, j.best_in_industry, st.name as salary_type,
            st.sort_name as salary_unit, cn.currency, j.no_of_opening, j.work_mode,
            jsonb_build_object('responsibilities', j.responsibilities,
              'minimumRequirements', j.minimum_requirements,
              'preferredQualification', j.preferred_qualification, 'skills', j.skills,
              'rolesAndResponsibilities', j.roles_and_responsibilities,
              'whoCanApply', j.who_can_apply, 'perksAndBenefits', j.perks_and_benefits,
              'searchTags', j.search_tags) as lists
          from jobs j ${sql.raw(CARD_JOINS)}
          where j.status = 'live' and j.is_active
            and (j.valid_through is null or j.valid_through > now()) and j.id > ${after}
          order by j.id limit ${batch}`,
    );
    if (rows.length === 0) break;
    yield rows
      .map((r) =>
        jobXml({ ...r, lists: typeof r.lists === 'string' ? JSON.parse(r.lists) : r.lists }, base),
      )
      .join('');
    after = rows.at(-1)!.id;
    if (rows.length < batch) break;
  }
  yield '</source>\n';
}

export const jobsXmlRoutes: FastifyPluginAsync<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  app.get(JOBS_XML_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', JOBS_XML_CACHE)
      .send(Readable.from(jobsXml(db, publicUrl))),
  );
};
