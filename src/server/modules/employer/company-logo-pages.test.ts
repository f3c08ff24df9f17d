// The company page's logo through the whole app (sessions, the production web build, plain form
// posts as without JavaScript): a refused upload is said in an alert tied to the field, and an
// owner removes an uploaded logo, asked first, in the audit log, and only an owner.
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { companies, companyLogoImages } from '../../db/schema.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import {
  companyWithMember,
  pageText,
  startPagesApp,
  TEST_ORIGIN,
  type TestBrowsers,
} from '../../../../test/support/employer.ts';
import { LOGO_REMOVE_AUDIT } from './company-logos.service.ts';

const PAGE = '/employer/company';

describe('/employer/company, the logo', () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;
  let companyId: number;

  beforeAll(async () => {
    ({ database } = await openReferenceDatabase());
    ({ app, web } = await startPagesApp(database));
    companyId = await companyWithMember(web, database.db, {
      owner: 'lena',
      member: 'leo',
      name: 'Logo Works',
      domain: 'logo-works.example',
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Upload logo as its form sends it (multipart), with `bytes` as the chosen file. */
  async function upload(who: string, bytes: Uint8Array<ArrayBuffer>, name: string, type: string) {
    const form = new FormData();
    form.append('company', String(companyId));
    form.append('intent', 'logo');
    form.append('logo', new Blob([bytes], { type }), name);
    const multipart = new Request('http://localhost/', { method: 'POST', body: form });
    return app.inject({
      method: 'POST',
      url: PAGE,
      headers: {
        cookie: web.cookie[who] ?? '',
        origin: TEST_ORIGIN,
        'content-type': multipart.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await multipart.arrayBuffer()),
    });
  }

  const logo = async () =>
    (
      await database.db
        .select({ logo: companies.companyLogo })
        .from(companies)
        .where(eq(companies.id, companyId))
    )[0]?.logo;

  it('says a refused upload in an alert, tied to the file box', async () => {
    const refusals: [Uint8Array<ArrayBuffer>, string, string, number, string][] = [
      [
        new TextEncoder().encode('GIF89a not really'),
        'logo.gif',
        'image/gif',
        400,
        'Logo must be a PNG, JPEG or WebP image (SVG, GIF and other files are refused)',
      ],
      [
        new Uint8Array(2 * 1024 * 1024 + 70 * 1024),
        'big.png',
        'image/png',
        413,
        'Logo must be at most 2 MB',
      ],
    ];
    for (const [bytes, name, type, status, message] of refusals) {
      const res = await upload('lena', bytes, name, type);
      expect(res.statusCode, name).toBe(status);
      const html = pageText(res.body);
      // The summary is an alert that links to the box; the box names its error.
      const alert = /<div[^>]*role="alert"[^>]*>(.*?)<\/div>/s.exec(html)?.[1] ?? '';
      expect(alert, name).toContain(message);
      expect(alert, name).toContain('href="#field-logo"');
      expect(html, name).toMatch(
        /<input[^>]*id="field-logo"[^>]*aria-describedby="[^"]*field-logo-error/,
      );
      expect(html, name).toMatch(
        new RegExp(`id="field-logo-error"[^>]*>${message.replace(/[()]/g, '\\$&')}</p>`),
      );
    }
    expect(await logo()).toBe(`/logos/${companyId}.svg`);
  });

  it('removes an uploaded logo, asked first, in the audit log; only an owner', async () => {
    // No uploaded logo: nothing to remove is offered.
    expect(pageText((await web.get('lena', PAGE)).body)).not.toContain('Remove logo');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    expect((await upload('lena', new Uint8Array(png), 'logo.png', 'image/png')).statusCode).toBe(
      200,
    );
    const uploaded = await logo();
    expect(uploaded).toMatch(/^\/logos\/u\//);
    expect(pageText((await web.get('lena', PAGE)).body)).toContain('Remove logo');
    expect(pageText((await web.get('leo', PAGE)).body)).not.toContain('Remove logo');

    // A member's forged post is refused and changes nothing.
    const forged = await web.post('leo', PAGE, {
      company: String(companyId),
      intent: 'remove-logo',
      confirm: 'yes',
    });
    expect(forged.statusCode).toBe(400);
    expect(pageText(forged.body)).toContain('Only an owner of the company can change its logo');
    expect(await logo()).toBe(uploaded);

    // The first press asks; the question's own button removes it.
    const asked = await web.post('lena', PAGE, {
      company: String(companyId),
      intent: 'remove-logo',
    });
    expect(asked.statusCode).toBe(200);
    const question = pageText(asked.body);
    expect(question).toContain(
      'Remove Logo Works’s logo? Its jobs and its page show its initials instead, until you upload a logo again.',
    );
    expect(question).toMatch(/name="confirm" value="yes"/);
    expect(question).toContain('Keep the logo');
    expect(await logo()).toBe(uploaded);

    const removed = await web.post('lena', PAGE, {
      company: String(companyId),
      intent: 'remove-logo',
      confirm: 'yes',
    });
    expect(removed.statusCode).toBe(200);
    const page = pageText(removed.body);
    expect(page).toContain(
      'Logo removed: the company shows its initials until you upload a logo again.',
    );
    expect(page).not.toContain('Remove logo');
    expect(await logo()).toBe(`/logos/${companyId}.svg`);
    const images = await database.db
      .select({ id: companyLogoImages.companyId })
      .from(companyLogoImages)
      .where(eq(companyLogoImages.companyId, companyId));
    expect(images).toEqual([]);
    expect((await app.inject(uploaded!)).statusCode).toBe(404);
    const audit = await queryRows<{ actor_email: string; target_id: string; before: unknown }>(
      database.db,
      sql`select actor_email, target_id, before from audit_log where action = ${LOGO_REMOVE_AUDIT}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_email: 'lena@logo-works.example',
      target_id: String(companyId),
    });
    // A second press (another tab) changes nothing more and says there is none.
    const again = await web.post('lena', PAGE, {
      company: String(companyId),
      intent: 'remove-logo',
      confirm: 'yes',
    });
    expect(pageText(again.body)).toContain('The company has no uploaded logo');
    expect(
      await queryRows(
        database.db,
        sql`select 1 from audit_log where action = ${LOGO_REMOVE_AUDIT}`,
      ),
    ).toHaveLength(1);
  });
});
