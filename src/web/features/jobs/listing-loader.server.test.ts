import { describe, expect, it } from 'vitest';
import type { ListingQuery } from '../../../shared/contract/jobs.ts';
import { SUGGESTION_LIMIT } from '../../../shared/constants.ts';
import type { AppLoadContext } from '../../../shared/services.ts';
import { followable } from './listing-data.ts';
import {
  addressProblems,
  DID_YOU_MEAN_LIMIT,
  loadListing,
  loadListingPage,
  moreChoicesNote,
  parseAddress,
  parsePage,
  pickOption,
} from './listing-loader.server.ts';

const params = (s: string) => new URLSearchParams(s);

describe('parseAddress', () => {
  it('reads the filters, keyword and sort', () => {
    expect(parseAddress(params('role=3&location=12&experienceLevel=0&q=java&sortBy=true'))).toEqual(
      {
        role: 3,
        location: 12,
        company: undefined,
        experienceLevel: 0,
        q: 'java',
        sortBy: true,
      },
    );
  });

  it('keeps what search can take of a keyword: %, emoji and -- read as spaces', () => {
    expect(parseAddress(params('q=100%25%20remote')).q).toBe('100 remote');
    expect(parseAddress(params('q=sales%20%F0%9F%92%BC&role=2'))).toMatchObject({
      q: 'sales',
      role: 2,
    });
    // "--" is punctuation like the rest (C--): search reads letters and digits, bound as a value.
    expect(parseAddress(params('q=C%2B%2B%20%27x%27--')).q).toBe("C++ 'x'--");
    expect(parseAddress(params('q=C--')).q).toBe('C--');
    expect(parseAddress(params('q=%F0%9F%92%BC')).q).toBeUndefined();
  });

  it('drops values that do not parse and ignores unknown keys', () => {
    expect(parseAddress(params('role=abc&company=5&sortBy=maybe&utm_source=x&page=9'))).toEqual({
      company: 5,
      role: undefined,
      location: undefined,
      experienceLevel: undefined,
      q: undefined,
      sortBy: undefined,
    });
  });
});

describe('parsePage', () => {
  it('reads a Browse more link, a typed page number, and nothing else', () => {
    expect(parsePage(params('page=3&cursor=abc_-9'))).toEqual({ page: 3, cursor: 'abc_-9' });
    expect(parsePage(params('cursor=abc'))).toEqual({ page: 2, cursor: 'abc' });
    expect(parsePage(params('page=4'))).toEqual({ page: 4 });
    expect(parsePage(params('page=0&cursor=a%20b'))).toEqual({ page: 1 });
    expect(parsePage(params('page=2.5'))).toEqual({ page: 1 });
    expect(parsePage(params('page=99999'))).toEqual({ page: 10_000 });
  });
});

const bengaluru = { id: '11', label: 'Bengaluru, Karnataka, India' };
const berlinDe = { id: '21', label: 'Berlin, Berlin, Germany' };
const berlinUs = { id: '22', label: 'Berlin, New Hampshire, United States' };

describe('pickOption', () => {
  it('takes the only suggestion, or the only one named exactly what was typed', () => {
    expect(pickOption('benga', [bengaluru])).toEqual(bengaluru);
    expect(pickOption('Berlin, Berlin, Germany', [berlinDe, berlinUs])).toEqual(berlinDe);
    const engineer = { id: '1', label: 'Software Engineer (Engineering)' };
    const lead = { id: '2', label: 'Software Engineer Lead' };
    expect(pickOption('software engineer', [engineer, lead])).toEqual(engineer);
  });

  it("takes a role's short name, as job pages show it, for that role", () => {
    const sde = { id: '3', label: 'Software Development Engineer (SDE)' };
    const sdet = { id: '4', label: 'SDE Tester (QA)' };
    expect(pickOption('sde', [sdet, sde], { short: true })).toEqual(sde);
    // Only a role's: a company's or a place's brackets are part of its name.
    expect(pickOption('sde', [sdet, sde])).toBeNull();
  });

  it('never takes a nearest spelling, even the only one: the visitor chooses it', () => {
    expect(pickOption('Berln', [{ ...berlinDe, near: true }])).toBeNull();
    expect(
      pickOption('berln', [
        { ...berlinDe, near: true },
        { ...berlinUs, near: true },
      ]),
    ).toBeNull();
  });

  it("takes a place by another name of it, whole, but never one found by its country's name", () => {
    const place = (otherName: string | null) => ({ place: { otherName } });
    const losAngeles = { id: '31', label: 'Los Angeles, California, United States' };
    const dallas = { id: '32', label: 'Dallas, Texas, United States' };
    // "LA" is Los Angeles, as "Los Angeles" would be, though other names hold the letters.
    expect(pickOption('LA', [losAngeles, dallas], place('los angeles'))).toEqual(losAngeles);
    expect(pickOption('Bangalore', [bengaluru], place('bengaluru'))).toEqual(bengaluru);
    // The only city of a country (or state) typed is offered, not taken: the visitor asked for
    // the country, and the filter would be that one city.
    const saoPaulo = { id: '41', label: 'São Paulo, São Paulo, Brazil' };
    expect(pickOption('Brazil', [saoPaulo], place(null))).toBeNull();
    expect(pickOption('Brasil', [saoPaulo], place(null))).toBeNull();
    // The only city whose own name holds the text is still taken, as any other only suggestion.
    expect(pickOption('sao', [saoPaulo], place(null))).toEqual(saoPaulo);
    expect(pickOption('São Paulo, São', [saoPaulo], place(null))).toEqual(saoPaulo);
  });

  it('leaves an ambiguous or unknown text to the visitor', () => {
    expect(pickOption('berlin', [berlinDe, berlinUs])).toBeNull();
    expect(pickOption('ber', [berlinDe, berlinUs])).toBeNull();
    expect(pickOption('zzz', [])).toBeNull();
  });
});

type Labels = (ids: { role?: number; location?: number }) => Promise<Record<string, string>>;

/** Labels of role 1 and location 21, as the database has them. */
const knownLabels: Labels = async (ids) => ({
  ...(ids.role === 1 ? { role: 'Backend developer' } : {}),
  ...(ids.location === 21 ? { location: berlinDe.label } : {}),
});

/**
 * A load context whose services answer from fixed tables (the filters' labels from `labels`) and
 * record the listing queries.
 */
function fakeContext(labels: Labels = knownLabels, noofJobs = 0) {
  const calls: ListingQuery[] = [];
  const cities = [bengaluru, berlinDe, berlinUs];
  const roles = [
    { id: '1', label: 'Backend developer' },
    ...Array.from({ length: 8 }, (_, i) => ({ id: String(100 + i), label: `Engineer ${i}` })),
  ];
  const match = (list: { id: string; label: string }[], name: string) =>
    list.filter((o) => o.label.toLowerCase().includes(name.trim().toLowerCase()));
  const context = {
    services: {
      jobs: {
        list: async (query: ListingQuery) => {
          calls.push(query);
          return { jobs: [], noofJobs, nextCursor: null };
        },
      },
      filters: {
        labels,
        roles: async (name: string) => match(roles, name),
        locations: async (name: string) => match(cities, name),
        cityOtherName: () => null,
        companies: async () => [{ _id: '5', companyName: 'Acme Labs' }],
      },
    },
  } as unknown as AppLoadContext;
  return { context, calls };
}

/** The redirect a loader threw, or null when it answered. */
async function redirectOf(url: string, context: AppLoadContext): Promise<string | null> {
  try {
    await loadListingPage(new Request(url), context);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('location');
    throw thrown;
  }
}

describe('loadListingPage', () => {
  it('resolves a text box that names one choice and redirects to the address with its id', async () => {
    const { context, calls } = fakeContext();
    expect(
      await redirectOf(
        'http://x/jobs?q=&roleText=&locationText=benga&companyText=acme&experienceLevel=&sortBy=false',
        context,
      ),
    ).toBe('/jobs?location=11&company=5');
    expect(calls).toEqual([]);
  });

  it('keeps a chosen filter whose box still shows its name, and drops one whose box was emptied', async () => {
    const { context } = fakeContext();
    expect(
      await redirectOf(
        'http://x/?role=1&roleText=Backend+developer&location=21&locationText=&q=go',
        context,
      ),
    ).toBe('/?role=1&q=go');
  });

  it('answers an ambiguous text with "did you mean" and lists without it', async () => {
    const { context, calls } = fakeContext();
    const url = 'http://x/?locationText=berlin&roleText=engineer&experienceLevel=2';
    expect(await redirectOf(url, context)).toBeNull();
    const data = await loadListingPage(new Request(url), context);
    expect(data.unresolved).toEqual({
      location: { text: 'berlin', options: [berlinDe, berlinUs] },
      role: {
        text: 'engineer',
        options: Array.from({ length: DID_YOU_MEAN_LIMIT }, (_, i) => ({
          id: String(100 + i),
          label: `Engineer ${i}`,
        })),
      },
    });
    expect(calls.at(-1)).toMatchObject({
      location: undefined,
      role: undefined,
      experienceLevel: 2,
    });
    // The count above the jobs is not filtered by either text: the page says so, box by box.
    expect(data.notice).toBe(
      [
        'Not filtered by role yet: choose what “engineer” means under “Did you mean”.',
        '8 roles match “engineer”, and “Did you mean” offers the first 5: type more of the name to find the others.',
        'Not filtered by location yet: choose what “berlin” means under “Did you mean”.',
      ].join(' '),
    );
  });

  it('reads a name written where an id goes as if it was typed in the box', async () => {
    const { context } = fakeContext();
    expect(await redirectOf('http://x/jobs?location=Bengaluru&role=1', context)).toBe(
      '/jobs?role=1&location=11',
    );
    const data = await loadListingPage(new Request('http://x/?location=berlin'), context);
    expect(data.unresolved).toEqual({
      location: { text: 'berlin', options: [berlinDe, berlinUs] },
    });
    // An id stays an id: one nobody knows is dropped, not searched for as a name (and said).
    const unknown = await loadListingPage(new Request('http://x/?location=99'), context);
    expect(unknown.unresolved).toEqual({});
    expect(unknown.notice).toContain('the location (no such place)');
  });

  it('answers a link with a part it cannot use where it is, lists without it and says so', async () => {
    const { context, calls } = fakeContext();
    const notice = async (query: string) => {
      const url = `http://x/jobs?${query}`;
      expect(await redirectOf(url, context), query).toBeNull();
      return (await loadListingPage(new Request(url), context)).notice;
    };
    expect(await notice('location=99999&role=1')).toBe(
      'Part of this link could not be used: the location (no such place) — showing jobs without it.',
    );
    expect(calls.at(-1)).toMatchObject({ role: 1, location: undefined });
    expect(await notice('experienceLevel=9&company=0&workMode=space&sortBy=maybe')).toBe(
      'Parts of this link could not be used: the company (no such company), the experience level ' +
        '(not one of the levels), the work mode (not on-site, hybrid or remote), the sort (not ' +
        'Newest or Popular) — showing jobs without them.',
    );
    expect(await notice(`q=${'a'.repeat(300)}&salaryStated=yes`)).toBe(
      'Parts of this link could not be used: the salary choice (not true or false), the keyword ' +
        '(longer than 100 characters) — showing jobs without them.',
    );
    // A keyword of symbols alone longer than the box takes is a link's, and said as one.
    expect(await notice(`q=${'!'.repeat(101)}`)).toBe(
      'Part of this link could not be used: the keyword (no letters or digits to search for) — showing jobs without it.',
    );
    expect(await notice('role=1&role=2')).toBe(
      'Part of this link could not be used: the second role (one at a time) — showing jobs without it.',
    );
    expect(calls.at(-1)).toMatchObject({ role: 1 });
    expect(await notice('location=21&location=22&location=23')).toBe(
      'Parts of this link could not be used: the locations after the first (one at a time) — showing jobs without them.',
    );
    // Such a search is not offered to follow: the feed would refuse its address.
    const data = await loadListingPage(new Request('http://x/?location=99999'), context);
    expect(followable(data)).toBe(false);
  });

  it('keeps a keyword of symbols alone in the box and the address, and lists without it', async () => {
    const { context, calls } = fakeContext();
    // As a form sent without JavaScript: tidied, the keyword kept.
    expect(
      await redirectOf(
        'http://x/?q=!!&sortBy=false&roleText=&locationText=&companyText=&experienceLevel=&workMode=',
        context,
      ),
    ).toBe('/?q=%21%21&sortBy=false');
    expect(await redirectOf('http://x/?q=%20!!%20&role=1', context)).toBe('/?role=1&q=%21%21');
    // Punctuation a keyword may hold, and an emoji, with nothing to search for, are read as "!!".
    for (const [query, shown] of [
      ['q=!!', '!!'],
      ['q=%21%21&sortBy=false', '!!'],
      ["q='", "'"],
      ['q=--&role=1', '--'],
      ['q=%2B%20%23', '+ #'],
      ['q=%F0%9F%92%BC', '💼'],
    ] as const) {
      const url = `http://x/?${query}`;
      expect(await redirectOf(url, context), query).toBeNull();
      const data = await loadListingPage(new Request(url), context);
      expect(calls.at(-1)?.q, query).toBeUndefined();
      expect(data.filters.q, query).toBe(shown);
      expect(data.notice, query).toBe(
        `The keyword “${shown}” has no letters or digits to search for: showing jobs without it.`,
      );
      expect(data.emptyNote, query).toBeUndefined();
      // Not offered to follow: the feeds and alerts refuse such a keyword (addressProblems).
      expect(followable(data), query).toBe(false);
      if (query.includes('role=1')) expect(calls.at(-1)).toMatchObject({ role: 1 });
    }
  });

  it('still redirects a link it can use whole, and says nothing', async () => {
    const { context } = fakeContext();
    expect(await redirectOf('http://x/?q=C--&experienceLevel=&role=1&page=1', context)).toBe(
      '/?role=1&q=C--',
    );
    const data = await loadListingPage(new Request('http://x/?role=1&q=C--'), context);
    expect(data.notice).toBeUndefined();
    expect(followable(data)).toBe(true);
    // A name where an id goes is read as typed, not reported as unusable: as typed, it names
    // two places, so the list is not yet filtered by it.
    const typed = await loadListingPage(new Request('http://x/?location=berlin'), context);
    expect(typed.notice).toBe(
      'Not filtered by location yet: choose what “berlin” means under “Did you mean”.',
    );
  });

  it('says how many choices a text matches when "did you mean" offers only some', async () => {
    const { context } = fakeContext();
    const data = await loadListingPage(new Request('http://x/?roleText=engineer'), context);
    expect(data.unresolved?.role?.options).toHaveLength(DID_YOU_MEAN_LIMIT);
    expect(data.notice).toBe(
      'Not filtered by role yet: choose what “engineer” means under “Did you mean”. 8 roles match “engineer”, and “Did you mean” offers the first 5: type more of the name to find the others.',
    );
    const berlin = await loadListingPage(new Request('http://x/?locationText=berlin'), context);
    expect(berlin.notice).not.toMatch(/match “berlin”/);
    expect(moreChoicesNote('location', 'a', SUGGESTION_LIMIT)).toMatch(/^At least 10 locations/);
  });

  it('sends a numbered page past the end to the last page, keeping the filters', async () => {
    const { context } = fakeContext(knownLabels, 25);
    expect(await redirectOf('http://x/jobs?role=1&page=7', context)).toBe('/jobs?role=1&page=3');
    // Past the deepest page too: on to the last page, not back to the first.
    expect(await redirectOf('http://x/jobs?role=1&page=10000', context)).toBe(
      '/jobs?role=1&page=3',
    );
    // With no job at all, the first page says so (no redirect from page 1).
    const empty = fakeContext(knownLabels, 0).context;
    expect(await redirectOf('http://x/jobs?page=4', empty)).toBe('/jobs');
    expect(await redirectOf('http://x/jobs', empty)).toBeNull();
  });

  it('offers the nearest spellings as "did you mean", and lists without them', async () => {
    const { context, calls } = fakeContext();
    const nearBerlin = { ...berlinDe, near: true };
    const nearAcme = { _id: '5', companyName: 'Acme Labs', near: true };
    Object.assign(context.services.filters, {
      locations: async () => [nearBerlin],
      companies: async () => [nearAcme],
    });
    const url = 'http://x/?locationText=Berln&companyText=Acne+Labs';
    expect(await redirectOf(url, context)).toBeNull();
    const data = await loadListingPage(new Request(url), context);
    expect(data.unresolved).toEqual({
      location: { text: 'Berln', options: [nearBerlin] },
      company: { text: 'Acne Labs', options: [{ id: '5', label: 'Acme Labs', near: true }] },
    });
    expect(data.notice).toBe(
      'Not filtered by location yet: choose what “Berln” means under “Did you mean”. Not filtered by company yet: choose what “Acne Labs” means under “Did you mean”.',
    );
    expect(calls.at(-1)).toMatchObject({ location: undefined, company: undefined });
  });

  it('tidies a form sent without JavaScript whose text names nothing, keeping the text', async () => {
    const { context } = fakeContext();
    const sent =
      'http://x/?q=&sortBy=false&roleText=Underwater+basket+weaving&locationText=&companyText=&experienceLevel=&workMode=';
    expect(await redirectOf(sent, context)).toBe('/?roleText=Underwater+basket+weaving');
    // With the other filters it holds, and answered where it lands.
    expect(
      await redirectOf('http://x/jobs?roleText=zzqx&experienceLevel=2&companyText=', context),
    ).toBe('/jobs?experienceLevel=2&roleText=zzqx');
    expect(await redirectOf('http://x/?roleText=Underwater+basket+weaving', context)).toBeNull();
  });

  it('says so when a text names nothing', async () => {
    const { context } = fakeContext();
    const data = await loadListingPage(new Request('http://x/?roleText=zzqx'), context);
    expect(data.unresolved).toEqual({ role: { text: 'zzqx', options: [] } });
    expect(data.notice).toBe('Not filtered by role: “zzqx” matches none.');
    // Control characters (NUL cannot reach PostgreSQL) read as spaces; nothing else is left.
    const nul = await loadListingPage(new Request('http://x/?role=zz%00qx'), context);
    expect(nul.unresolved).toEqual({ role: { text: 'zz qx', options: [] } });
    expect(await redirectOf('http://x/?companyText=%00%01', context)).toBe('/');
  });

  it('keeps a keyword in another script and says why it finds nothing', async () => {
    const { context, calls } = fakeContext();
    const hindi = encodeURIComponent('नौकरी');
    expect(await redirectOf(`http://x/?q=${hindi}`, context)).toBeNull();
    const data = await loadListingPage(new Request(`http://x/?q=${hindi}`), context);
    expect(calls.at(-1)).toMatchObject({ q: 'नौकरी' });
    expect(data.filters.q).toBe('नौकरी');
    expect(data.emptyNote).toBe(
      'Search matches words written in Latin letters (a–z) and digits, and this search has none. Try a job title or a skill, such as accountant or React.',
    );
    const latin = await loadListingPage(new Request('http://x/?q=java&role=1'), context);
    expect(latin.emptyNote).toBeUndefined();
  });

  it('blames the words, not the filters, when a keyword alone finds nothing', async () => {
    const { context } = fakeContext();
    const data = await loadListingPage(new Request('http://x/?q=zzqx'), context);
    expect(data.emptyNote).toBe(
      'No jobs match these words right now. Try fewer words, or another spelling.',
    );
    // With a filter chosen, the page's own words offer to clear it.
    const filtered = await loadListingPage(new Request('http://x/?q=zzqx&role=1'), context);
    expect(filtered.emptyNote).toBeUndefined();
  });

  it('loads the page a Browse more link names, by its cursor', async () => {
    const { context, calls } = fakeContext();
    const data = await loadListingPage(
      new Request('http://x/?experienceLevel=1&page=3&cursor=abc'),
      context,
    );
    expect(calls.at(-1)).toMatchObject({ experienceLevel: 1, cursor: 'abc', pageSize: 10 });
    expect(data.page).toBe(3);
    expect(await redirectOf('http://x/?cursor=abc&experienceLevel=1&page=3', context)).toBeNull();
    expect(await redirectOf('http://x/?page=1&experienceLevel=1', context)).toBe(
      '/?experienceLevel=1',
    );
  });
});

describe('addressProblems', () => {
  it('names a text typed in a filter box: an alert or feed would follow every job', async () => {
    const { context } = fakeContext();
    const url = 'http://x/alerts/new?roleText=sofware&location=21';
    const data = await loadListing(new Request(url), context);
    expect(addressProblems(new URL(url).searchParams, data)).toEqual([
      'roleText: a name typed, not a role chosen',
    ]);
    expect(addressProblems(params('location=21&roleText=%20'), data)).toEqual([]);
    // A keyword of punctuation alone would be left out, so the search would widen to every job.
    expect(addressProblems(params("location=21&q='"), data)).toEqual([
      'q: no letters or digits to search for',
    ]);
    // Kept in the page's box, such keywords stay refused here ("!!", an emoji).
    for (const q of ['!!', '%F0%9F%92%BC']) {
      expect(addressProblems(params(`location=21&q=${q}`), data)).toEqual([
        expect.stringMatching(/^q: /),
      ]);
    }
  });
});

describe('loadListing', () => {
  it('lists with the known filters and drops an id without a label', async () => {
    const { context, calls } = fakeContext(async () => ({ role: 'Backend developer' }));
    const data = await loadListing(
      new Request('http://x/?role=3&company=999&experienceLevel=1&sortBy=true'),
      context,
    );
    expect(calls[0]).toMatchObject({
      role: 3,
      company: undefined,
      experienceLevel: 1,
      sortBy: true,
    });
    expect(calls[0]).toMatchObject({ page: 1, pageSize: 10 });
    expect(data.filters).toMatchObject({
      role: { id: '3', label: 'Backend developer' },
      company: null,
      experienceLevel: { id: '1', label: '1 year' },
      sortBy: true,
    });
  });
});
