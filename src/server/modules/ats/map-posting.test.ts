// The pieces of the mapping that decide what a visitor reads: the description's HTML as text and
// lists (nothing else kept), a location from split fields or one string, and the board reader's
// refusal of private addresses.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createBoardGet, targetUrl } from './board-fetch.ts';
import { htmlToPostingText } from './html-text.ts';
import { type Reference, resolveLocation } from './map-posting.ts';
import { SOURCES } from './sources.ts';

describe('htmlToPostingText', () => {
  it('keeps paragraphs and lists only: no tags, scripts, styles, attributes or links', () => {
    const text = htmlToPostingText(
      `<h2>About us</h2><p style="x">We <b>build</b> <a href="javascript:alert(1)">shops</a>.</p>
       <script>alert('x')</script><style>p{}</style><img src=x onerror=alert(1)>
       <p>What you'll do</p><ul><li>Ship <em>code</em></li><li>Review</li></ul>
       <p>Requirements:</p><ol><li>Two years</li></ol>
       <p>Nice to have</p><ul><li>Go</li></ul>
       <h3>Benefits</h3><ul><li>Health cover</li></ul>
       <p>Odd list</p><ul><li>One</li></ul>`,
    );
    expect(text.description).toBe('About us\n\nWe build shops.\n\nOdd list\n\n• One');
    expect(text.lists).toEqual({
      responsibilities: ['Ship code', 'Review'],
      minimumRequirements: ['Two years'],
      preferredQualification: ['Go'],
      perksAndBenefits: ['Health cover'],
    });
  });

  it('decodes entities once and keeps the text within the form limits', () => {
    const text = htmlToPostingText(
      `<p>Tom &amp; Jerry &lt;3</p><ul>${'<li>x</li>'.repeat(40)}</ul>`,
    );
    expect(text.description.startsWith('Tom & Jerry <3')).toBe(true);
    const long = htmlToPostingText(`<p>${'word '.repeat(3000)}</p>`);
    expect(long.description.length).toBeLessThanOrEqual(10_000);
  });
});

const ref: Reference = {
  cities: [
    { id: 1, name: 'berlin', state: 'berlin', stateCode: 'be', countryId: 1 },
    { id: 2, name: 'san francisco', state: 'california', stateCode: 'ca', countryId: 2 },
    { id: 3, name: 'hyderabad', state: 'telangana', stateCode: 'tg', countryId: 3 },
    { id: 4, name: 'munich', state: 'bavaria', stateCode: 'by', countryId: 1 },
  ],
  countries: [
    { id: 1, name: 'Germany', iso2: 'DE', iso3: 'DEU', currency: 'EUR' },
    { id: 2, name: 'United States', iso2: 'US', iso3: 'USA', currency: 'USD' },
    { id: 3, name: 'India', iso2: 'IN', iso3: 'IND', currency: 'INR' },
  ],
  roles: [],
  jobTypes: new Map(),
  salaryTypes: new Map(),
};

describe('resolveLocation', () => {
  it('reads one string, split fields, a state code and "Remote - country"', () => {
    expect(resolveLocation(ref, { text: 'Berlin, Germany' })).toMatchObject({ cityId: 1 });
    expect(resolveLocation(ref, { text: 'San Francisco, CA' })).toMatchObject({ cityId: 2 });
    expect(resolveLocation(ref, { city: 'München', country: 'DE' })).toMatchObject({
      cityId: null,
    });
    expect(resolveLocation(ref, { city: 'Munich', country: 'de' })).toMatchObject({ cityId: 4 });
    expect(resolveLocation(ref, { text: 'Remote - Germany' })).toMatchObject({
      cityId: null,
      remote: true,
      country: { iso2: 'DE' },
    });
  });

  it('does not place a city in another country than the posting names', () => {
    expect(resolveLocation(ref, { city: 'Berlin', country: 'United States' })).toMatchObject({
      cityId: null,
      said: 'Berlin, United States',
    });
    expect(resolveLocation(ref, { text: 'Atlantis' })).toMatchObject({
      cityId: null,
      said: 'Atlantis',
    });
  });
});

describe('the board reader', () => {
  it('sends a request to the override origin with the real host first', () => {
    expect(
      targetUrl('https://api.lever.co/v0/postings/acme?mode=json', 'http://127.0.0.1:9/').href,
    ).toBe('http://127.0.0.1:9/api.lever.co/v0/postings/acme?mode=json');
    expect(targetUrl('https://api.lever.co/v0/x', undefined).href).toBe(
      'https://api.lever.co/v0/x',
    );
  });

  it('refuses private addresses unless the test setting allows them', async () => {
    const server = http.createServer((_req, res) => res.end('[]'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
    try {
      await expect(createBoardGet()(url, 'json')).rejects.toThrow(/private address/);
      await expect(createBoardGet({ allowPrivate: true })(url, 'json')).resolves.toBe('[]');
      await expect(createBoardGet()('file:///etc/passwd', 'json')).rejects.toThrow(
        /http and https/,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a board that sends "__proto__" or "constructor" keys', () => {
  it('is read field by field: the keys are ignored, nothing is poisoned, the posting is kept', async () => {
    // Valid JSON, as a board may send it; JSON.parse keeps such a key as the object's own.
    const text = `{"jobs":[{"__proto__":{"title":"Injected","polluted":true},
      "constructor":{"prototype":{"polluted":true}},"id":7,"title":"Platform Engineer",
      "location":{"name":"Berlin"},"content":"&lt;p&gt;Run the platform.&lt;/p&gt;",
      "absolute_url":"https://boards.greenhouse.io/acme/jobs/7"}]}`;
    const postings = await SOURCES.greenhouse.fetchAll('acme', async () => text);
    expect(postings).toHaveLength(1);
    expect(postings[0]).toMatchObject({ postingId: '7', title: 'Platform Engineer' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
