// Listing addresses typed, kept or edited by hand, through the whole app
// (production build, real database): what the page makes of a part it cannot use, of the names it
// shows for a role, of a later page, and what the alert form makes of a typed name.
import { describe, expect, it } from 'vitest';
import { insertJobs } from '../../../test/support/fixtures.ts';
import { mainText, page, seekerPagesPerSuite } from '../../../test/support/seeker-pages.ts';

const JOBS = 25;
const suite = seekerPagesPerSuite((db, ref) =>
  insertJobs(
    db,
    ref,
    Array.from({ length: JOBS }, (_, i) => ({ experienceLevelId: i % 2 === 0 ? 2 : 1 })),
  ),
);
const { get } = suite;

describe('a listing link with a part the page cannot use', () => {
  it('lists with the rest and says which part was left out, offering nothing to follow', async () => {
    const res = await get('/jobs?location=99999&experienceLevel=2');
    expect(res.statusCode).toBe(200);
    const doc = page(res.body);
    const notice = doc.querySelector('section [role="status"]')?.textContent;
    expect(notice).toBe(
      'Part of this link could not be used: the location (no such place) — showing jobs without it.',
    );
    // Level 2 kept: 13 of the 25 jobs.
    expect(doc.querySelectorAll('main ul > li > a[href^="/job-description/"]')).toHaveLength(10);
    expect(mainText(res.body)).toContain('Jobs 1–10 of 13');
    expect(doc.querySelector('details[data-follow-menu]')).toBeNull();
    expect(doc.querySelectorAll('head link[rel="alternate"]')).toHaveLength(0);
    // The usable search is a page of its own, cached apart: no notice there.
    const clean = page((await get('/jobs?experienceLevel=2')).body);
    expect(clean.querySelector('section [role="status"]')).toBeNull();
    expect(clean.querySelector('details[data-follow-menu]')).not.toBeNull();
  });

  it('still sends a link it can use whole to its canonical address', async () => {
    const res = await get('/?q=C--&experienceLevel=&page=1');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?q=C--');
  });
});

describe('role text', () => {
  it('takes the label the suggestions show and the short name a job shows', async () => {
    const sde = suite.ref.roles.sde;
    const label = await get('/?roleText=Software+Development+Engineer+%28SDE%29');
    expect(label.headers.location).toBe(`/?role=${sde}`);
    const short = await get('/jobs?roleText=SDE&experienceLevel=2');
    expect(short.headers.location).toBe(`/jobs?role=${sde}&experienceLevel=2`);
  });
});

describe('a later page without JavaScript', () => {
  it('says which of the jobs it holds', async () => {
    const res = await get('/?page=3');
    expect(res.statusCode).toBe(200);
    expect(mainText(res.body)).toContain(`Jobs 21–25 of ${JOBS}`);
    expect(mainText(res.body)).not.toContain('jobs shown');
  });
});

describe('the alert form for a typed name', () => {
  it('refuses, as for an id it cannot read, and leads back to the jobs with the text', async () => {
    const res = await get('/alerts/new?roleText=sofware');
    expect(res.statusCode).toBe(400);
    const doc = page(res.body);
    expect(doc.querySelector('h1')?.textContent).toBe('We cannot follow this search');
    expect(mainText(res.body)).toContain('Role: a name typed, not a role chosen');
    expect(doc.querySelector('main input[name="email"]')).toBeNull();
    expect(doc.querySelector('main a[href^="/jobs"]')?.getAttribute('href')).toBe(
      '/jobs?roleText=sofware',
    );
  });
});
