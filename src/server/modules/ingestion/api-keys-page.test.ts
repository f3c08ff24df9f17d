// /employer/api-keys through the whole app (sessions, the production web build, plain form posts
// as without JavaScript): an owner makes a key that the page shows once and the database keeps
// only as a hash, revokes it, and the API then refuses it; a member and another site are refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { apiKeys, appDetails, companyMembers } from '../../db/schema.ts';
import { employerApiPaths } from '../../../shared/contract/employer-api.ts';
import { buildTestApp } from '../../security/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { seedReference } from '../../test-support/fixtures.ts';
import {
  companyForm,
  employerServices,
  postForm,
  signUpAndIn,
  TEST_ORIGIN,
} from '../employer/employer-test-support.ts';
import { hashKey } from './api-keys.service.ts';

const PAGE = '/employer/api-keys';

describe('/employer/api-keys', () => {
  let database: TestDatabase;
  let app: App;
  let companyId: number;
  const cookie: Record<string, string> = {};

  async function signIn(who: string) {
    const session = await signUpAndIn(app, database.db, who, `${who}@alpha.example`);
    cookie[who] = session.cookie;
    return session.account;
  }

  const post = (who: string, form: Record<string, string | string[]>, origin = TEST_ORIGIN) =>
    postForm(app, PAGE, cookie[who] ?? '', form, origin);

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedReference(database.db);
    await database.db.insert(appDetails).values({
      appName: 'Openings',
      appDescription: 'Current openings.',
      supportEmail: 'support@openings.example',
    });
    app = await buildTestApp(database, { env: { PUBLIC_URL: TEST_ORIGIN } });
    const alice = await signIn('alice');
    const mike = await signIn('mike');
    const made = await employerServices(database.db).companies.create(
      alice,
      companyForm('Alpha', 'https://alpha.example'),
    );
    if (!made.ok) throw new Error(made.message);
    companyId = made.value.companyId;
    await database.db.insert(companyMembers).values({ companyId, userId: mike.id, role: 'member' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('makes a key that is shown once and kept as a hash, then revokes it', async () => {
    const page = await app.inject({ method: 'GET', url: PAGE, headers: { cookie: cookie.alice! } });
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
    expect(res.statusCode).toBe(200);
    const key = /opk_[A-Za-z0-9_-]{43}/.exec(res.body)?.[0];
    expect(key).toBeDefined();
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.companyId, companyId));
    expect(row).toMatchObject({ name: 'Careers site', keyHash: hashKey(key!) });
    expect(row!.scopes).toEqual(['jobs:read', 'jobs:write']);

    const again = await app.inject({
      method: 'GET',
      url: PAGE,
      headers: { cookie: cookie.alice! },
    });
    expect(again.body).not.toContain(key!);
    expect(again.body).toContain(key!.slice(0, 12));

    const api = () =>
      app.inject({
        method: 'GET',
        url: employerApiPaths.jobs,
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await api()).statusCode).toBe(200);
    const revoked = await post('alice', { intent: 'revoke', id: String(row!.id) });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.body).toContain('Key revoked');
    expect((await api()).statusCode).toBe(401);
  });

  it('refuses a member, another site, and a stranger', async () => {
    const before = await database.db.select().from(apiKeys);
    const member = await post('mike', { intent: 'create', name: 'Mine', scopes: 'jobs:read' });
    expect(member.statusCode).toBe(403);
    const page = await app.inject({ method: 'GET', url: PAGE, headers: { cookie: cookie.mike! } });
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
