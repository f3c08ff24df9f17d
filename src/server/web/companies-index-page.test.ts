// The company index's address edited by hand, through the whole app (production build, real
// database): a page number that is not one is not a name that is too long.
import { describe, expect, it } from 'vitest';
import { mainText, seekerPagesPerSuite } from '../../../test/support/seeker-pages.ts';

const { get } = seekerPagesPerSuite();

describe('the company index', () => {
  it('shows the first page for a page number that is not one, and blames no name', async () => {
    for (const bad of ['-1', '0', 'abc', '1.5']) {
      const res = await get(`/companies?page=${bad}`);
      expect(res.statusCode, bad).toBe(200);
      const text = mainText(res.body);
      expect(text, bad).not.toContain('Type a shorter company name');
      expect(text, bad).toContain('Acme');
    }
    const long = await get(`/companies?name=${'a'.repeat(101)}&page=abc`);
    expect(mainText(long.body)).toContain('Type a shorter company name (up to 100 characters).');
  });

  it('sends a page past the end to the last page, keeping the name', async () => {
    const past = await get('/companies?page=99');
    expect(past.statusCode).toBe(302);
    const last = String(past.headers.location);
    expect(last).toMatch(/^\/companies(\?page=\d+)?$/);
    const page = await get(last);
    expect(page.statusCode).toBe(200);
    expect(mainText(page.body)).not.toContain('No companies on this page');
    const named = await get('/companies?name=acme&page=5');
    expect(named.statusCode).toBe(302);
    expect(named.headers.location).toBe('/companies?name=acme');
  });
});
