// Feeds and alert pages through the whole app (production build, real database): the feeds of a
// listing address are well-formed RSS 2.0, Atom and JSON Feed 1.1, list exactly the jobs the
// address's filters match (newest 50), and answer 304 to a matching ETag; the alert pages
// subscribe, confirm and unsubscribe in one POST without cookies (RFC 8058).
import { sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { insertJob, insertJobs } from '../../../../test/support/fixtures.ts';
import {
  SEEKER_ORIGIN as ORIGIN,
  page,
  seekerPagesPerSuite,
} from '../../../../test/support/seeker-pages.ts';
import { ALERT_WITHOUT_WORDS } from '../../../shared/seeker-services.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9));

const suite = seekerPagesPerSuite(async (db, ref) => {
  const { acme, globex, initech } = ref.companies;
  const { sde, dataScientist, productManager } = ref.roles;
  const { bengaluru, pune, munich } = ref.cities;
  await insertJob(db, ref, {
    title: 'Backend engineer',
    companyId: acme,
    roleId: sde,
    cityId: bengaluru,
    postedAt: day(3),
  });
  await insertJob(db, ref, {
    title: 'Platform engineer',
    companyId: globex,
    roleId: sde,
    cityId: pune,
    postedAt: day(2),
  });
  await insertJob(db, ref, {
    title: 'Data scientist',
    companyId: acme,
    roleId: dataScientist,
    cityId: pune,
    postedAt: day(4),
  });
  await insertJob(db, ref, {
    title: 'Closed role',
    companyId: initech,
    roleId: sde,
    cityId: pune,
    postedAt: day(6),
    isActive: false,
    status: 'closed',
  });
  await insertJob(db, ref, {
    title: 'React developer',
    companyId: acme,
    roleId: sde,
    cityId: munich,
    postedAt: day(5),
    skills: ['React'],
  });
  // 55 product jobs at Initech in Munich, PM 1 oldest … PM 55 newest.
  await insertJobs(
    db,
    ref,
    Array.from({ length: 55 }, (_, i) => ({
      title: `PM ${i + 1}`,
      companyId: initech,
      roleId: productManager,
      cityId: munich,
      postedAt: new Date(day(10).getTime() + i * 60_000),
    })),
  );
});
const { mails, get, post } = suite;

const { DOMParser } = new JSDOM('').window;

/** Parses as XML with a real parser; a parse error fails the test. */
function xml(text: string) {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

const text = (el: Element | null | undefined) => el?.textContent ?? null;

async function rssTitles(query: string) {
  const res = await get(`/jobs/feed.rss${query}`);
  expect(res.statusCode).toBe(200);
  const doc = xml(res.body);
  return [...doc.querySelectorAll('channel > item > title')].map((t) => t.textContent);
}

describe('feeds of a listing address', () => {
  it('RSS 2.0: channel and items carry the required elements', async () => {
    const res = await get(`/jobs/feed.rss?location=${suite.ref.cities.pune}`);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const doc = xml(res.body);
    expect(doc.documentElement.localName).toBe('rss');
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    const channel = doc.querySelector('rss > channel')!;
    expect(text(channel.querySelector(':scope > title'))).toBe(
      'Jobs in Pune, Maharashtra, India · Openings',
    );
    expect(text(channel.querySelector(':scope > link'))).toBe(
      `${ORIGIN}/jobs?location=${suite.ref.cities.pune}`,
    );
    expect(text(channel.querySelector(':scope > description'))).toBeTruthy();
    const items = [...channel.querySelectorAll(':scope > item')];
    expect(items.map((i) => text(i.querySelector('title')))).toEqual([
      'Data scientist at Acme Corp',
      'Platform engineer at Globex',
    ]);
    for (const item of items) {
      expect(text(item.querySelector('link'))).toMatch(
        /^https:\/\/openings\.example\/job-description\//,
      );
      expect(text(item.querySelector('guid'))).toBe(text(item.querySelector('link')));
      expect(new Date(text(item.querySelector('pubDate'))!).getTime()).not.toBeNaN();
    }
    expect(new Date(text(items[0]!.querySelector('pubDate'))!).toISOString()).toBe(
      day(4).toISOString(),
    );
    // RSS 2.0's <author> is an e-mail address; a company has none here, so there is none.
    expect(channel.querySelectorAll('item > author')).toHaveLength(0);
  });

  it('Atom: a title with markup in it reads as typed', async () => {
    await insertJob(suite.database.db, suite.ref, {
      title: 'QA <b>lead</b> & tester',
      companyId: suite.ref.companies.globex,
      roleId: suite.ref.roles.dataScientist,
      cityId: suite.ref.cities.munich,
      postedAt: day(1),
    });
    const q = `?company=${suite.ref.companies.globex}&location=${suite.ref.cities.munich}`;
    const doc = xml((await get(`/jobs/feed.atom${q}`)).body);
    const title = doc.querySelector('entry > title')!;
    expect(title.getAttribute('type')).toBe('html');
    // type="html": the reader decodes the text once and renders it, so it must hold entities.
    const rendered = new JSDOM(`<p>${text(title)}</p>`).window.document.querySelector('p')!;
    expect(rendered.textContent).toBe('QA <b>lead</b> & tester at Globex');
    expect(rendered.querySelector('b')).toBeNull();
    const rss = xml((await get(`/jobs/feed.rss${q}`)).body);
    expect(text(rss.querySelector('item > title'))).toBe('QA <b>lead</b> & tester at Globex');
  });

  it('Atom: feed id, title, updated and entries, following role and location together', async () => {
    const res = await get(
      `/jobs/feed.atom?role=${suite.ref.roles.sde}&location=${suite.ref.cities.pune}`,
    );
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const doc = xml(res.body);
    const feed = doc.documentElement;
    expect(feed.localName).toBe('feed');
    expect(feed.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    expect(text(feed.querySelector(':scope > id'))).toBeTruthy();
    expect(text(feed.querySelector(':scope > title'))).toBe(
      'Software Development Engineer jobs in Pune, Maharashtra, India · Openings',
    );
    expect(text(feed.querySelector(':scope > updated'))).toBe(day(2).toISOString());
    const entries = [...feed.querySelectorAll(':scope > entry')];
    expect(entries.map((e) => text(e.querySelector('title')))).toEqual([
      'Platform engineer at Globex',
    ]);
    expect(text(entries[0]!.querySelector('id'))).toMatch(/^https:\/\/openings\.example\//);
    expect(text(entries[0]!.querySelector('updated'))).toBe(day(2).toISOString());
  });

  it('JSON Feed 1.1: version, title and items with id and url, following the company', async () => {
    const res = await get(`/jobs/feed.json?company=${suite.ref.companies.acme}`);
    expect(res.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = JSON.parse(res.body) as {
      version: string;
      title: string;
      items: { id: string; url: string; title: string; date_published: string }[];
    };
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.title).toBe('Jobs at Acme Corp · Openings');
    expect(feed.items.map((i) => i.title)).toEqual([
      'React developer at Acme Corp',
      'Data scientist at Acme Corp',
      'Backend engineer at Acme Corp',
    ]);
    for (const item of feed.items) {
      expect(item.id).toBe(item.url);
      expect(item.url).toMatch(/^https:\/\/openings\.example\/job-description\/test-job-/);
    }
  });

  it('follows the keyword, ignores the sort (newest first) and leaves inactive jobs out', async () => {
    expect(await rssTitles('?q=react')).toEqual(['React developer at Acme Corp']);
    expect(await rssTitles(`?location=${suite.ref.cities.pune}&sortBy=true`)).toEqual([
      'Data scientist at Acme Corp',
      'Platform engineer at Globex',
    ]);
    expect(
      await rssTitles(`?company=${suite.ref.companies.initech}&role=${suite.ref.roles.sde}`),
    ).toEqual([]);
  });

  it('takes what search can of a keyword, and refuses a filter it cannot follow, never widening', async () => {
    expect(await rssTitles('?q=react%25%20%F0%9F%92%BC')).toEqual(['React developer at Acme Corp']);
    for (const [query, named] of [
      ['?role=abc', 'role: must be'],
      ['?role=999999', 'role: no role has the id 999999'],
      [`?location=${suite.ref.cities.pune}&company=0`, 'company: must be'],
      ['?q=%25', 'q: may contain only'],
      // Punctuation alone, which the listing page shows every job for, would widen the feed too.
      ["?q='", 'q: no letters or digits to search for'],
      // A feed of a search that can never match would stay empty for good.
      [
        '?q=%E0%A4%A8%E0%A5%8C%E0%A4%95%E0%A4%B0%E0%A5%80',
        'q: Search matches words written in Latin',
      ],
      [
        `?location=${suite.ref.cities.pune}&location=${suite.ref.cities.munich}`,
        'location: give it once',
      ],
    ]) {
      const res = await get(`/jobs/feed.rss${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(named);
    }
  });

  it('carries the 50 newest matching jobs', async () => {
    const titles = await rssTitles(`?role=${suite.ref.roles.productManager}`);
    expect(titles).toHaveLength(50);
    expect(titles[0]).toBe('PM 55 at Initech');
    expect(titles[49]).toBe('PM 6 at Initech');
  });

  it('carries the newest keyword matches newest first, not the best ranked', async () => {
    // Older jobs naming the word three times rank above the newest, which names it once.
    await insertJobs(
      suite.database.db,
      suite.ref,
      Array.from({ length: 55 }, (_, i) => ({
        title: `Riveter riveter riveter ${i + 1}`,
        companyId: suite.ref.companies.globex,
        postedAt: new Date(day(20).getTime() - i * 60_000),
      })),
    );
    await insertJob(suite.database.db, suite.ref, {
      title: 'Riveter',
      companyId: suite.ref.companies.globex,
      postedAt: day(25),
    });
    const titles = await rssTitles('?q=riveter');
    expect(titles).toHaveLength(50);
    expect(titles[0]).toBe('Riveter at Globex');
    expect(titles[1]).toBe('Riveter riveter riveter 1 at Globex');
  });

  it('has Cache-Control and an ETag, and answers 304 when the reader has it', async () => {
    const url = `/jobs/feed.atom?location=${suite.ref.cities.pune}`;
    const first = await get(url);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get(`/jobs/feed.atom?location=${suite.ref.cities.munich}`, {
      'if-none-match': etag,
    });
    expect(other.statusCode).toBe(200);
  });

  it('a company page has its own feeds, with the company’s jobs only', async () => {
    const [acme] = await queryRows<{ slug: string; company_name: string }>(
      suite.database.db,
      sql`select slug, company_name from companies where id = ${suite.ref.companies.acme}`,
    );
    const res = await get(`/companies/${acme!.slug}/feed.json`);
    expect(res.statusCode).toBe(200);
    const feed = JSON.parse(res.body) as {
      title: string;
      home_page_url: string;
      items: { title: string }[];
    };
    expect(feed.title).toBe('Jobs at Acme Corp · Openings');
    expect(feed.home_page_url).toBe(`${ORIGIN}/companies/${acme!.slug}`);
    expect(feed.items.map((i) => i.title)).toEqual([
      'React developer at Acme Corp',
      'Data scientist at Acme Corp',
      'Backend engineer at Acme Corp',
    ]);
    const rss = await get(`/companies/${acme!.slug}/feed.rss`);
    expect(xml(rss.body).querySelectorAll('channel > item')).toHaveLength(3);
    const unknown = await get('/companies/no-such-company/feed.rss');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(unknown.body).toBe('No company has this address.\n');
    const page = new JSDOM((await get(`/companies/${acme!.slug}`)).body).window.document;
    expect(
      page
        .querySelector('head link[rel="alternate"][type="application/atom+xml"]')
        ?.getAttribute('href'),
    ).toBe(`/companies/${acme!.slug}/feed.atom`);
    // Its menu says what it follows: the company's jobs, not a search the visitor made.
    expect(page.querySelector('[data-follow-menu] summary')?.textContent).toBe(
      `Follow jobs at ${acme!.company_name}`,
    );
  });

  it('is announced in the listing page head and offered by the Follow this search menu', async () => {
    const res = await get(`/jobs?location=${suite.ref.cities.pune}&sortBy=true`);
    expect(res.statusCode).toBe(200);
    const doc = new JSDOM(res.body).window.document;
    const alternates = [...doc.querySelectorAll('head link[rel="alternate"]')].map((l) => [
      l.getAttribute('type'),
      l.getAttribute('href'),
      l.getAttribute('title'),
    ]);
    const q = `?location=${suite.ref.cities.pune}`;
    const named = 'Jobs in Pune, Maharashtra, India on Openings';
    expect(alternates).toEqual([
      ['application/rss+xml', `/jobs/feed.rss${q}`, `${named} (RSS)`],
      ['application/atom+xml', `/jobs/feed.atom${q}`, `${named} (Atom)`],
      ['application/feed+json', `/jobs/feed.json${q}`, `${named} (JSON Feed)`],
    ]);
    const menu = doc.querySelector('details[data-follow-menu]')!;
    expect(menu.querySelector('summary')?.textContent).toContain('Follow this search');
    expect([...menu.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      `/alerts/new${q}`,
      `/jobs/feed.rss${q}`,
      `/jobs/feed.atom${q}`,
      `/jobs/feed.json${q}`,
    ]);
  });
});

describe('alert pages', () => {
  it('subscribes without JavaScript, confirms by the mailed link and unsubscribes in one POST', async () => {
    mails.length = 0;
    const res = await post(`/alerts/new?location=${suite.ref.cities.pune}`, {
      email: 'page@example.com',
      frequency: 'weekly',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Check your inbox');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your job alert: Jobs in Pune, Maharashtra, India');
    const confirm = new URL(mails[0]!.text.match(/https:\/\/\S+\/alerts\/confirm\?\S+/)![0]);
    const token = confirm.searchParams.get('token')!;

    const page = await get(`${confirm.pathname}${confirm.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('Start my alert');
    const done = await post(`${confirm.pathname}${confirm.search}`);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your alert is on');

    const rows = () =>
      queryRows<{ confirmed: boolean }>(
        suite.database.db,
        sql`select confirmed_at is not null as confirmed from job_alerts where email = 'page@example.com'`,
      );
    expect(await rows()).toEqual([{ confirmed: true }]);

    // What a mail client sends for List-Unsubscribe-Post: no cookies, no Origin.
    const unsubscribe = await suite.app.inject({
      method: 'POST',
      url: `/alerts/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribe.statusCode).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('names the field that was wrong, with a 4xx', async () => {
    const res = await post('/alerts/new', { email: 'not-an-address', frequency: 'daily' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter an e-mail address like name@example.com.');
  });

  it('refuses a keyword that has no Latin word, saying why and keeping the address', async () => {
    mails.length = 0;
    const url = `/alerts/new?q=${encodeURIComponent('नौकरी')}`;
    // Said on the page before an address is typed…
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(ALERT_WITHOUT_WORDS);
    // …and a post is refused all the same, with what was typed kept.
    const res = await post(url, { email: 'words@example.com', frequency: 'weekly' });
    expect(res.statusCode).toBe(400);
    const doc = new JSDOM(res.body).window.document;
    expect(doc.querySelector('[role=alert]')?.textContent).toBe(ALERT_WITHOUT_WORDS);
    expect(doc.querySelector<HTMLInputElement>('#alert-email')?.value).toBe('words@example.com');
    expect(doc.querySelector<HTMLInputElement>('input[value=weekly]')?.checked).toBe(true);
    expect(mails).toHaveLength(0);
    // A keyword with a Latin word in it is followed as before.
    const mixed = await post(`/alerts/new?q=${encodeURIComponent('नौकरी react')}`, {
      email: 'words@example.com',
      frequency: 'weekly',
    });
    expect(mixed.statusCode).toBe(200);
    expect(mails).toHaveLength(1);
  });

  it('answers 404 to a link with an unknown token, saying why', async () => {
    const manage = await get(`/alerts/manage?token=${'x'.repeat(43)}`);
    expect(manage.statusCode).toBe(404);
    expect(manage.body).toContain('It opens no alert: the alert was deleted');
    const confirm = await get('/alerts/confirm');
    expect(confirm.statusCode).toBe(404);
    expect(confirm.body).toContain('It opens no alert: the alert was deleted');
  });

  it('sends the token pages with a Referrer-Policy that keeps the forms’ Origin', async () => {
    // 'no-referrer' made Chromium post these forms with "Origin: null", which is refused: without
    // JavaScript no alert could be confirmed or managed (e2e/alerts.spec.ts posts them for real).
    for (const path of ['/alerts/confirm', '/alerts/manage', '/alerts/unsubscribe']) {
      const res = await get(`${path}?token=${'x'.repeat(43)}`);
      expect(res.headers['referrer-policy'], path).toBe('same-origin');
      expect(res.headers['cache-control'], path).toBe('private, no-store');
    }
  });

  it('says a broken unsubscribe link is not valid, and never that it unsubscribed', async () => {
    const bad = await get('/alerts/unsubscribe?token=xyz');
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toContain('This unsubscribe link is not valid');
    expect(bad.body).not.toContain('You are unsubscribed');
    const oneClick = await suite.app.inject({
      method: 'POST',
      url: '/alerts/unsubscribe?token=xyz',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(404);
    expect(oneClick.body).not.toContain('You are unsubscribed');
    // Well-formed but opening no alert: maybe used already, maybe changed; it claims neither.
    const unknown = await get(`/alerts/unsubscribe?token=${'x'.repeat(43)}`);
    expect(unknown.body).toContain('No alert at this link');
    expect(unknown.body).not.toContain('You are unsubscribed');
  });

  it('says "unsubscribed" after a real unsubscribe or delete, and only then', async () => {
    const newAlert = async (email: string) => {
      mails.length = 0;
      await post('/alerts/new?q=platform', { email, frequency: 'daily' });
      return mails[0]!.text.match(/\/alerts\/confirm\?token=([\w-]+)/)![1]!;
    };
    const token = await newAlert('bye@example.com');
    const done = await post(`/alerts/unsubscribe?token=${token}`);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    // The used link, opened again or posted again by a mail client: answered, not claimed.
    const again = await get(`/alerts/unsubscribe?token=${token}`);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('No alert at this link');

    const other = await newAlert('bye2@example.com');
    const deleted = await post(`/alerts/manage?token=${other}`, { intent: 'delete' });
    expect(deleted.statusCode).toBe(302);
    expect(deleted.headers.location).toBe('/alerts/unsubscribe?deleted=one&others=0');
    expect((await get(deleted.headers.location!)).body).toContain('You are unsubscribed');
    // A made-up token does not borrow that answer.
    expect((await get('/alerts/unsubscribe?token=xyz&deleted=one&others=0')).body).not.toContain(
      'You are unsubscribed',
    );
  });

  it('names a filter it cannot follow instead of making an alert on every job', async () => {
    // Each part named in words, not as its parameter (a feed's answer names that).
    const cases = [
      ['role=abc', 'Role: must be'],
      ['role=99999', 'Role: no role has the id 99999'],
      ['q=!!', 'Keyword: '],
      ['workMode=bogus', 'Work mode: '],
      ['roleText=sofware', 'Role: a name typed, not a role chosen'],
    ] as const;
    for (const [query, problem] of cases) {
      const page = await get(`/alerts/new?${query}`);
      expect(page.statusCode, query).toBe(400);
      const doc = new JSDOM(page.body).window.document;
      expect(doc.querySelector('h1')?.textContent, query).toBe('We cannot follow this search');
      expect(doc.querySelector('main li')?.textContent, query).toContain(problem);
      expect(doc.querySelector('#alert-email'), query).toBeNull();
    }
    mails.length = 0;
    const refused = await post('/alerts/new?role=abc', {
      email: 'wide@example.com',
      frequency: 'daily',
    });
    expect(refused.statusCode).toBe(400);
    expect(mails).toHaveLength(0);
    const rows = await queryRows(
      suite.database.db,
      sql`select id from job_alerts where email = 'wide@example.com'`,
    );
    expect(rows).toEqual([]);
  });

  it('says once that a paused alert is paused', async () => {
    mails.length = 0;
    await post('/alerts/new?q=engineer', { email: 'pause@example.com', frequency: 'daily' });
    const token = mails[0]!.text.match(/\/alerts\/confirm\?token=([\w-]+)/)![1]!;
    expect((await post(`/alerts/confirm?token=${token}`)).statusCode).toBe(200);
    const paused = await post(`/alerts/manage?token=${token}`, { intent: 'pause' });
    expect(paused.statusCode).toBe(200);
    const status = new JSDOM(paused.body).window.document.querySelector('main [role=status]');
    expect(status?.textContent).toBe('Paused: no e-mails until you resume.');
  });
});

describe('a signed-in seeker', () => {
  let cookie = '';
  const email = 'sam@seeker.example';
  /** Marks a job or company for the signed-in seeker, as the page's toggle does. */
  const mark = (fields: { kind: string; id: string }) =>
    post('/saved', { intent: 'mark', ...fields, on: '1' }, { cookie, accept: 'application/json' });

  beforeAll(async () => {
    cookie = await suite.signIn('Sam', email);
  });

  it('has hidden companies left out of the server-rendered listing, with the toggle', async () => {
    const hidden = await mark({ kind: 'hidden-company', id: String(suite.ref.companies.globex) });
    expect(hidden.statusCode).toBe(200);
    const url = `/jobs?location=${suite.ref.cities.pune}`;
    const cards = (html: string) =>
      [...new JSDOM(html).window.document.querySelectorAll('li h3')].map((h) => h.textContent);
    const mine = await get(url, { cookie });
    // The page's data keeps the job (for "show"); the server-rendered cards leave it out.
    expect(cards(mine.body)).toEqual(['Data scientist']);
    expect(new JSDOM(mine.body).window.document.body.textContent).toContain('1 hidden —');
    expect(cards((await get(url)).body)).toEqual(['Data scientist', 'Platform engineer']);
  });

  it('sees their saved jobs on /saved and their alerts on /account', async () => {
    const [closed] = await queryRows<{ id: number; page_url: string }>(
      suite.database.db,
      sql`select id, page_url from jobs where title = 'Closed role'`,
    );
    const closedSlug = closed!.page_url;
    const save = await mark({ kind: 'saved', id: String(closed!.id) });
    expect(save.statusCode).toBe(200);
    const saved = new JSDOM((await get('/saved', { cookie })).body).window.document;
    const item = saved.querySelector('ul[aria-label="Saved jobs"] > li')!;
    expect(item.textContent).toContain('Closed role');
    expect(item.textContent).toContain('This job is closed');
    // Not the job's page (it is gone) but its closed page, which names it and has jobs like it.
    const links = [...item.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Jobs like it', `/not-an-active-job?job=${closedSlug}`],
    ]);

    const sub = await post(
      `/alerts/new?role=${suite.ref.roles.dataScientist}`,
      { email, frequency: 'daily' },
      { cookie },
    );
    expect(sub.statusCode).toBe(200);
    const account = await get('/account', { cookie });
    expect(account.body).toContain('Data Scientist jobs');
    expect(account.body).toContain('Waiting for the confirmation link');
  });
});

describe('/saved for a signed-in seeker', () => {
  let cookie = '';
  const markJob = (title: string, on: boolean, headers: Record<string, string> = {}) =>
    queryRows<{ id: number }>(
      suite.database.db,
      sql`select id from jobs where title = ${title}`,
    ).then(([job]) =>
      post(
        '/saved',
        { intent: 'mark', kind: 'saved', id: String(job!.id), on: on ? '1' : '0' },
        { cookie, ...headers },
      ),
    );
  const savedTitles = async () =>
    [
      ...page((await get('/saved', { cookie })).body).querySelectorAll(
        'ul[aria-label="Saved jobs"] > li .font-semibold',
      ),
    ].map((el) => el.textContent);

  beforeAll(async () => {
    cookie = await suite.signIn('Kim', 'kim@seeker.example');
  });

  it('lists live jobs first, newest saved first, then closed ones, and removes without JavaScript', async () => {
    const json = { accept: 'application/json' };
    for (const title of ['Backend engineer', 'Closed role', 'Data scientist']) {
      expect((await markJob(title, true, json)).statusCode).toBe(200);
    }
    // Saved last but one, the closed job still comes after every live one.
    expect(await savedTitles()).toEqual(['Data scientist', 'Backend engineer', 'Closed role']);

    // A plain form post (no JavaScript) removes it and goes back to the page it came from.
    const removed = await markJob('Backend engineer', false, {
      referer: `${ORIGIN}/saved`,
    });
    expect(removed.statusCode).toBe(302);
    expect(removed.headers.location).toBe('/saved');
    expect(await savedTitles()).toEqual(['Data scientist', 'Closed role']);
  });
});

describe('a job that is no longer active', () => {
  it('leads to the 410 page, whichever way it ended, without Apply, and back to the job if it returns', async () => {
    const past = new Date(Date.now() - 86_400_000);
    const endings = [
      { title: 'Closed by its employer', isActive: false, status: 'closed' as const },
      { title: 'Past its closing date', validThrough: past },
      { title: 'Hidden by an operator', isActive: false, hiddenReason: 'Reported as a scam' },
    ];
    const ended = await insertJobs(suite.database.db, suite.ref, endings);
    for (const [i, { pageUrl }] of ended.entries()) {
      const title = endings[i]!.title;
      const job = await get(`/job-description/${pageUrl}`);
      expect(job.statusCode, pageUrl).toBe(302);
      expect(job.headers.location).toBe(`/not-an-active-job?job=${pageUrl}`);
      const page = await get(job.headers.location as string);
      expect(page.statusCode, pageUrl).toBe(410);
      expect(page.headers['x-robots-tag']).toBe('noindex');
      const doc = new JSDOM(page.body).window.document;
      expect(text(doc.querySelector('h1'))).toBe('Looks like this job is no longer active.');
      // Which job closed, above the spec's sentences: a seeker from an old link can tell.
      expect(text(doc.querySelector('h1')?.previousElementSibling)).toBe(
        `Position closed: ${title} at Acme Corp`,
      );
      expect(page.body).toContain(
        'But don’t worry, explore current openings and find your dream job!',
      );
      expect(doc.querySelector('a[href="https://acme.example/careers/1"]')).toBeNull();
      expect(page.body).not.toContain('Apply on company page');
    }
    // Reopened (an ATS saw it again, an operator restored it): an old link to the closed page
    // must not say it is closed.
    const closed = ended[0]!;
    await suite.database.db.execute(sql`update jobs set is_active = true where id = ${closed.id}`);
    const again = await get(`/not-an-active-job?job=${closed.pageUrl}`);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(`/job-description/${closed.pageUrl}`);
    await suite.database.db.execute(sql`update jobs set is_active = false where id = ${closed.id}`);
  });

  it('names no job for a slug no job on the board ever had', async () => {
    const [draft] = await insertJobs(suite.database.db, suite.ref, [
      { title: 'Never published', isActive: false, status: 'in_review', hasBeenLive: false },
    ]);
    for (const slug of [draft!.pageUrl, 'no-such-job-1', '%3Cscript%3E']) {
      const page = await get(`/not-an-active-job?job=${slug}`);
      expect(page.statusCode, slug).toBe(410);
      const doc = new JSDOM(page.body).window.document;
      expect(text(doc.querySelector('h1')?.previousElementSibling), slug).toBe('Position closed');
      expect(page.body).not.toContain('Never published');
    }
  });
});

describe('the job page', () => {
  it('offers Apply under the title as well as after the job, both in a new tab', async () => {
    const job = await insertJob(suite.database.db, suite.ref, { title: 'Apply twice' });
    const page = await get(`/job-description/${job.pageUrl}`);
    expect(page.statusCode).toBe(200);
    const doc = new JSDOM(page.body).window.document;
    const applies = [...doc.querySelectorAll('a')].filter((a) =>
      a.textContent?.startsWith('Apply on company page'),
    );
    expect(applies).toHaveLength(2);
    for (const apply of applies) {
      expect(apply.getAttribute('href')).toBe('https://acme.example/careers/1');
      expect(apply.getAttribute('target')).toBe('_blank');
      expect(apply.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // The first comes before the job's first section, near the title.
    const details = doc.getElementById('job-details')!;
    const follows = applies[0]!.compareDocumentPosition(details);
    expect(follows & doc.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const none = await insertJob(suite.database.db, suite.ref, { applyLink: null });
    const without = await get(`/job-description/${none.pageUrl}`);
    expect(without.body).not.toContain('Apply on company page');
  });
});

describe('/saved for a signed-out visitor', () => {
  it("does not say the browser keeps the jobs without JavaScript, where a card's Save leads", async () => {
    // A card's Save posted as a plain form (JavaScript off or not loaded yet).
    const page = await post('/saved', { intent: 'mark', kind: 'saved', id: '1', on: '1' });
    expect(page.statusCode).toBe(200);
    const doc = new JSDOM(page.body).window.document;
    // Said once, by the press's own note, with the ways on; not again by the lead and below.
    expect(text(doc.querySelector('main [role=status]'))).toContain(
      'Not done yet: this browser keeps your saved jobs with JavaScript',
    );
    expect(page.body.match(/JavaScript/g)).toHaveLength(1);
    // Opened as a page, /saved says how it keeps the jobs, once (it said so twice without
    // JavaScript).
    const plainPage = (await get('/saved')).body;
    const plain = new JSDOM(plainPage).window.document;
    expect(text(plain.querySelector('h1 ~ p'))).toBe(
      'This browser keeps them while JavaScript is on. Sign in to keep them in your account too.',
    );
    expect(plain.querySelector('main')?.innerHTML.match(/JavaScript/g)).toHaveLength(1);
  });

  it('sends a hide or save without JavaScript back to its page, filters kept, at the note saying why not', async () => {
    const back = '/jobs?role=3&q=react';
    for (const [kind, note] of [
      ['hidden-job', 'mark-note-1'],
      ['hidden-company', 'hide-note-1'],
      ['saved', 'save-note-1'],
    ]) {
      const res = await post(
        '/saved',
        { intent: 'mark', kind: kind!, id: '1', on: '1', note: note! },
        { referer: `${ORIGIN}${back}` },
      );
      expect(res.statusCode, kind).toBe(302);
      expect(res.headers.location, kind).toBe(`${back}#${note}`);
    }
    // From another site, or with a note that is not one: this page says it, as before.
    for (const [referer, note] of [
      ['https://elsewhere.example/jobs', 'mark-note-1'],
      [`${ORIGIN}${back}`, 'x"><script>'],
    ]) {
      const res = await post(
        '/saved',
        { intent: 'mark', kind: 'hidden-job', id: '1', on: '1', note: note! },
        { referer: referer! },
      );
      expect(res.statusCode, note).toBe(200);
      expect(res.body).toContain('Not done yet');
    }
  });

  it('has the note on the cards and the job page, for a page without JavaScript to show', async () => {
    const html = (await get('/jobs')).body;
    const listing = new JSDOM(html).window.document;
    const card = listing.querySelector('main li form[data-mark]')?.closest('li');
    const ids = [...card!.querySelectorAll('input[name=note]')].map(
      (input) => (input as HTMLInputElement).value,
    );
    expect(new Set(ids).size).toBe(1);
    // One note of that id, inside <noscript> (never shown with JavaScript).
    expect(html.split(`id="${ids[0]}"`)).toHaveLength(2);
    const note = html.slice(html.indexOf(`id="${ids[0]}"`));
    expect(html.slice(0, html.indexOf(`id="${ids[0]}"`))).toMatch(/<noscript><p $/);
    expect(note).toMatch(/^[^<]*>Not done: saving and hiding jobs need JavaScript or an account\./);
  });
});
