// /employer/api-keys through the whole app (sessions, the production web build, plain form posts
// as without JavaScript): an owner makes a key that the page shows once and the database keeps
// only as a hash, revokes it, and the API then refuses it; a member and another site are refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { apiKeys } from '../../db/schema.ts';
import { employerApiPaths } from '../../../shared/contract/employer-api.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import {
  companyWithMember,
  type TestBrowsers,
  startPagesApp,
} from '../../../../test/support/employer.ts';
import { hashKey } from './api-keys.service.ts';

const PAGE = '/employer/api-keys';

describe('/employer/api-keys', () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;
  let companyId: number;

  const post = (who: string, form: Record<string, string | string[]>, origin?: string) =>
    web.post(who, PAGE, form, origin);

  beforeAll(async () => {
    ({ database } = await openReferenceDatabase());
    ({ app, web } = await startPagesApp(database));
    companyId = await companyWithMember(web, database.db, {
      owner: 'alice',
      member: 'mike',
      name: 'Alpha',
      domain: 'alpha.example',
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('makes a key that is shown once and kept as a hash, then revokes it', async () => {
    const page = await web.get('alice', PAGE);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Make a key');

    const bad = await post('alice', { intent: 'create', name: '', scopes: 'jobs:write' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Name is required');

    const res = await post('alice', {
      intent: 'create',
      name: 'Careers site',
      scopes: ['jobs:read', 'jobs:write'],
    });
    // POST, redirect, GET: the answer to the post is a redirect that carries the key sealed in a
    // short-lived cookie, never the key itself nor anything of it in the address.
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(PAGE);
    const setCookie = [res.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/api_key_reveal=[^;]+; Path=\/employer; Max-Age=300; HttpOnly/);
    expect(res.body).not.toMatch(/opk_/);
    const reveal = /api_key_reveal=([^;]+)/.exec(setCookie)![1]!;
    expect(reveal).not.toMatch(/opk_/);
    const withReveal = `${web.cookie.alice}; api_key_reveal=${reveal}`;
    const shown = await app.inject({ method: 'GET', url: PAGE, headers: { cookie: withReveal } });
    expect(shown.statusCode).toBe(200);
    const key = /opk_[A-Za-z0-9_-]{43}/.exec(shown.body)?.[0];
    expect(key).toBeDefined();
    // The page that shows it clears the cookie: a reload shows the page without the key.
    expect([shown.headers['set-cookie']].flat().join('\n')).toMatch(
      /api_key_reveal=; Path=\/employer; Max-Age=0/,
    );
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.companyId, companyId));
    expect(row).toMatchObject({ name: 'Careers site', keyHash: hashKey(key!) });
    expect(row!.scopes).toEqual(['jobs:read', 'jobs:write']);
    expect(await database.db.select().from(apiKeys)).toHaveLength(1);

    const again = await web.get('alice', PAGE);
    expect(again.body).not.toContain(key!);
    expect(again.body).toContain(key!.slice(0, 12));
    // The sealed cookie opens for nobody else: the member of the company, or a tampered copy.
    const other = await app.inject({
      method: 'GET',
      url: PAGE,
      headers: { cookie: `${web.cookie.mike}; api_key_reveal=${reveal}` },
    });
    expect(other.body).not.toContain(key!);
    const tampered = `${reveal.slice(0, -2)}${reveal.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = await app.inject({
      method: 'GET',
      url: PAGE,
      headers: { cookie: `${web.cookie.alice}; api_key_reveal=${tampered}` },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain(key!);

    const api = () =>
      app.inject({
        method: 'GET',
        url: employerApiPaths.jobs,
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await api()).statusCode).toBe(200);
    // Revoke asks first, saying what stops working; the key works until that is confirmed.
    const asked = await post('alice', { intent: 'revoke', id: String(row!.id) });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Revoke “Careers site”?');
    expect(asked.body).toContain('can no longer list, post, update or close your jobs');
    expect(asked.body).toContain('name="confirm" value="yes"');
    expect((await api()).statusCode).toBe(200);
    const revoked = await post('alice', { intent: 'revoke', id: String(row!.id), confirm: 'yes' });
    // POST, redirect, GET as for a new key: a reload of the page it shows posts nothing again.
    expect(revoked.statusCode).toBe(303);
    expect(revoked.headers.location).toBe(PAGE);
    const revokedCookie = [revoked.headers['set-cookie']].flat().join('\n');
    expect(revokedCookie).toMatch(
      new RegExp(`api_key_revoked=${row!.id}; Path=/employer; Max-Age=60; HttpOnly`),
    );
    expect((await api()).statusCode).toBe(401);
    const told = await app.inject({
      method: 'GET',
      url: PAGE,
      headers: { cookie: `${web.cookie.alice}; api_key_revoked=${row!.id}` },
    });
    expect(told.body).toContain('Key “Careers site” revoked: it no longer works.');
    expect([told.headers['set-cookie']].flat().join('\n')).toMatch(
      /api_key_revoked=; Path=\/employer; Max-Age=0/,
    );
    // Revoked keys are kept apart, folded away, with the day they were revoked.
    const listed = await web.get('alice', PAGE);
    expect(listed.body).not.toContain('revoked: it no longer works');
    expect(listed.body).toMatch(/<details[^>]*><summary[^>]*>Revoked keys \(1\)/);
    expect(listed.body).toContain('Revoked: </dt>');
    // A sealed key of a revoked key no longer opens.
    const late = await app.inject({ method: 'GET', url: PAGE, headers: { cookie: withReveal } });
    expect(late.body).not.toContain(key!);
  });

  it('refuses a member, another site, and a stranger', async () => {
    const before = await database.db.select().from(apiKeys);
    const member = await post('mike', { intent: 'create', name: 'Mine', scopes: 'jobs:read' });
    expect(member.statusCode).toBe(403);
    const page = await web.get('mike', PAGE);
    expect(page.body).toContain('Only an owner');
    const forged = await post(
      'alice',
      { intent: 'create', name: 'Forged', scopes: 'jobs:read' },
      'https://evil.example',
    );
    expect(forged.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: PAGE });
    expect(anonymous.statusCode).toBe(302);
    expect(await database.db.select().from(apiKeys)).toEqual(before);
  });
});
